package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// RenameSession asks a session's new title and reports Rename with it.
type RenameSession struct {
	ctx    *ui.Context
	target wire.Summary
	in     ui.LineInput
	w, h   int
}

// NewRename asks for target's title, starting from the one it has.
func NewRename(ctx *ui.Context, target wire.Summary) *RenameSession {
	d := &RenameSession{ctx: ctx, target: target}
	if target.Title != nil {
		d.in.Set(ui.SanitizeLine(*target.Title))
	}
	return d
}

// ShortHelp lists the dialog's keys.
func (d *RenameSession) ShortHelp() []key.Binding {
	return []key.Binding{d.ctx.Keys.Save, d.ctx.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *RenameSession) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it, renaming nothing.
func (d *RenameSession) Safe() ui.Action { return nil }

// Kind is Field: it takes text.
func (d *RenameSession) Kind() Kind { return Field }

// SetSize takes the screen's size.
func (d *RenameSession) SetSize(w, h int) { d.w, d.h = w, h }

// Update edits the title; the save key saves it, esc cancels.
func (d *RenameSession) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(msg.Content)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, d.ctx.Keys.Save):
			return nil, ui.Batch{ui.Close{}, Rename{SessionID: d.target.SessionID, Title: d.in.String()}}
		case key.Matches(msg, d.ctx.Keys.Dismiss):
			return nil, ui.Close{}
		}
		d.in.Update(msg)
	}
	return nil, nil
}

// View draws the dialog.
func (d *RenameSession) View() string {
	c := d.ctx
	body := "Title for " + ui.SanitizeLine(d.target.SessionID) + ":\n" + d.in.View(c.Styles) + "\n\n" +
		c.Hints(c.Hint(c.Keys.Save, "saves (empty clears it)"), c.Hint(c.Keys.Dismiss, "cancels"))
	return ui.Box(c.Styles, "Rename", body, d.w, d.h)
}
