package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Text shows texts whole, wrapped, each marked: the last errors, newest
// first, or a chime read whole. It scrolls when they do not fit.
type Text struct {
	ctx   *ui.Context
	texts []string // newest first
	title string   // "" for the errors' title
	plain bool     // the texts are not errors: no ✗ mark, body styled
	log   string   // the debug log's path, named under the texts ("" when off)
	w, h  int
	off   int
}

// NewErrors shows the last errors, newest first, and where the debug log is
// ("" when there is none).
func NewErrors(ctx *ui.Context, errs []string, debugLog string) *Text {
	return &Text{ctx: ctx, texts: errs, log: debugLog}
}

// NewError shows one error whole under title, with what it means.
func NewError(ctx *ui.Context, title, text string) *Text {
	return &Text{ctx: ctx, texts: []string{text}, title: title}
}

// NewReading shows a text whole under title, as it was written (already
// made inert): a chime read before deciding.
func NewReading(ctx *ui.Context, title, text string) *Text {
	return &Text{ctx: ctx, texts: []string{text}, title: title, plain: true}
}

// ShortHelp lists the dialog's keys.
func (d *Text) ShortHelp() []key.Binding {
	return []key.Binding{d.ctx.Keys.Up, d.ctx.Keys.Down, d.ctx.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *Text) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it.
func (d *Text) Safe() ui.Action { return nil }

// Kind is Shows: it only shows something.
func (d *Text) Kind() Kind { return Shows }

// SetSize takes the screen's size.
func (d *Text) SetSize(w, h int) { d.w, d.h = w, h }

// rows is how many lines of text fit in the box.
func (d *Text) rows() int {
	c := d.ctx
	return ui.BoxRows(d.h, d.w, c.Hints(c.Hint(c.Keys.Up, "↓ scroll"), c.Hint(c.Keys.Dismiss, "closes this")))
}

// lines is every text wrapped to the box.
func (d *Text) lines() []string {
	st := d.ctx.Styles
	w := max(min(d.w-4, 96), 10) - 2
	var out []string
	for i, e := range d.texts {
		if i > 0 {
			out = append(out, "")
		}
		for k, l := range strings.Split(xansi.Wrap(e, w, ""), "\n") {
			lead := "  "
			if k == 0 {
				lead = "✗ "
			}
			if d.plain {
				out = append(out, st.Body.Render(l))
				continue
			}
			out = append(out, st.StatusError.Render(lead+l))
		}
	}
	if len(out) == 0 {
		out = append(out, st.Notice.Render("No error so far."))
	}
	if d.log != "" {
		out = append(out, "")
		for _, l := range strings.Split(xansi.Wrap("The debug log has every request: "+d.log, w, ""), "\n") {
			out = append(out, st.Notice.Render(l))
		}
	}
	return out
}

// Update scrolls, or closes on the errors key, the chime's read key or esc.
func (d *Text) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := &d.ctx.Keys
	switch {
	case key.Matches(k, km.Errors, km.Dismiss, km.Expand):
		return nil, ui.Close{}
	case key.Matches(k, km.Up):
		d.off--
	case key.Matches(k, km.Down):
		d.off++
	}
	d.off = min(max(d.off, 0), max(len(d.lines())-d.rows(), 0))
	return nil, nil
}

// View draws the window of text that fits, and how to close it.
func (d *Text) View() string {
	lines := d.lines()
	off := min(d.off, max(len(lines)-d.rows(), 0))
	shown := lines[off:min(off+d.rows(), len(lines))]
	c := d.ctx
	foot := c.Hint(c.Keys.Dismiss, "closes this")
	if len(shown) < len(lines) {
		foot = c.Hints(c.Hint(c.Keys.Up, "↓ scroll"), foot)
	}
	title := d.title
	if title == "" {
		title = "Errors, newest first"
	}
	return ui.Box(c.Styles, title, strings.Join(shown, "\n")+"\n\n"+foot, d.w, d.h)
}
