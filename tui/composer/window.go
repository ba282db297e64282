package composer

import (
	"strings"

	"charm.land/bubbles/v2/textarea"
	"github.com/rivo/uniseg"
)

// The textarea does work in proportion to every line it holds at each key
// (bubbles v2.2.1: it styles each line into a string, its viewport splits
// that string again, and it sums the wrapped rows above the cursor through
// a cache keyed by a SHA-256 of each line): a key cost half a second of CPU
// in a draft of 10,000 lines. So the textarea holds a window of the draft,
// the lines it shows and a margin around them; the lines above and below
// wait in two stacks (side), with their counts kept as they come and go.
// The window moves (the textarea is given the new lines and its cursor,
// scroll and selection put back where they were) when the margin runs low,
// or before a key that goes further (word moves over blank lines, the
// draft's start and end). A key's cost depends on the window, not on the
// draft: what the textarea does with a key is the same as long as the key
// stays inside the lines it holds.

// Margins of the window, in lines of the draft.
const (
	// spare is the fewest lines the window keeps beyond the lines shown
	// and the cursor's: a key moves the cursor one line at most, or
	// takes one line away.
	spare = 2
	// slack is the lines added beyond spare when the window moves, so it
	// moves once every slack lines of travel, not at each line.
	slack = 16
	// windowMost bounds the lines the textarea holds, far below its
	// 10,000 (past which it drops lines): a word move over a long run of
	// blank lines stops at the window's edge.
	windowMost = textareaLines / 2
)

// keepWindow moves the window when it holds fewer than spare lines beyond
// the lines shown, or up lines above the cursor's and down below it, while
// the draft has more; or when it holds far more than that (after a paste).
func (c *Composer) keepWindow(up, down int) {
	w := &c.win
	lines := strings.Split(c.ta.Value(), "\n")
	first, last := c.shownLines(lines)
	row := c.ta.Line()
	lo := min(first, row-up) - spare
	hi := max(last, row+down) + spare
	if sel := c.selected(row, c.ta.Column()); sel.ok { // the window holds the selection whole
		lo, hi = min(lo, sel.anchor.Row-spare), max(hi, sel.anchor.Row+spare)
	}
	short := lo < 0 && len(w.above.lines) > 0 || hi >= len(lines) && len(w.below.lines) > 0
	long := (lo > 3*c.win.slack || len(lines)-1-hi > 3*c.win.slack) && !c.ta.HasSelection()
	if !short && !long {
		return
	}
	lo, hi = lo-c.win.slack, hi+c.win.slack
	if hi-lo+1 > windowMost { // a reach too far: keep the cursor's side
		if row-lo > hi-row {
			lo = hi - windowMost + 1
		} else {
			hi = lo + windowMost - 1
		}
	}
	c.rewindow(lines, lo, hi, c.placed())
}

// shownLines is the first and last of lines (the textarea's) that the
// textarea shows, wrapped rows counted.
func (c *Composer) shownLines(lines []string) (first, last int) {
	top, h := c.ta.ScrollYOffset(), c.ta.Height()
	first = -1
	at := 0
	for i, l := range lines {
		at += c.grow.rows[l]
		if first < 0 && at > top {
			first = i
		}
		if at >= top+h {
			return max(first, 0), i
		}
	}
	return max(first, 0), len(lines) - 1
}

// placing is where the textarea's first row shown, cursor and selection
// are in the draft (its lines and rows).
type placing struct {
	top    int               // the first row shown
	cursor textarea.Position // the cursor; Row -1 puts it on the first row shown
	sel    selection
}

// placed is where the textarea's view, cursor and selection are now.
func (c *Composer) placed() placing {
	n := len(c.win.above.lines)
	row, col := c.ta.Line(), c.ta.Column()
	return placing{
		top:    c.win.above.total + c.ta.ScrollYOffset(),
		cursor: textarea.Position{Row: n + row, Col: col},
		sel:    c.selected(row, col).moved(n),
	}
}

// rewindow gives the textarea lines lo to hi of its lines (lo below 0 and
// hi past its last reach into the lines above and below it), and puts its
// view, cursor and selection at p.
func (c *Composer) rewindow(lines []string, lo, hi int, p placing) {
	w, live := &c.win, c.chips.live
	for i := len(lines) - 1; i >= 0; i-- {
		w.below.push(lines[i], c.rowsOf(lines[i]), live)
	}
	start := max(len(w.above.lines)+lo, 0)
	for len(w.above.lines) < start && len(w.below.lines) > 0 {
		l, rows := w.below.pop()
		w.above.push(l, rows, live)
	}
	for len(w.above.lines) > start {
		l, rows := w.above.pop()
		w.below.push(l, rows, live)
	}
	mid := make([]string, 0, hi-lo+1)
	for range hi - lo + 1 {
		if len(w.below.lines) == 0 {
			break
		}
		l, _ := w.below.pop()
		mid = append(mid, l)
	}
	c.changed()
	c.goal.lost = true
	c.ta.SetValue(strings.Join(mid, "\n"))
	c.count()
	c.place(p)
}

