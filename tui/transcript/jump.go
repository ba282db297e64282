package transcript

import "github.com/sophia-labs/vehicle/client/wire"

// Jump scrolling: a transcript that follows the end may move in jumps
// rather than a line at a time. Its top then stays where it is while the
// end comes down the window; once the end passes the bottom, the window
// turns the page: the last jumpKeep lines at the top, the rest blank for
// what comes. A tile of the wall follows this way: a quarter of the screen
// cannot be scrolled by the terminal, so each line moved would draw the
// whole tile again (and the tiles beside it); a page turned draws only the
// lines kept, and the new text is drawn once. Jumps are for a reply streaming in: with none (the
// last entries are whole), the window is the tail again, every line used.

// jumpKeep is how many lines of the page before a page turned keeps at
// its top, so that the eye finds its place.
const jumpKeep = 3

// SetJump turns jump scrolling on or off; either way the window follows
// from the end as it is now.
func (t *Transcript) SetJump(on bool) {
	if t.jump != on {
		t.jump, t.jumpTop = on, anchor{key: noKey}
	}
}

// Jumps reports whether the transcript follows in jumps.
func (t *Transcript) Jumps() bool { return t.jump }

// jumpView is the window while following in jumps: height lines at most,
// from the top kept between frames.
func (t *Transcript) jumpView(es []wire.Entry) []string {
	if !streaming(es) {
		t.jumpTop = anchor{key: noKey}
		return t.tail(es)
	}
	i := t.keys.of(es, t.jumpTop.key)
	if t.jumpTop.key == noKey || i < 0 { // the first frame, or the top is gone: as the tail
		p, ok := t.tailTop(es, t.height)
		if !ok {
			return t.tail(es) // everything fits
		}
		t.jumpTop, i = anchor{key: es[p.idx].Key, off: p.off}, p.idx
	}
	top := place{idx: i, off: t.jumpTop.off}
	if t.linesFrom(es, top, t.height+1) > t.height {
		p, _ := t.tailTop(es, min(jumpKeep, max(t.height/2, 1)))
		t.jumpTop, top = anchor{key: es[p.idx].Key, off: p.off}, p
	}
	return t.fromPlace(es, top)
}

// linesFrom counts the lines from p to the end, up to limit.
func (t *Transcript) linesFrom(es []wire.Entry, p place, limit int) int {
	n := -p.off
	for i := p.idx; i < len(es) && n < limit; i++ {
		n += t.entryHeight(es, i)
	}
	return n
}

// streaming reports whether a reply is streaming in: one of the last
// entries (a tool chip or a notice may follow it) is not complete yet.
func streaming(es []wire.Entry) bool {
	for i := len(es) - 1; i >= max(len(es)-4, 0); i-- {
		if es[i].Streaming {
			return true
		}
	}
	return false
}
