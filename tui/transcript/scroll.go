package transcript

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
)

// Scrolling: the window follows the end, or stays where the person
// scrolled it (kept by an entry's key and a line offset, so that entries
// folded in front move nothing), moved by lines, pages and the wheel.

// Scroll moves the window by n lines (negative: up). Scrolling down to the
// end follows again.
func (t *Transcript) Scroll(n int) { t.scroll(t.entries(), n) }

// scroll moves the window over es by n lines.
func (t *Transcript) scroll(es []wire.Entry, n int) {
	if n == 0 || len(es) == 0 {
		return
	}
	if t.follow {
		if n > 0 {
			return
		}
		top, ok := t.followTop(es)
		if !ok {
			return // everything fits: nothing to scroll
		}
		t.setTop(es, top)
		t.follow = false
	}
	if n < 0 {
		if t.foldNear() {
			es = t.entries()
		}
		t.up(es, -n)
		return
	}
	t.down(es, n)
}

// followTop is the window's top while following (where a jump left it,
// when following in jumps); ok is false when the whole transcript fits.
func (t *Transcript) followTop(es []wire.Entry) (place, bool) {
	if t.jump {
		if i := t.keys.of(es, t.jumpTop.key); t.jumpTop.key != noKey && i >= 0 {
			return place{idx: i, off: t.jumpTop.off}, true
		}
	}
	return t.tailTop(es, t.height)
}

// tailTop is the top of the last n lines; ok is false when they are all
// the transcript has.
func (t *Transcript) tailTop(es []wire.Entry, n int) (place, bool) {
	total := 0
	for i := len(es) - 1; i >= 0; i-- {
		h := t.entryHeight(es, i)
		if total+h >= n {
			return place{idx: i, off: total + h - n}, total+h > n || i > 0
		}
		total += h
	}
	return place{}, false
}

func (t *Transcript) up(es []wire.Entry, n int) {
	a := t.at(es)
	a.off -= n
	for a.off < 0 && a.idx > 0 {
		a.idx--
		a.off += t.entryHeight(es, a.idx)
	}
	a.off = max(a.off, 0)
	t.setTop(es, a)
}

func (t *Transcript) down(es []wire.Entry, n int) {
	a := t.at(es)
	a.off += n
	for a.idx < len(es) {
		h := t.entryHeight(es, a.idx)
		if a.off < h {
			break
		}
		a.off -= h
		a.idx++
	}
	t.setTop(es, a)
	if t.restFits(es) {
		t.ToBottom()
	}
}

// restFits reports whether everything from the top anchor down fits in the
// window: the end is on screen, so the pane follows again.
func (t *Transcript) restFits(es []wire.Entry) bool {
	top := t.at(es)
	rest := -top.off
	for i := top.idx; i < len(es); i++ {
		rest += t.entryHeight(es, i)
		if rest > t.height {
			return false
		}
	}
	return true
}

// ToBottom follows the end again.
func (t *Transcript) ToBottom() {
	t.follow, t.unseen, t.top, t.jumpTop = true, 0, anchor{key: noKey}, anchor{key: noKey}
}

// Page scrolls by a window less a line (dir -1 up, 1 down).
func (t *Transcript) Page(dir int) { t.page(t.entries(), dir) }

// page scrolls the window over es by a window less a line.
func (t *Transcript) page(es []wire.Entry, dir int) {
	t.scroll(es, dir*max(t.height-1, 1))
}

// OnScrollKey scrolls the window with the scroll keys, wherever the keys
// are in the open session: a page, a line, to the end (ctrl+end); it
// reports whether msg was one.
func (t *Transcript) OnScrollKey(msg tea.KeyPressMsg) bool {
	es, k := t.entries(), &t.ctx.Keys
	switch {
	case key.Matches(msg, k.PageUp):
		t.page(es, -1)
	case key.Matches(msg, k.PageDown):
		t.page(es, 1)
	case key.Matches(msg, k.LineUp):
		t.scroll(es, -1)
	case key.Matches(msg, k.LineDown):
		t.scroll(es, 1)
	case key.Matches(msg, k.Bottom):
		t.ToBottom()
	default:
		return false
	}
	return true
}
