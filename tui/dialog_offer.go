package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// offerDialog offers to take over a session another terminal of the
// person drives, or to watch it. It stays until the claim is answered.
//
// Text is never lost to it: a printable key it does not bind goes to the
// composer (the person was typing without looking). Once text went there, t
// and w are text too, and enter takes over, esc watches.
type offerDialog struct {
	c      *common
	holder *client.Lease
	take   func() tea.Cmd        // claims, taking over
	watch  func()                // watches from here
	typed  func(tea.KeyPressMsg) // hands a printable key to the composer
	kept   bool                  // text typed here went to the composer
	w, h   int
}

// ShortHelp lists the dialog's keys.
func (d *offerDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.Keys.Takeover, d.c.Keys.Watch}
}

// FullHelp lists the dialog's keys.
func (d *offerDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *offerDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update takes over or watches, and keeps text typed at it.
func (d *offerDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	text := k.Text != "" && d.typed != nil
	switch {
	case text && d.kept:
		d.typed(k)
		d.kept = true
	case key.Matches(k, d.c.Keys.Takeover), d.kept && key.Matches(k, d.c.Keys.Send):
		return d.take(), false
	case key.Matches(k, d.c.Keys.Watch):
		d.watch()
		return nil, true
	case text:
		d.typed(k)
		d.kept = true
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
	body := "This session is driven from " + who + ".\n\n"
	if d.kept {
		body = "This session is driven from " + who + ". What you typed waits in the composer.\n\n" +
			c.Hint(c.Keys.Send, " take over: that terminal becomes a watcher") + "\n" +
			c.Hint(c.Keys.Dismiss, " watch from here: "+ui.KeyName(c.Keys.Send)+" then sends the driver chimes")
		return ui.Box(c.Styles, "Take over or watch?", body, d.w, d.h)
	}
	body += c.Hint(c.Keys.Takeover, " take over: that terminal becomes a watcher") + "\n" +
		c.Hint(c.Keys.Watch, " watch from here: "+ui.KeyName(c.Keys.Send)+" then sends the driver chimes")
	return ui.Box(c.Styles, "Take over or watch?", body, d.w, d.h)
}