// rowsOf is the wrapped rows of a line of the textarea, as counted.
func (c *Composer) rowsOf(l string) int {
	if n, ok := c.grow.rows[l]; ok {
		return n
	}
	return wrappedRows([]rune(l), c.ta.Width())
}

// selection is the textarea's selection, from where it was started to the
// cursor; ok is false when there is none.
type selection struct {
	ok           bool
	anchor, head textarea.Position
}

// selected is the textarea's selection when the cursor, at row and col, is
// one of its ends (a selection made with keys).
func (c *Composer) selected(row, col int) selection {
	start, end, ok := c.ta.Selection()
	at := textarea.Position{Row: row, Col: col}
	switch {
	case !ok:
		return selection{}
	case at == end:
		return selection{ok: true, anchor: start, head: end}
	case at == start:
		return selection{ok: true, anchor: end, head: start}
	}
	return selection{}
}

// moved is s with its rows moved by shift.
func (s selection) moved(shift int) selection {
	s.anchor.Row += shift
	s.head.Row += shift
	return s
}

// place puts the textarea, just given its lines, at p: its viewport takes
// the new lines, scrolls to p.top, then the cursor and the selection go
// where p has them.
func (c *Composer) place(p placing) {
	n := len(c.win.above.lines)
	c.ta.View() // the viewport takes the new lines, to scroll over them
	top := max(p.top-c.win.above.total, 0)
	if h := c.ta.Height(); top > 0 {
		c.toRow(top + h - 1)
		c.ta.SetHeight(h) // scrolls down to keep the cursor in sight: to top
	}
	c.toRow(top)
	sel, lines := p.sel.moved(-n), c.ta.LineCount()
	switch {
	case sel.ok && min(sel.anchor.Row, sel.head.Row) >= 0 && max(sel.anchor.Row, sel.head.Row) < lines:
		c.selectAgain(sel)
	case p.cursor.Row >= n && p.cursor.Row-n < lines:
		c.cursorTo(textarea.Position{Row: p.cursor.Row - n, Col: p.cursor.Col})
	}
}

// selectAgain selects from sel's anchor to its head, the cursor there.
func (c *Composer) selectAgain(sel selection) {
	ax, ay := c.spot(sel.anchor)
	hx, hy := c.spot(sel.head)
	c.ta.BeginSelection(ax, ay)
	c.ta.ExtendSelection(hx, hy)
	c.ta.EndSelection()
}

// line is the textarea's line row.
func (c *Composer) line(row int) string {
	lines := strings.Split(c.ta.Value(), "\n")
	return lines[min(row, len(lines)-1)]
}

// toRow puts the cursor at the start of the textarea's wrapped row y.
func (c *Composer) toRow(y int) {
	c.ta.BeginSelection(0, y-c.ta.ScrollYOffset())
	c.ta.ClearSelection()
}

// cursorRow is the row of the draft, wrapped rows counted, the cursor is on.
func (c *Composer) cursorRow() int {
	return c.win.above.total + c.rowOf(c.ta.Line()) + c.ta.LineInfo().RowOffset
}

// rowOf is the first wrapped row of the textarea's line row.
func (c *Composer) rowOf(row int) int {
	y := 0
	for _, l := range strings.Split(c.ta.Value(), "\n")[:row] {
		y += c.rowsOf(l)
	}
	return y
}

// cursorTo puts the textarea's cursor at p.
func (c *Composer) cursorTo(p textarea.Position) {
	c.toRow(c.rowOf(p.Row))
	c.ta.SetCursorColumn(p.Col)
}

// spot is where p is drawn, as the textarea's selection takes it: x after
// the prompt, y from the first row shown.
func (c *Composer) spot(p textarea.Position) (x, y int) {
	c.cursorTo(p)
	li := c.ta.LineInfo()
	return uniseg.StringWidth(c.ta.Prompt) + li.CharOffset, c.rowOf(p.Row) + li.RowOffset - c.ta.ScrollYOffset()
}
