package transcript

import (
	"unicode"

	"github.com/sophia-labs/vehicle/client/wire"
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
func (t *Transcript) toTop(es []wire.Entry) {
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
func (t *Transcript) topEntry(es []wire.Entry) int {
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
func (t *Transcript) showLine(es []wire.Entry, i, line int) {
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
func (t *Transcript) position(es []wire.Entry) string {
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
	return highlight(lines, foldRunes(b.idx.Query()), len(b.idx.In(i)), cur, b.ctx.Styles)
}

// foldRunes is s case-folded rune by rune, as the index folds.
func foldRunes(s string) []rune {
	rs := []rune(s)
	for i, r := range rs {
		rs[i] = unicode.ToLower(unicode.ToUpper(r))
	}
	return rs
}
