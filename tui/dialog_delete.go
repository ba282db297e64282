package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// deleteDialog asks to confirm a delete, naming the session.
type deleteDialog struct {
	c       *common
	target  client.Summary
	confirm func() tea.Cmd
	w, h    int
}

// ShortHelp lists the dialog's keys.
func (d *deleteDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.keys.Confirm, d.c.keys.Cancel}
}

// FullHelp lists the dialog's keys.
func (d *deleteDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *deleteDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update deletes on confirm; cancel keeps the session.
func (d *deleteDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, d.c.keys.Confirm):
		return d.confirm(), true
	case key.Matches(k, d.c.keys.Cancel):
		return nil, true
	}
	return nil, false
}

// View draws the dialog.
func (d *deleteDialog) View() string {
	c, s := d.c, d.target
	body := "Delete “" + TitleLine(s.DisplayTitle()) + "” (" + SanitizeLine(s.SessionID) + ")?\n" +
		"The host moves it to its trash; its mirrored document goes to the workspace's Trash.\n\n" +
		c.hints(c.hint(c.keys.Confirm, "delete"), c.hint(c.keys.Cancel, "keep it"))
	return overlayBox(c.st, "Delete session", body, d.w, d.h)
}
