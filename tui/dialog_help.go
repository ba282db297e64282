package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// helpDialog is the help overlay: every key of the screen under it, from
// that screen's key map. It scrolls when the terminal is too small.
type helpDialog struct {
	c      *common
	screen help.KeyMap // the keys it lists
	w, h   int
	off    int // the first line shown
}

// newHelpDialog lists the keys of a screen.
func newHelpDialog(c *common, screen help.KeyMap) *helpDialog {
	return &helpDialog{c: c, screen: screen}
}

// ShortHelp lists the help's own keys.
func (d *helpDialog) ShortHelp() []key.Binding {
	k := &d.c.Keys
	return []key.Binding{k.Up, k.Down, k.Help, k.Dismiss}
}

// FullHelp lists the help's own keys.
func (d *helpDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *helpDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update scrolls, or closes on the help key, esc or q.
func (d *helpDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	km := &d.c.Keys
	switch {
	case key.Matches(k, km.Help, km.Dismiss) || k.String() == "q":
		return nil, true
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
	return nil, false
}

// rows is how many lines of keys fit in the box.
func (d *helpDialog) rows() int { return ui.BoxRows(d.h, d.w, d.foot(true)) }

// foot is the help's keys: scrolling (when it scrolls) and closing.
func (d *helpDialog) foot(scrolls bool) string {
	c, km := d.c, &d.c.Keys
	foot := c.Hints(c.Hint(km.Help, "or "+ui.KeyName(km.Dismiss)+" closes this"))
	if scrolls {
		foot = c.Hints(c.Hint(km.Up, "↓ scroll"), foot)
	}
	return foot
}

// lines is the keys of the screen, a line each row: its columns side by
// side when they fit the box, else one under the other.
func (d *helpDialog) lines() []string {
	h := d.c.Help
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
func (d *helpDialog) View() string {
	lines := d.lines()
	off := min(d.off, max(len(lines)-d.rows(), 0))
	shown := lines[off:min(off+d.rows(), len(lines))]
	foot := d.foot(len(shown) < len(lines))
	return ui.Box(d.c.Styles, "Keys", strings.Join(shown, "\n")+"\n\n"+foot, d.w, d.h)
}
