package tui

import (
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// paletteDialog is the command palette: every action with its key and its
// slash command, filtered as the person types; enter runs the selected
// one. An action that is not available now says why.
type paletteDialog struct {
	c     *common
	all   []action
	why   []string // each action's reason it is unavailable, "" when it is
	in    ui.LineInput
	shown []int // the actions the filter keeps, best first
	sel   int   // the selected one, in shown
	run   func(action) tea.Cmd
	w, h  int
}

// openPalette opens the command palette over the screen.
func (m *Model) openPalette() {
	all := m.actions()
	why := make([]string, len(all))
	for i, a := range all {
		why[i] = a.why(m)
	}
	d := &paletteDialog{c: m.common, all: all, why: why, run: m.runAction}
	d.filter()
	m.push(d)
}

// ShortHelp lists the palette's keys.
func (d *paletteDialog) ShortHelp() []key.Binding {
	k := &d.c.Keys
	return []key.Binding{k.Up, k.Down, k.Open, k.Dismiss}
}

// FullHelp lists the palette's keys.
func (d *paletteDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *paletteDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update filters as the person types, moves the selection, runs the
// selected action on enter and closes on esc.
func (d *paletteDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k := &d.c.Keys
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(msg.Content)
		d.filter()
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Dismiss):
			return nil, true
		case key.Matches(msg, k.Up):
			d.sel = max(d.sel-1, 0)
		case key.Matches(msg, k.Down):
			d.sel = min(d.sel+1, max(len(d.shown)-1, 0))
		case key.Matches(msg, k.Open):
			if len(d.shown) == 0 {
				return nil, false
			}
			d.c.remove(d) // closed first: the action may open a dialog of its own
			return d.run(d.all[d.shown[d.sel]]), false
		case d.in.Update(msg):
			d.filter()
		}
	}
	return nil, false
}

// filter keeps the actions that match what was typed, best first.
func (d *paletteDialog) filter() {
	q := strings.ToLower(strings.TrimSpace(d.in.String()))
	q = strings.TrimPrefix(q, "/")
	type scored struct{ i, score int }
	var keep []scored
	for i, a := range d.all {
		if s := fuzzyScore(q, strings.ToLower(a.name+" /"+a.slash+" "+a.arg)); s >= 0 {
			keep = append(keep, scored{i, s})
		}
	}
	sort.SliceStable(keep, func(a, b int) bool { return keep[a].score > keep[b].score })
	d.shown = d.shown[:0]
	for _, k := range keep {
		d.shown = append(d.shown, k.i)
	}
	d.sel = 0
}

// fuzzyScore is how well q matches s: -1 when q's letters are not all in s
// in order; more for a match at a word's start and for letters in a row.
func fuzzyScore(q, s string) int {
	if q == "" {
		return 0
	}
	if i := strings.Index(s, q); i >= 0 {
		bonus := 100
		if i == 0 || s[i-1] == ' ' || s[i-1] == '/' {
			bonus = 200
		}
		return bonus + len(q)
	}
	score, at, prev := 0, 0, -2
	for _, r := range q {
		j := strings.IndexRune(s[at:], r)
		if j < 0 {
			return -1
		}
		pos := at + j
		if pos == prev+1 {
			score += 3
		}
		if pos == 0 || s[pos-1] == ' ' || s[pos-1] == '/' {
			score += 2
		}
		prev, at = pos, pos+len(string(r))
	}
	return score
}

// View draws the filter, the window of actions around the selection and
// the selected one's reason when it is not available.
func (d *paletteDialog) View() string {
	c := d.c
	foot := c.Hints(c.Hint(c.Keys.Open, "runs it"), c.Hint(c.Keys.Dismiss, "closes"))
	if d.w >= 60 {
		foot = c.Hints(c.Hint(c.Keys.Up, ""), c.Hint(c.Keys.Down, ""), foot)
	}
	inner := max(min(d.w-4, 96), 10)
	why := ""
	if len(d.shown) > 0 {
		why = d.why[d.shown[d.sel]]
	}
	// The room for text: the box's border, title and blank line, the keys
	// and the blank line over them take the rest.
	avail := d.h - 5 - strings.Count(xansi.Wrap(foot, inner, ""), "\n") - 1
	whyLines := 0 // the reason, wrapped to the box
	if why != "" {
		whyLines = strings.Count(xansi.Wrap("not now: "+why, inner, ""), "\n") + 1
	}
	spacer := avail >= 8
	rows := max(avail-1-b2i(spacer)-whyLines, 1)
	lines := []string{c.Styles.Prompt.Render("> ") + d.in.View(c.Styles)}
	if spacer {
		lines = append(lines, "")
	}
	if len(d.shown) == 0 {
		lines = append(lines, c.Styles.KeyDesc.Render("no command matches: backspace widens the search"))
	}
	first := roomWindow(len(d.shown), rows, d.sel)
	for n := first; n < len(d.shown) && n < first+rows; n++ {
		lines = append(lines, d.row(d.shown[n], n == d.sel, inner))
	}
	if why != "" {
		lines = append(lines, c.Styles.Notice.Render("not now: "+why))
	}
	body := strings.Join(lines, "\n") + "\n\n" + foot
	return ui.Box(c.Styles, "Commands", body, d.w, d.h)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// row is one action: a mark when selected, its name, its slash command
// and its key; dim with its reason when not available now.
func (d *paletteDialog) row(i int, selected bool, width int) string {
	c, a := d.c, d.all[i]
	mark := "  "
	if selected {
		mark = "▸ "
	}
	slash := ""
	if a.slash != "" {
		slash = "/" + a.slash
		if a.arg != "" {
			slash += " " + a.arg
		} else if a.args != "" {
			slash += " " + a.args
		}
	}
	keyText := ui.FirstKey(a.key)
	mid := padRunes(slash, 20)
	if d.why[i] != "" {
		mid = d.why[i]
	}
	left := xansi.Truncate(mark+padRunes(a.name, 26)+" "+mid, max(width-xansi.StringWidth(keyText)-1, 1), "…")
	line := left + strings.Repeat(" ", max(width-xansi.StringWidth(left)-xansi.StringWidth(keyText), 1)) + keyText
	switch {
	case selected:
		return c.Styles.Key.Render(line)
	case d.why[i] != "":
		return c.Styles.KeyDesc.Render(line)
	}
	return c.Styles.Body.Render(line)
}

// padRunes pads s with spaces to n cells, cutting it when longer.
func padRunes(s string, n int) string {
	s = xansi.Truncate(s, n, "…")
	return s + strings.Repeat(" ", max(n-xansi.StringWidth(s), 0))
}
