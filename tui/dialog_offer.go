package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// offerDialog offers to take over a session another terminal of the
// person drives, or to watch it. It stays until the claim is answered.
type offerDialog struct {
	c      *common
	holder *client.Lease
	take   func() tea.Cmd // claims, taking over
	watch  func()         // watches from here
	w, h   int
}

// ShortHelp lists the dialog's keys.
func (d *offerDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.keys.Takeover, d.c.keys.Watch}
}

// FullHelp lists the dialog's keys.
func (d *offerDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *offerDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update takes over or watches.
func (d *offerDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, d.c.keys.Takeover):
		return d.take(), false
	case key.Matches(k, d.c.keys.Watch):
		d.watch()
		return nil, true
	}
	return nil, false
}

// View draws the offer.
func (d *offerDialog) View() string {
	c := d.c
	who := "your other terminal"
	if d.holder != nil && d.holder.ClientID != "" {
		who += " (" + terminalLabel(d.holder.ClientID) + ")"
	}
	body := "This session is driven from " + who + ".\n\n" +
		c.hint(c.keys.Takeover, " take over: that terminal becomes a watcher") + "\n" +
		c.hint(c.keys.Watch, " watch from here: "+keyName(c.keys.Send)+" then sends the driver chimes")
	return overlayBox(c.st, "Take over or watch?", body, d.w, d.h)
}
