package dialog

import (
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Command is one thing the palette offers: its name, its slash command and
// what that takes, the argument it runs with, its key, and why it is not
// available now ("" when it is).
type Command struct {
	Name  string
	Slash string // without its "/", "" when none
	Args  string // what the slash command takes, for the list ("TITLE")
	Arg   string // the argument the palette runs it with
	Key   key.Binding
	Why   string
	Words string // other words it answers to ("find", "remove"): the filter matches them too
}

// Palette is the command palette: every command with its key and its slash
// command, filtered as the person types; enter reports Run with the
// selected one. A command that is not available now says why.
type Palette struct {
	ctx   *ui.Context
	all   []Command
	in    ui.LineInput
	shown []int // the commands the filter keeps, best first
	sel   int   // the selected one, in shown
	w, h  int
}

// NewPalette offers commands, in the order given.
func NewPalette(ctx *ui.Context, commands []Command) *Palette {
	d := &Palette{ctx: ctx, all: commands}
	d.filter()
	return d
}

// ShortHelp lists the palette's keys.
func (d *Palette) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	return []key.Binding{k.Up, k.Down, k.Open, k.Dismiss}
}

// FullHelp lists the palette's keys.
func (d *Palette) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Safe closes it, running nothing.
func (d *Palette) Safe() ui.Action { return nil }

// Kind is Field: it takes text.
func (d *Palette) Kind() Kind { return Field }

// SetSize takes the screen's size.
func (d *Palette) SetSize(w, h int) { d.w, d.h = w, h }

// Update filters as the person types, moves the selection, runs the
// selected command on enter and closes on esc.
func (d *Palette) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k := &d.ctx.Keys
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(msg.Content)
		d.filter()
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Dismiss):
			return nil, ui.Close{}
		case key.Matches(msg, k.Up):
			d.sel = max(d.sel-1, 0)
		case key.Matches(msg, k.Down):
			d.sel = min(d.sel+1, max(len(d.shown)-1, 0))
		case key.Matches(msg, k.Open):
			if len(d.shown) == 0 {
				return nil, nil
			}
			// closed first: the command may open a dialog of its own
			return nil, ui.Batch{ui.Close{}, Run{Index: d.shown[d.sel]}}
		case d.in.Update(msg):
			d.filter()
		}
	}
	return nil, nil
}

// filter keeps the actions that match what was typed, best first.
func (d *Palette) filter() {
	q := strings.ToLower(strings.TrimSpace(d.in.String()))
	q = strings.TrimPrefix(q, "/")
	type scored struct{ i, score int }
	var keep []scored
	for i, a := range d.all {
		if s := max(fuzzyScore(q, strings.ToLower(a.Name+" /"+a.Slash+" "+a.Arg)), wordScore(q, a.Words)); s >= 0 {
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

// wordScore is how well q matches words (a command's other names): as a
// match at a word's start in its name does when a word begins with q; -1
// when none does (they are never matched letter by letter: they would
// dilute the names' own matches).
func wordScore(q, words string) int {
	if q == "" {
		return -1
	}
	for _, w := range strings.Fields(strings.ToLower(words)) {
		if strings.HasPrefix(w, q) {
			return 200 + len(q)
		}
	}
	return -1
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
func (d *Palette) View() string {
	c := d.ctx
	foot := c.Hints(c.Hint(c.Keys.Open, "runs it"), c.Hint(c.Keys.Dismiss, "closes"))
	if d.w >= 60 {
		foot = c.Hints(c.Hint(c.Keys.Up, ""), c.Hint(c.Keys.Down, ""), foot)
	}
	inner := max(min(d.w-4, 96), 10)
	why := ""
	if len(d.shown) > 0 {
		why = d.all[d.shown[d.sel]].Why
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
	first := ui.Window(len(d.shown), rows, d.sel)
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
func (d *Palette) row(i int, selected bool, width int) string {
	c, a := d.ctx, d.all[i]
	mark := "  "
	if selected {
		mark = "▸ "
	}
	slash := ""
	if a.Slash != "" {
		slash = "/" + a.Slash
		if a.Arg != "" {
			slash += " " + a.Arg
		} else if a.Args != "" {
			slash += " " + a.Args
		}
	}
	keyText := ui.FirstKey(a.Key)
	mid := padRunes(slash, 20)
	if a.Why != "" {
		mid = a.Why
	}
	left := xansi.Truncate(mark+padRunes(a.Name, 26)+" "+mid, max(width-xansi.StringWidth(keyText)-1, 1), "…")
	line := left + strings.Repeat(" ", max(width-xansi.StringWidth(left)-xansi.StringWidth(keyText), 1)) + keyText
	switch {
	case selected:
		return c.Styles.Key.Render(line)
	case a.Why != "":
		return c.Styles.KeyDesc.Render(line)
	}
	return c.Styles.Body.Render(line)
}

// padRunes pads s with spaces to n cells, cutting it when longer.
func padRunes(s string, n int) string {
	s = xansi.Truncate(s, n, "…")
	return s + strings.Repeat(" ", max(n-xansi.StringWidth(s), 0))
}
