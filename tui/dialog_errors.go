package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// errorsMax bounds the errors kept for the errors overlay.
const errorsMax = 20

// errorsDialog shows texts whole, wrapped, each marked: the last errors,
// newest first, or a chime read whole. It scrolls when they do not fit.
type errorsDialog struct {
	c     *common
	errs  []string // newest first
	title string   // "" for the errors' title
	mark  string   // each text's first-line mark ("" for ✗)
	log   string   // the debug log's path, named under the errors ("" when off)
	w, h  int
	off   int
}

// ShortHelp lists the dialog's keys.
func (d *errorsDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.Keys.Up, d.c.Keys.Down, d.c.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *errorsDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *errorsDialog) SetSize(w, h int) { d.w, d.h = w, h }

// rows is how many lines of errors fit in the box.
func (d *errorsDialog) rows() int {
	c := d.c
	return ui.BoxRows(d.h, d.w, c.Hints(c.Hint(c.Keys.Up, "↓ scroll"), c.Hint(c.Keys.Dismiss, "closes this")))
}

// lines is every error wrapped to the box.
func (d *errorsDialog) lines() []string {
	w := max(min(d.w-4, 96), 10) - 2
	var out []string
	for i, e := range d.errs {
		if i > 0 {
			out = append(out, "")
		}
		for k, l := range strings.Split(xansi.Wrap(e, w, ""), "\n") {
			lead := "  "
			if k == 0 {
				lead = "✗ "
			}
			if d.mark != "" {
				out = append(out, d.c.Styles.Body.Render(l))
				continue
			}
			out = append(out, d.c.Styles.StatusError.Render(lead+l))
		}
	}
	if len(out) == 0 {
		out = append(out, d.c.Styles.Notice.Render("No error so far."))
	}
	if d.log != "" {
		out = append(out, "")
		for _, l := range strings.Split(xansi.Wrap("The debug log has every request: "+d.log, w, ""), "\n") {
			out = append(out, d.c.Styles.Notice.Render(l))
		}
	}
	return out
}

// Update scrolls, or closes on the errors key or esc.
func (d *errorsDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	km := &d.c.Keys
	switch {
	case key.Matches(k, km.Errors, km.Dismiss, km.Expand):
		return nil, true
	case key.Matches(k, km.Up):
		d.off--
	case key.Matches(k, km.Down):
		d.off++
	}
	d.off = min(max(d.off, 0), max(len(d.lines())-d.rows(), 0))
	return nil, false
}

// View draws the window of errors that fits, and how to close it.
func (d *errorsDialog) View() string {
	lines := d.lines()
	off := min(d.off, max(len(lines)-d.rows(), 0))
	shown := lines[off:min(off+d.rows(), len(lines))]
	c := d.c
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
