package composer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/mattn/go-runewidth"
)

// goal is the column ↑ and ↓ keep to. Going up and down, the textarea
// keeps the widest column the cursor was at in the run (on a shorter line
// the cursor stops at its end, and comes back to that column on a longer
// one); giving it new lines (the window moving) forgets that column. So
// the composer keeps it too, and once the window moved during a run of ↑
// and ↓, puts the cursor where the textarea would have with it.
type goal struct {
	offset int  // the widest column of the run, in cells from its row's start
	lost   bool // the window moved during the run: the textarea forgot it
}

// vertical reports whether the textarea takes k as a move up or down a
// line and nothing else.
func vertical(k tea.KeyPressMsg, km *textarea.KeyMap) (move, selects bool) {
	others := []key.Binding{
		km.CharacterBackward, km.CharacterForward, km.DeleteAfterCursor, km.DeleteBeforeCursor,
		km.DeleteCharacterBackward, km.DeleteCharacterForward, km.DeleteWordBackward, km.DeleteWordForward,
		km.InsertNewline, km.LineEnd, km.LineStart, km.PageUp, km.PageDown, km.Paste, km.WordBackward,
		km.WordForward, km.InputBegin, km.InputEnd, km.UppercaseWordForward, km.LowercaseWordForward,
		km.CapitalizeWordForward, km.TransposeCharacterBackward, km.SelectCharacterForward,
		km.SelectCharacterBackward, km.SelectWordForward, km.SelectWordBackward, km.SelectAll, km.CopySelection,
	}
	if key.Matches(k, others...) {
		return false, false
	}
	selects = key.Matches(k, km.SelectLineUp, km.SelectLineDown)
	return selects || key.Matches(k, km.LineNext, km.LinePrevious), selects
}

// typeKeepingGoal passes msg to the textarea, and after a move up or down
// in a run the window broke, puts the cursor at the run's column.
func (c *Composer) typeKeepingGoal(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	move, selects := false, false
	if ok {
		move, selects = vertical(k, &c.ta.KeyMap)
	}
	if !move {
		c.goal = goal{}
		var cmd tea.Cmd
		c.ta, cmd = c.ta.Update(msg)
		// The textarea forgets the column at most keys, not all (a newline,
		// a delete forward, lines joined): it forgets it at all of them here,
		// so a run of ↑ and ↓ keeps the column it reached, whatever came before.
		c.ta.SetCursorColumn(c.ta.Column())
		return cmd
	}
	c.goal.offset = max(c.goal.offset, c.ta.LineInfo().CharOffset)
	var cmd tea.Cmd
	c.ta, cmd = c.ta.Update(msg)
	if c.goal.lost {
		c.toGoal(selects)
	}
	return cmd
}

// toGoal puts the cursor, in the wrapped row the textarea moved it to, at
// the run's column, as the textarea does when it remembers it.
func (c *Composer) toGoal(selects bool) {
	var sel selection
	if selects {
		sel = c.selected(c.ta.Line(), c.ta.Column())
	}
	li := c.ta.LineInfo()
	if li.Width <= 0 {
		return
	}
	line := []rune(c.line(c.ta.Line()))
	col, offset := li.StartColumn, 0
	for offset < c.goal.offset && col < len(line) && offset < li.CharWidth-1 {
		offset += runewidth.RuneWidth(line[col])
		col++
	}
	if col == c.ta.Column() {
		return
	}
	if !sel.ok {
		c.ta.SetCursorColumn(col)
		return
	}
	sel.head.Col = col
	c.selectAgain(sel)
}

// reach moves the window, before a key of the textarea's that goes further
// than a line, over where the key goes: the draft's start or end (the
// cursor put where the key would find it), or over a run of blank lines a
// word move crosses.
func (c *Composer) reach(msg tea.Msg) {
	k, ok := msg.(tea.KeyPressMsg)
	w, km := &c.win, &c.ta.KeyMap
	if !ok || w.empty() {
		return
	}
	lines := strings.Split(c.ta.Value(), "\n")
	need := c.ta.Height() + 2*(spare+c.win.slack)
	switch {
	case key.Matches(k, km.InputBegin) && len(w.above.lines) > 0:
		lo := -len(w.above.lines)
		c.rewindow(lines, lo, lo+need-1, placing{})
	case key.Matches(k, km.InputEnd) && len(w.below.lines) > 0:
		hi := len(lines) - 1 + len(w.below.lines)
		p := c.placed()
		p.cursor.Row, p.sel = -1, selection{}
		c.rewindow(lines, hi-need+1, hi, p)
	case key.Matches(k, km.WordBackward, km.SelectWordBackward):
		c.keepWindow(c.blankRun(lines, -1)+1, 0)
	case key.Matches(k, km.WordForward, km.SelectWordForward, km.UppercaseWordForward, km.LowercaseWordForward, km.CapitalizeWordForward):
		c.keepWindow(0, c.blankRun(lines, 1)+1)
	case key.Matches(k, km.PageUp, km.PageDown):
		c.keepWindow(c.ta.Height(), c.ta.Height())
	}
}

// blankRun counts the lines of only whitespace next to the cursor's, above
// it (dir -1) or below it (1), up to the most the window holds.
func (c *Composer) blankRun(lines []string, dir int) int {
	w := &c.win
	n := 0
	for i := c.ta.Line() + dir; n < windowMost; i += dir {
		var l string
		switch {
		case i >= 0 && i < len(lines):
			l = lines[i]
		case i < 0 && -i <= len(w.above.lines):
			l = w.above.lines[len(w.above.lines)+i]
		case i >= len(lines) && i-len(lines) < len(w.below.lines):
			l = w.below.lines[len(w.below.lines)-1-(i-len(lines))]
		default:
			return n
		}
		if strings.TrimSpace(l) != "" {
			return n
		}
		n++
	}
	return n
}
