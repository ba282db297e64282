package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Deleted says both outcomes of a delete: the session in the host's trash,
// and its mirrored document in the workspace's Trash, or why not and what
// to do.
type Deleted struct {
	ctx     *ui.Context
	id      string
	title   string
	outcome wire.DeleteOutcome
	w, h    int
}

// NewDeleted says what became of the session id titled title.
func NewDeleted(ctx *ui.Context, id, title string, outcome wire.DeleteOutcome) *Deleted {
	return &Deleted{ctx: ctx, id: id, title: title, outcome: outcome}
}

// ShortHelp lists the dialog's keys.
func (d *Deleted) ShortHelp() []key.Binding {
	return []key.Binding{d.ctx.Keys.Save, d.ctx.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *Deleted) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it.
func (d *Deleted) Safe() ui.Action { return nil }

// Kind is Shows: it only shows something.
func (d *Deleted) Kind() Kind { return Shows }

// SetSize takes the screen's size.
func (d *Deleted) SetSize(w, h int) { d.w, d.h = w, h }

// Update closes on enter or esc.
func (d *Deleted) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, d.ctx.Keys.Save, d.ctx.Keys.Dismiss) {
		return nil, ui.Close{}
	}
	return nil, nil
}

// View draws the outcome.
func (d *Deleted) View() string {
	c, out := d.ctx, d.outcome
	st := c.Styles
	trash := ui.SanitizeLine(out.Deleted.TrashedAs)
	lines := []string{
		"“" + ui.TitleLine(d.title) + "” (" + ui.NameLine(d.id) + ")",
		"",
		st.StatusGood.Render("✓ session moved to the host's trash: " + trash),
	}
	switch {
	case out.MirrorTrashed:
		doc := ""
		if out.Deleted.Mirror != nil {
			doc = " (" + ui.SanitizeLine(out.Deleted.Mirror.DocumentID) + ")"
		}
		lines = append(lines, st.StatusGood.Render("✓ its mirrored document"+doc+" is in the workspace's Trash"))
	case out.MirrorErr != nil:
		lines = append(lines, st.StatusError.Render("✗ "+ui.SanitizeLine(strings.TrimPrefix(out.MirrorErr.Error(), "vehicle: "))))
	default:
		lines = append(lines, st.Notice.Render("· it had no mirrored document in the graph"))
	}
	lines = append(lines, "", st.KeyDesc.Render("To restore it, the host's operator moves "+trash+
		" back; a trashed document comes back from the workspace's Trash."), "",
		st.Key.Render(ui.KeyName(c.Keys.Save))+st.KeyDesc.Render(" or ")+c.Hint(c.Keys.Dismiss, "closes this"))
	return ui.Box(st, "Deleted", strings.Join(lines, "\n"), d.w, d.h)
}
