package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
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
	return []key.Binding{d.c.Keys.Confirm, d.c.Keys.Cancel}
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
	case key.Matches(k, d.c.Keys.Confirm):
		return d.confirm(), true
	case key.Matches(k, d.c.Keys.Cancel):
		return nil, true
	}
	return nil, false
}

// View draws the dialog.
func (d *deleteDialog) View() string {
	c, s := d.c, d.target
	body := "Delete “" + ui.TitleLine(s.DisplayTitle()) + "” (" + ui.SanitizeLine(s.SessionID) + ")?\n" +
		"The host moves it to its trash; its mirrored document goes to the workspace's Trash.\n\n" +
		c.Hints(c.Hint(c.Keys.Confirm, "delete"), c.Hint(c.Keys.Cancel, "keep it"))
	return ui.Box(c.Styles, "Delete session", body, d.w, d.h)
}
