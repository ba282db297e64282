package composer

import (
	"fmt"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/mattn/go-runewidth"
	"github.com/rivo/uniseg"
	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// growth is how much of the draft the composer shows. It takes as many
// lines as the draft has (soft-wrapped ones counted), up to its limit; a
// longer draft shows limit-1 of its lines, scrolled by the textarea to keep
// the cursor in sight, under a mark that counts the lines out of sight.
type growth struct {
	width int // the composer's width in cells
	limit int // the most lines the composer may take
	total int // the draft's lines, soft-wrapped ones counted

	counted string         // the textarea's lines inside was counted for
	rows    map[string]int // the wrapped lines of each of the textarea's lines, at width
	rowsAt  int            // the textarea's width rows were counted at
	inside  int            // the textarea's lines, soft-wrapped ones counted
}

// fit counts the draft's lines and gives the textarea its height: all of
// them up to the limit, else limit-1 under the mark. Called after every
// change of the draft and of the size.
func (c *Composer) fit() {
	g := &c.grow
	c.count()
	c.tooBig = c.Size() > wire.MaxTextBytes
	rows := max(g.limit, 1)
	if c.marked() && g.limit >= 2 {
		rows = g.limit - 1
	}
	h := min(max(g.total, 1), rows)
	if c.ta.Height() != h {
		c.changed()
		c.ta.SetHeight(h) // the textarea scrolls to keep the cursor in sight
	}
	if len(c.win.below.lines) == 0 && c.ta.ScrollYOffset() > g.inside-h {
		c.unscroll(h)
	}
	c.keepWindow(0, 0)
}

// unscroll brings a window that reaches below the draft's end (the draft
// shrank, or the window grew) back over the draft, h lines high: the
// textarea does it only while it sizes itself, so it sizes itself once, as
// high as its lines (the top shown first), and then h, which scrolls the
// cursor in sight. When that shows lines above the textarea's, they are
// brought in (window.go).
func (c *Composer) unscroll(h int) {
	c.changed()
	if top := max(c.cursorRow()-h+1, 0); top < c.win.above.total {
		p := c.placed()
		p.top = top
		lines := strings.Split(c.ta.Value(), "\n")
		c.rewindow(lines, -(h + spare + c.win.slack), len(lines)-1, p)
		return
	}
	c.ta.DynamicHeight = true
	c.ta.SetWidth(c.grow.width)
	c.ta.DynamicHeight = false
	c.ta.SetHeight(h)
}

// count counts the draft's lines as the textarea wraps them: the
// textarea's, each line's count kept while the line and the width stay the
// same, and those of the lines outside its window (window.go), kept as
// they move.
func (c *Composer) count() {
	g, w := &c.grow, &c.win
	v, width := c.ta.Value(), c.ta.Width()
	if width != g.rowsAt {
		w.above.recount(width)
		w.below.recount(width)
	}
	if v != g.counted || width != g.rowsAt || g.rows == nil {
		old := g.rows
		if width != g.rowsAt {
			old = nil
		}
		g.rows, g.rowsAt, g.counted, g.inside = make(map[string]int, len(old)), width, v, 0
		for _, l := range strings.Split(v, "\n") {
			n, ok := old[l]
			if !ok {
				n = wrappedRows([]rune(l), width)
			}
			g.rows[l] = n
			g.inside += n
		}
	}
	g.total = w.above.total + g.inside + w.below.total
}

// wrappedRows is how many lines the textarea wraps a line of the draft
// into at width: its word wrap counted (bubbles' textarea wrap), with the
// same widths, so the composer's count and the textarea's agree.
func wrappedRows(runes []rune, width int) int {
	var row, word []rune
	rows, spaces := 1, 0
	for _, r := range runes {
		if unicode.IsSpace(r) {
			spaces++
		} else {
			word = append(word, r)
		}
		switch {
		case spaces > 0:
			if uniseg.StringWidth(string(row))+uniseg.StringWidth(string(word))+spaces > width {
				rows++
				row = row[:0]
			}
			row = append(append(row, word...), []rune(strings.Repeat(" ", spaces))...)
			spaces, word = 0, word[:0]
		case uniseg.StringWidth(string(word))+runewidth.RuneWidth(word[len(word)-1]) > width:
			if len(row) > 0 {
				rows++
				row = row[:0]
			}
			row, word = append(row, word...), word[:0]
		}
	}
	if uniseg.StringWidth(string(row))+uniseg.StringWidth(string(word))+spaces >= width {
		rows++
	}
	return rows
}

// over reports whether the draft has more lines than the composer shows.
func (c *Composer) over() bool { return c.grow.total > c.grow.limit && c.grow.limit >= 2 }

// marked reports whether the mark shows over the draft: lines out of
// sight, or a draft over the size a message may have.
func (c *Composer) marked() bool { return c.grow.limit >= 2 && (c.over() || c.tooBig) }

// Height is the lines the composer takes: the textarea's and, when some
// are hidden, the mark.
func (c *Composer) Height() int {
	if c.marked() {
		return c.ta.Height() + 1
	}
	return c.ta.Height()
}

// hidden is how many of the draft's lines are above and below the window.
func (c *Composer) hidden() (above, below int) {
	above = c.win.above.total + c.ta.ScrollYOffset()
	return above, max(c.grow.total-above-c.ta.Height(), 0)
}

// drawing is the composer's last drawing and cursor, kept while nothing
// they show changes: a reply streaming in draws the screen a dozen times a
// second, and the textarea's drawing of an unchanged draft was a twentieth
// of that work. Every change to the textarea or to what the mark says goes
// through a method that calls changed; the styles and keys it reads are
// compared as they are drawn.
type drawing struct {
	ok     bool
	styles *theme.Styles
	editor string // the editor key's name, which the mark shows
	view   string
	cursor *tea.Cursor // nil when the textarea shows none
}

// changed drops the last drawing: the draft, its size, its focus or its
// styles are changing.
func (c *Composer) changed() { c.drawn = drawing{} }

// draw is the composer's drawing, made again only after a change.
func (c *Composer) draw() *drawing {
	editor := ui.KeyName(c.ctx.Keys.Editor)
	if d := &c.drawn; d.ok && d.styles == c.ctx.Styles && d.editor == editor {
		return d
	}
	v := c.ta.View()
	if c.marked() {
		v = c.mark() + "\n" + v
	}
	c.drawn = drawing{ok: true, styles: c.ctx.Styles, editor: editor, view: v, cursor: c.taCursor()}
	return &c.drawn
}

// view draws the textarea, under the mark when lines are hidden.
func (c *Composer) view() string { return c.draw().view }

// mark says how many lines of the draft are out of sight: "↑ 3 more lines
// · ↓ 1 more line".
func (c *Composer) mark() string {
	above, below := c.hidden()
	if !c.over() {
		above, below = 0, 0
	}
	var parts []string
	if c.tooBig {
		parts = append(parts, "✗ "+c.limitWords()+" · "+ui.KeyName(c.ctx.Keys.Editor)+" edits it")
	}
	if above > 0 {
		parts = append(parts, "↑ "+moreLines(above))
	}
	if below > 0 {
		parts = append(parts, "↓ "+moreLines(below))
	}
	return ui.Pad(c.ctx.Styles.Placeholder.Render("  "+strings.Join(parts, " · ")), c.grow.width)
}

// moreLines words a count of hidden lines.
func moreLines(n int) string {
	if n == 1 {
		return "1 more line"
	}
	return fmt.Sprintf("%d more lines", n)
}

// shownCursor is the terminal's cursor in the composer as drawn, under the
// mark when there is one; nil when the composer is blurred.
func (c *Composer) shownCursor() *tea.Cursor {
	cur := c.draw().cursor
	if cur == nil {
		return nil
	}
	shown := *cur // the caller may move it
	return &shown
}

// taCursor is the textarea's cursor, under the mark when there is one.
func (c *Composer) taCursor() *tea.Cursor {
	cur := c.ta.Cursor()
	if cur != nil && c.marked() {
		cur.Position.Y++
	}
	return cur
}
