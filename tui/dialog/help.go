package dialog

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Help is the help overlay: every key of the screen under it, from that
// screen's key map. It scrolls when the terminal is too small.
type Help struct {
	ctx    *ui.Context
	screen help.KeyMap // the keys it lists
	w, h   int
	off    int // the first line shown

	drawn     []string // lines, as drawn for drawnFor
	drawnFor  string   // the keys, width and styles lines were drawn for (linesKey)
	drawnWith *theme.Styles
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

// inner is the width of the box's text (ui.Box's).
func (d *Help) inner() int { return max(min(d.w-4, 96), 10) }

// lines is the keys of the screen, a line each row, none wider than the
// box (a wider one would wrap inside it and push a line out): its columns
// side by side when they fit the box, else one under the other; a screen
// whose keys are grouped by where they work is drawn by its groups.
func (d *Help) lines() []string {
	if k := d.linesKey(); k != d.drawnFor || d.ctx.Styles != d.drawnWith {
		var out []string
		for _, l := range d.allLines() {
			out = append(out, strings.Split(xansi.Wrap(l, d.inner(), ""), "\n")...)
		}
		d.drawn, d.drawnFor, d.drawnWith = out, k, d.ctx.Styles
	}
	return d.drawn
}

// linesKey is what lines draws from but the styles: the width and every
// key listed (its name, what it does, whether it is bound), so that lines
// is drawn again only when one changes, not at every key that scrolls.
func (d *Help) linesKey() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\x00", d.w)
	add := func(keys []key.Binding) {
		for _, k := range keys {
			fmt.Fprintf(&b, "%s\x00%s\x00%v\x00", k.Help().Key, k.Help().Desc, k.Enabled())
		}
	}
	if g, ok := d.screen.(ui.Grouped); ok {
		b.WriteString(g.Notation())
		for _, grp := range g.Groups() {
			b.WriteString("\x01" + grp.Where + "\x00")
			add(grp.Keys)
		}
		return b.String()
	}
	for _, col := range d.screen.FullHelp() {
		b.WriteString("\x01")
		add(col)
	}
	return b.String()
}

// allLines is the keys of the screen, a line each row, as lines says.
func (d *Help) allLines() []string {
	if g, ok := d.screen.(ui.Grouped); ok {
		return d.groupLines(g)
	}
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
	shown := append([]string(nil), lines[off:min(off+d.rows(), len(lines))]...)
	foot := d.foot(len(shown) < len(lines))
	width := 0 // the box as wide whatever scrolls into it; on a narrow screen, the screen's width
	for _, l := range lines {
		width = max(width, xansi.StringWidth(l))
	}
	if d.w-width-4 < 6 {
		width = d.inner() // nothing of the screen under it shows beside its border
	}
	for i := range shown {
		shown[i] = ui.Pad(shown[i], width)
	}
	return ui.Box(d.ctx.Styles, "Keys", strings.Join(shown, "\n")+"\n\n"+foot, d.w, d.h)
}

// groupLines draws the notation's line, then each group under its place's
// name: in two columns when the box is wide, the groups in order down the
// first and then the second.
func (d *Help) groupLines(g ui.Grouped) []string {
	inner := max(min(d.w-4, 96), 20)
	colW, two := inner, inner >= 80
	if two {
		colW = (inner - 3) / 2
	}
	var blocks [][]string
	total := 0
	for _, grp := range g.Groups() {
		b := d.block(grp, colW)
		blocks = append(blocks, b)
		total += len(b) + 1
	}
	out := ui.WrapPlain(g.Notation(), inner)
	for i := range out {
		out[i] = d.ctx.Styles.KeyDesc.Render(out[i])
	}
	out = append(out, "")
	if !two {
		for _, b := range blocks {
			out = append(append(out, b...), "")
		}
		return out[:len(out)-1]
	}
	var left, right []string
	for _, b := range blocks {
		if len(right) == 0 && len(left) < (total+1)/2 {
			left = append(append(left, b...), "")
		} else {
			right = append(append(right, b...), "")
		}
	}
	for i := 0; i < max(len(left), len(right)); i++ {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, strings.TrimRight(ui.Pad(l, colW)+"   "+r, " "))
	}
	return out
}

// block is one group: its place's name, then a line for each key that is
// bound (its name, then what it does, wrapped under itself).
func (d *Help) block(grp ui.KeyGroup, width int) []string {
	st := d.ctx.Styles
	kw := 0
	for _, b := range grp.Keys {
		if b.Enabled() {
			kw = max(kw, lipgloss.Width(b.Help().Key))
		}
	}
	kw = min(kw, width/3)
	var out []string
	for _, l := range ui.WrapPlain(grp.Where, width) {
		out = append(out, st.OverlayTitle.Render(l))
	}
	for _, b := range grp.Keys {
		if !b.Enabled() {
			continue
		}
		name := b.Help().Key
		descs := ui.WrapPlain(b.Help().Desc, max(width-kw-1, 8))
		if lipgloss.Width(name) > kw { // a long name has a line of its own
			out = append(out, st.Key.Render(name))
			name = ""
		}
		for i, desc := range descs {
			if i > 0 {
				name = ""
			}
			out = append(out, st.Key.Render(ui.Pad(name, kw))+" "+st.KeyDesc.Render(desc))
		}
	}
	return out
}
