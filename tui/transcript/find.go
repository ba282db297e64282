package transcript

import (
	"strings"
	"unicode"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// ToFirst scrolls to the first message, every earlier item folded; with
// the entries selected, it selects the first that can be.
func (t *Transcript) ToFirst() {
	t.FoldEarlier(-1)
	t.toTop(t.entries())
	if t.marked {
		if i := t.step(-1, 1); i >= 0 {
			t.selectAt(t.entries(), i)
		}
	}
}

// toTop scrolls to the first line of the first entry (following the end
// still when everything fits).
func (t *Transcript) toTop(es []client.Entry) {
	if len(es) == 0 {
		return
	}
	t.follow = false
	t.setTop(es, place{})
	if t.restFits(es) {
		t.ToBottom()
	}
}

// topEntry is the entry at the top of the window.
func (t *Transcript) topEntry(es []client.Entry) int {
	if !t.follow {
		return t.at(es).idx
	}
	if a, ok := t.followTop(es); ok {
		return a.idx
	}
	return 0
}

// showLine scrolls so that line of entry i is on screen (above the
// marker), a third of the way down when the window has to move.
func (t *Transcript) showLine(es []client.Entry, i, line int) {
	top := t.at(es)
	if t.follow {
		var ok bool
		if top, ok = t.followTop(es); !ok {
			return // everything fits
		}
	}
	visible := t.height
	if !t.follow {
		visible-- // the marker covers the last line
	}
	pos := -1
	if i > top.idx || (i == top.idx && line >= top.off) {
		pos = line - top.off
		for k := top.idx; k < i && pos < visible; k++ {
			pos += t.entryHeight(es, k)
		}
	}
	if pos >= 0 && pos < visible {
		return
	}
	t.follow = false
	t.setTop(es, place{idx: i, off: line})
	t.up(es, t.height/3)
	if t.restFits(es) {
		t.ToBottom()
	}
}

// position is where the window is, for the marker: "message 212 of
// 10,000".
func (t *Transcript) position(es []client.Entry) string {
	hidden := 0
	if t.src != nil {
		hidden = t.src.Hidden()
	}
	return "message " + ui.Thousands(hidden+min(t.at(es).idx+1, len(es))) + " of " + ui.Thousands(hidden+len(es))
}

// mark highlights the search's matches in entry i's lines while the bar
// shows, the current one in its own style; the renderer's lines are left
// as they are.
func (b *Search) mark(i int, lines []string) []string {
	if !b.Active() || b.idx == nil || b.idx.Query() == "" || len(b.idx.In(i)) == 0 {
		return lines
	}
	cur := -1
	if e, nth, ok := b.current(); ok && e == i {
		cur = nth
	}
	return highlight(lines, foldRunes(b.idx.Query()), cur, b.ctx.Styles)
}

// foldRunes is s case-folded rune by rune, as the index folds.
func foldRunes(s string) []rune {
	rs := []rune(s)
	for i, r := range rs {
		rs[i] = unicode.ToLower(unicode.ToUpper(r))
	}
	return rs
}

// occurrences are the rune spans of q in line's text, case-folded, without
// overlaps.
func occurrences(plain, q []rune) [][2]int {
	if len(q) == 0 {
		return nil
	}
	folded := foldRunes(string(plain))
	var out [][2]int
	for i := 0; i+len(q) <= len(folded); {
		if runesAt(folded, i, q) {
			out = append(out, [2]int{i, i + len(q)})
			i += len(q)
			continue
		}
		i++
	}
	return out
}

// matchLine is the line of lines that holds the nth occurrence of q (from
// 0): the last line with one when there are fewer, 0 when none.
func matchLine(lines []string, q []rune, nth int) int {
	n, last := 0, 0
	for li, l := range lines {
		c := len(occurrences([]rune(xansi.Strip(l)), q))
		if c == 0 {
			continue
		}
		if n+c > nth {
			return li
		}
		n, last = n+c, li
	}
	return last
}

// highlight styles every occurrence of q in lines, the cur-th (counted
// over all the lines, from 0; -1 for none) as the current match.
func highlight(lines []string, q []rune, cur int, st *theme.Styles) []string {
	out := make([]string, len(lines))
	n := 0
	for li, line := range lines {
		plain := []rune(xansi.Strip(line))
		spans := occurrences(plain, q)
		if len(spans) == 0 {
			out[li] = line
			continue
		}
		var b strings.Builder
		at := 0 // cells written so far
		for _, sp := range spans {
			from := xansi.StringWidth(string(plain[:sp[0]]))
			to := from + xansi.StringWidth(string(plain[sp[0]:sp[1]]))
			style := st.Match
			if n == cur {
				style = st.MatchCurrent
			}
			n++
			b.WriteString(xansi.Cut(line, at, from))
			b.WriteString(style.Render(string(plain[sp[0]:sp[1]])))
			at = to
		}
		b.WriteString(xansi.Cut(line, at, xansi.StringWidth(line)))
		out[li] = b.String()
	}
	return out
}

// runesAt reports whether q is at s[i:].
func runesAt(s []rune, i int, q []rune) bool {
	for j, r := range q {
		if s[i+j] != r {
			return false
		}
	}
	return true
}
