package transcript

import (
	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Source is the open session's entries as the transcript reads them. A
// lazily opened session keeps its earlier items as the snapshot's bytes:
// the transcript asks for them to be folded in front as the window nears
// the first entry, and for an entry's text to be decoded before it is drawn.
// Folding and decoding read more of the session; they change nothing it
// says.
type Source interface {
	// Entries is the transcript's entries so far.
	Entries() []wire.Entry
	// Decode decodes entry i's text when it is still in the snapshot's
	// bytes.
	Decode(i int)
	// EntryText is entry i's text, decoded for the asker without being
	// kept.
	EntryText(i int) string
	// FoldEarlier folds at least n more items before the first entry (all
	// of them when n < 0); it returns how many entries came in front.
	FoldEarlier(n int) int
	// Hidden is how many entries come before the first and are not folded
	// yet.
	Hidden() int
}

// foldAhead is how close to the first entry the window's top comes before
// the next chunk of earlier items is folded.
const foldAhead = 256

// foldChunk is how many items are folded at a time while scrolling up.
const foldChunk = 2048

// FoldEarlier folds at least n more items before the first entry (all of
// them when n < 0); it returns how many entries came in front. The
// transcript keeps its entries by their keys: nothing it keeps moves.
func (t *Transcript) FoldEarlier(n int) int {
	if t.src == nil {
		return 0
	}
	return t.src.FoldEarlier(n)
}

// decode decodes entry i's text when it is still in the snapshot's bytes:
// before it is drawn or selected.
func (t *Transcript) decode(es []wire.Entry, i int) {
	if t.src != nil && es[i].Lazy() {
		t.src.Decode(i)
	}
}

// foldNear folds earlier items when the window's top is near the first
// entry; it reports whether it folded.
func (t *Transcript) foldNear() bool {
	return t.at(t.entries()).idx < foldAhead && t.foldMore() > 0
}

// foldMore folds the next chunk of earlier items; it returns how many
// entries came in front.
func (t *Transcript) foldMore() int { return t.FoldEarlier(t.chunk) }

// step is the selectable entry d steps from i (d is 1 or -1), or i when
// there is none that way; going up past the first entry folds earlier items.
func (t *Transcript) step(i, d int) int {
	for j := i + d; ; j += d {
		if j < 0 {
			k := t.foldMore()
			if k == 0 {
				return i
			}
			i, j = i+k, j+k
		}
		es := t.entries()
		if j >= len(es) {
			return i
		}
		t.decode(es, j)
		if selectable(&es[j]) {
			return j
		}
	}
}

// unreadable draws a transcript item whose bytes did not decode: a header
// that says so, then the bytes as the host sent them, quoted.
func (r *renderer) unreadable(e *wire.Entry) []string {
	out := []string{"", r.header("unreadable item", r.st.ChipError.Render, e.Time, "the host sent what this client cannot read")}
	for _, l := range ui.WrapPlain(ui.Sanitize(e.Text), r.width-len(BodyIndent)) {
		out = append(out, BodyIndent+r.st.Notice.Render(l))
	}
	return out
}
