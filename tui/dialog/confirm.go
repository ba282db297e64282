package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Confirm asks a yes or no; on yes it reports the action it was given, on
// no it closes.
type Confirm struct {
	ctx             *ui.Context
	title, body     string
	yesDesc, noDesc string
	yes             ui.Action
	w, h            int
}

// NewConfirm asks body under title; yes is reported on confirm.
func NewConfirm(ctx *ui.Context, title, body, yesDesc, noDesc string, yes ui.Action) *Confirm {
	return &Confirm{ctx: ctx, title: title, body: body, yesDesc: yesDesc, noDesc: noDesc, yes: yes}
}

// ShortHelp lists the dialog's keys.
func (d *Confirm) ShortHelp() []key.Binding {
	return []key.Binding{d.ctx.Keys.Confirm, d.ctx.Keys.Cancel}
}

// FullHelp lists the dialog's keys.
func (d *Confirm) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *Confirm) SetSize(w, h int) { d.w, d.h = w, h }

// Update reports yes on confirm; cancel closes.
func (d *Confirm) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, d.ctx.Keys.Confirm):
		return nil, ui.Batch{ui.Close{}, d.yes}
	case key.Matches(k, d.ctx.Keys.Cancel):
		return nil, ui.Close{}
	}
	return nil, nil
}

// View draws the dialog.
func (d *Confirm) View() string {
	c := d.ctx
	body := d.body + "\n\n" + c.Hints(c.Hint(c.Keys.Confirm, d.yesDesc), c.Hint(c.Keys.Cancel, d.noDesc))
	return ui.Box(c.Styles, d.title, body, d.w, d.h)
}
