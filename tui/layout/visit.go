package layout

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Visit is what the visit's screen shows: chiming into another person's
// room.
type Visit struct {
	Title, Facts string                    // the header's left and right
	Body         func(height int) []string // the visit's own lines, exactly height of them
	Rule         string                    // the line under them
	Account      Pane
	Composer     Composer
	ReadOnly     bool   // watching: the composer shows one line
	Note         string // the status line's note
	Over         Over
}

// composerLines is the lines the composer takes: one at the least.
func (v *Visit) composerLines() int {
	if v.ReadOnly {
		return 1
	}
	return max(v.Composer.Height(), 1)
}

// ArrangeVisit lays the visit's screen out: the account in three lines at
// most, the composer as high as its draft.
func (s *Screen) ArrangeVisit(v *Visit) {
	s.kind, s.at, s.grid = KindVisit, spots{top: s.top()}, grid{}
	v.Account.SetSize(s.width, 3)
	s.sizeComposer(v.Composer)
}

// DrawVisit draws the visit's screen as laid out, and places the cursor:
// the visit's lines take what the header, the rule, the account, the
// composer and the note leave.
func (s *Screen) DrawVisit(v *Visit) (string, *tea.Cursor) {
	lines := s.heading(v.Title, v.Facts)
	ch := v.composerLines()
	acct := v.Account.Lines()
	h := max(s.height-len(lines)-2-ch-len(acct), 1)
	lines = append(lines, v.Over.Over(v.Body(h), s.width)...)
	lines = append(lines, v.Rule)
	lines = append(lines, acct...)
	var cur *tea.Cursor
	if c := v.Composer.Cursor(); c != nil && v.Composer.Focused() {
		c.Position.Y += len(lines)
		cur = c
	}
	lines = append(lines, strings.Split(v.Composer.View(), "\n")[:ch]...)
	lines = append(lines, v.Note)
	return strings.Join(lines[:min(len(lines), s.height)], "\n"), cur
}
