package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// renameDialog asks a session's new title; save is called with it.
type renameDialog struct {
	c      *common
	target client.Summary
	in     ui.LineInput
	save   func(title string) tea.Cmd
	w, h   int
}

// newRenameDialog asks for target's title, starting from the one it has.
func newRenameDialog(c *common, target client.Summary, save func(string) tea.Cmd) *renameDialog {
	d := &renameDialog{c: c, target: target, save: save}
	if target.Title != nil {
		d.in.Set(ui.SanitizeLine(*target.Title))
	}
	return d
}

// ShortHelp lists the dialog's keys.
func (d *renameDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.Keys.Save, d.c.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *renameDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *renameDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update edits the title; the save key saves it, esc cancels.
func (d *renameDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(msg.Content)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, d.c.Keys.Save):
			return d.save(d.in.String()), true
		case key.Matches(msg, d.c.Keys.Dismiss):
			return nil, true
		}
		d.in.Update(msg)
	}
	return nil, false
}

// View draws the dialog.
func (d *renameDialog) View() string {
	c := d.c
	body := "Title for " + ui.SanitizeLine(d.target.SessionID) + ":\n" + d.in.View(c.Styles) + "\n\n" +
		c.Hints(c.Hint(c.Keys.Save, "saves (empty clears it)"), c.Hint(c.Keys.Dismiss, "cancels"))
	return ui.Box(c.Styles, "Rename", body, d.w, d.h)
}
