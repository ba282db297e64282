package dialog

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Help is the help overlay: every key of the screen under it, from that
// screen's key map. It scrolls when the terminal is too small.
type Help struct {
	ctx    *ui.Context
	screen help.KeyMap // the keys it lists
	w, h   int
	off    int // the first line shown
}

// NewHelp lists the keys of a screen.
func NewHelp(ctx *ui.Context, screen help.KeyMap) *Help { return &Help{ctx: ctx, screen: screen} }

// ShortHelp lists the help's own keys.
func (d *Help) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	return []key.Binding{k.Up, k.Down, k.Help, k.Dismiss}
}

// FullHelp lists the help's own keys.
func (d *Help) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it.
func (d *Help) Safe() ui.Action { return nil }

// Kind is Shows: it only shows something.
func (d *Help) Kind() Kind { return Shows }

// SetSize takes the screen's size.
func (d *Help) SetSize(w, h int) { d.w, d.h = w, h }

// Update scrolls, or closes on the help key or esc (a letter is text for
// the screen under it: Passes).
func (d *Help) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := &d.ctx.Keys
	switch {
	case key.Matches(k, km.Help, km.Dismiss):
		return nil, ui.Close{}
	case key.Matches(k, km.Up, km.LineUp):
		d.off--
	case key.Matches(k, km.Down, km.LineDown):
		d.off++
	case key.Matches(k, km.PageUp):
		d.off -= d.rows()
	case key.Matches(k, km.PageDown):
		d.off += d.rows()
	}
	d.off = min(max(d.off, 0), max(len(d.lines())-d.rows(), 0))
	return nil, nil
}

// rows is how many lines of keys fit in the box.
func (d *Help) rows() int { return ui.BoxRows(d.h, d.w, d.foot(true)) }

// foot is the help's keys: scrolling (when it scrolls) and closing.
func (d *Help) foot(scrolls bool) string {
	c, km := d.ctx, &d.ctx.Keys
	foot := c.Hints(c.Hint(km.Help, "or "+ui.KeyName(km.Dismiss)+" closes this"))
	if scrolls {
		foot = c.Hints(c.Hint(km.Up, "↓ scroll"), foot)
	}
	return foot
}

// lines is the keys of the screen, a line each row: its columns side by
// side when they fit the box, else one under the other.
func (d *Help) lines() []string {
	h := d.ctx.Help
	inner := max(min(d.w-4, 96), 20)
	h.SetWidth(0)
	cols := d.screen.FullHelp()
	if all := h.FullHelpView(cols); lipgloss.Width(all) <= inner {
		return strings.Split(all, "\n")
	}
	var out []string
	for _, col := range cols {
		out = append(out, strings.Split(h.FullHelpView([][]key.Binding{col}), "\n")...)
	}
	return out
}

// View draws the window of keys that fits, and how to scroll and close.
func (d *Help) View() string {
	lines := d.lines()
	off := min(d.off, max(len(lines)-d.rows(), 0))
	shown := lines[off:min(off+d.rows(), len(lines))]
	foot := d.foot(len(shown) < len(lines))
	return ui.Box(d.ctx.Styles, "Keys", strings.Join(shown, "\n")+"\n\n"+foot, d.w, d.h)
}
