package composer

import (
	"strings"
)

// side is the draft's lines on one side of the textarea's window, the line
// nearest the window last, with what the composer asks of them counted.
type side struct {
	lines  []string
	rows   []int          // each line's wrapped rows, at the width counted
	total  int            // the rows summed
	bytes  int            // the lines' bytes, a newline each
	filled int            // lines that are more than whitespace
	chips  map[string]int // the live chips' tokens: how many lines hold each
}

// push puts l next to the window.
func (s *side) push(l string, rows int, live []chip) {
	s.lines, s.rows = append(s.lines, l), append(s.rows, rows)
	s.total += rows
	s.bytes += len(l) + 1
	if strings.TrimSpace(l) != "" {
		s.filled++
	}
	for _, ch := range live {
		if strings.Contains(l, ch.token) {
			if s.chips == nil {
				s.chips = map[string]int{}
			}
			s.chips[ch.token]++
		}
	}
}

// pop takes the line next to the window away, with its rows.
func (s *side) pop() (string, int) {
	n := len(s.lines) - 1
	l, rows := s.lines[n], s.rows[n]
	s.lines, s.rows = s.lines[:n], s.rows[:n]
	s.total -= rows
	s.bytes -= len(l) + 1
	if strings.TrimSpace(l) != "" {
		s.filled--
	}
	for tok, k := range s.chips {
		if strings.Contains(l, tok) {
			s.chips[tok] = k - 1
		}
	}
	return l, rows
}

// recount counts each line's rows at a new width.
func (s *side) recount(width int) {
	s.total = 0
	for i, l := range s.lines {
		s.rows[i] = wrappedRows([]rune(l), width)
		s.total += s.rows[i]
	}
}

// track counts the lines holding a new chip's token.
func (s *side) track(token string) {
	for _, l := range s.lines {
		if strings.Contains(l, token) {
			if s.chips == nil {
				s.chips = map[string]int{}
			}
			s.chips[token]++
		}
	}
}

// window is where the textarea's lines sit in the draft.
type window struct {
	above side // the draft's lines before the textarea's
	below side // the draft's lines after them, the nearest last
	slack int  // slack; a test's composer that holds its whole draft sets it past any draft
}

// reset holds no line outside the textarea.
func (w *window) reset() { *w = window{slack: w.slack} }

// empty reports whether the textarea holds the whole draft.
func (w *window) empty() bool { return len(w.above.lines) == 0 && len(w.below.lines) == 0 }

// holds reports whether a line outside the window holds token.
func (w *window) holds(token string) bool {
	return w.above.chips[token] > 0 || w.below.chips[token] > 0
}

// raw is the whole draft as the textarea would hold it (chips unexpanded).
func (c *Composer) raw() string {
	w := &c.win
	if w.empty() {
		return c.ta.Value()
	}
	parts := make([]string, 0, len(w.above.lines)+1+len(w.below.lines))
	parts = append(parts, w.above.lines...)
	parts = append(parts, c.ta.Value())
	for i := len(w.below.lines) - 1; i >= 0; i-- {
		parts = append(parts, w.below.lines[i])
	}
	return strings.Join(parts, "\n")
}

// lineCount is the draft's lines.
func (c *Composer) lineCount() int {
	return len(c.win.above.lines) + c.ta.LineCount() + len(c.win.below.lines)
}
