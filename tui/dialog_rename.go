package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// renameDialog asks a session's new title; save is called with it.
type renameDialog struct {
	c      *common
	target client.Summary
	in     lineInput
	save   func(title string) tea.Cmd
	w, h   int
}

// newRenameDialog asks for target's title, starting from the one it has.
func newRenameDialog(c *common, target client.Summary, save func(string) tea.Cmd) *renameDialog {
	d := &renameDialog{c: c, target: target, save: save}
	if target.Title != nil {
		d.in.set(SanitizeLine(*target.Title))
	}
	return d
}

// ShortHelp lists the dialog's keys.
func (d *renameDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.keys.Save, d.c.keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *renameDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *renameDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update edits the title; the save key saves it, esc cancels.
func (d *renameDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.insert(msg.Content)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, d.c.keys.Save):
			return d.save(d.in.String()), true
		case key.Matches(msg, d.c.keys.Dismiss):
			return nil, true
		}
		d.in.update(msg)
	}
	return nil, false
}

// View draws the dialog.
func (d *renameDialog) View() string {
	c := d.c
	body := "Title for " + SanitizeLine(d.target.SessionID) + ":\n" + d.in.view(c.st) + "\n\n" +
		c.hints(c.hint(c.keys.Save, "saves (empty clears it)"), c.hint(c.keys.Dismiss, "cancels"))
	return overlayBox(c.st, "Rename", body, d.w, d.h)
}
