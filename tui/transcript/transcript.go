// Package transcript is the transcript pane: the window of the open
// session's entries (following the end or anchored where the person
// scrolled), the markdown and tool chips they are drawn as, the entries'
// selection (copy, fork, open a chip, copy a code block) and the search
// bar. It keeps every entry by its stable key (wire.Entry.Key), reads the
// entries through a Source and reports what the person did as an action.
package transcript

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// WheelLines is how far one notch of the mouse wheel scrolls.
const WheelLines = 3

// Transcript is the transcript pane: the visible window of the session's
// entries. It never renders the whole transcript: while following it draws
// from the last entry upwards; scrolled up, from an anchor (an entry and a
// line in it) downwards. Either way only what is on screen is rendered.
type Transcript struct {
	ctx     *ui.Context
	src     Source // the open session's entries, nil when none
	r       *renderer
	guard   ui.Guard // holds a key that is text until enter confirms it
	chunk   int      // items folded at a time while scrolling up
	width   int
	height  int
	follow  bool     // pinned to the bottom
	top     anchor   // the first visible line, when not following
	unseen  int      // entries added while scrolled up
	last    int64    // the key of the last entry counted, noKey before any
	keys    keyIndex // where each entry is, by its key
	sel     int64    // the selected entry's key, noKey for none
	marked  bool     // the selected entry is marked on screen (the entries pane has the focus)
	chips   chipViews
	search  *Search // the search bar, whose matches the window highlights
	jump    bool    // following moves in jumps (jump.go)
	jumpTop anchor  // the window's top while following in jumps, noKey before the first frame
	aside   bool    // a tile of the wall without the focus: the keys act on another tile
}

// noKey is no entry's key.
const noKey = -1

// anchor is a line of an entry, known by its key: the top of the window
// when scrolled up. An entry's key never changes, so folding earlier
// entries in front moves nothing the transcript keeps.
type anchor struct {
	key int64
	off int
}

// place is a line of an entry by its position in the entries: what the
// scrolling works in, from the anchor and back to it.
type place struct{ idx, off int }

// keyIndex finds an entry's position from its key. Entries are appended at
// the end, or put in front (a fold) and among the others (notes of earlier
// events): it extends itself on appends, and is made again after the rest.
type keyIndex struct {
	pos  map[int64]int
	n    int   // entries indexed
	last int64 // the key of entry n-1
}

// of is the position of the entry keyed key in es, -1 when none.
func (k *keyIndex) of(es []wire.Entry, key int64) int {
	if k.pos == nil || k.n > len(es) || (k.n > 0 && es[k.n-1].Key != k.last) {
		k.pos, k.n = make(map[int64]int, len(es)), 0
	}
	for ; k.n < len(es); k.n++ {
		k.pos[es[k.n].Key] = k.n
	}
	if k.n > 0 {
		k.last = es[k.n-1].Key
	}
	if i, ok := k.pos[key]; ok {
		return i
	}
	return -1
}

// New is the transcript pane of ctx, with no session open.
func New(ctx *ui.Context) *Transcript {
	t := &Transcript{ctx: ctx, r: newRenderer(ctx.Styles, ctx.Location, 80), follow: true, sel: noKey, last: noKey,
		jumpTop: anchor{key: noKey},
		chips:   newChipViews(), chunk: foldChunk, top: anchor{key: noKey}}
	t.search = newSearch(ctx, t)
	return t
}

// Search is the transcript's search bar.
func (t *Transcript) Search() *Search { return t.search }

// Open shows another session's entries (nil for none): the scroll
// position, the selection, the open chips and the renderings start over.
func (t *Transcript) Open(src Source) {
	t.src = src
	t.reset()
}

// SetFoldChunk sets how many earlier items a scroll near the first entry
// folds at a time (foldChunk by default).
func (t *Transcript) SetFoldChunk(n int) { t.chunk = max(n, 1) }

// SetMarked marks the selected entry on screen (the entries pane has the
// focus) or not, and forgets a proposed key when not.
func (t *Transcript) SetMarked(on bool) {
	if !on {
		t.guard = ui.Guard{}
	}
	t.marked = on
}

// Disarm forgets a proposed key and returns its text.
func (t *Transcript) Disarm() string { return t.guard.Disarm() }

// Armed reports whether a key is proposed, waiting for enter.
func (t *Transcript) Armed() bool { return t.guard.Armed() }

// Height is the lines the pane takes.
func (t *Transcript) Height() int { return t.height }

// Following reports whether the window follows the end.
func (t *Transcript) Following() bool { return t.follow }

// at is the anchor's place in es: the first entry when its entry is gone.
func (t *Transcript) at(es []wire.Entry) place {
	i := t.keys.of(es, t.top.key)
	if i < 0 {
		return place{}
	}
	return place{idx: i, off: t.top.off}
}

// setTop anchors the window's top at p.
func (t *Transcript) setTop(es []wire.Entry, p place) {
	if p.idx < 0 || p.idx >= len(es) {
		t.top = anchor{key: noKey}
		return
	}
	t.top = anchor{key: es[p.idx].Key, off: p.off}
}

// selected is the selected entry's position in es, -1 when none.
func (t *Transcript) selected(es []wire.Entry) int {
	if t.sel == noKey {
		return -1
	}
	return t.keys.of(es, t.sel)
}

// selectAt selects entry i of es (none for -1).
func (t *Transcript) selectAt(es []wire.Entry, i int) {
	t.sel = noKey
	if i >= 0 && i < len(es) {
		t.sel = es[i].Key
	}
}

// entries is the open session's entries, nil when none.
func (t *Transcript) entries() []wire.Entry {
	if t.src == nil {
		return nil
	}
	return t.src.Entries()
}

// View draws the open session's window of entries: exactly its height in
// lines.
func (t *Transcript) View() string { return strings.Join(t.Lines(), "\n") }

// Lines is the window: exactly its height in lines.
func (t *Transcript) Lines() []string { return t.view(t.entries()) }

// ShortHelp lists the keys of the transcript while an entry is selected.
func (t *Transcript) ShortHelp() []key.Binding {
	k := &t.ctx.Keys
	return []key.Binding{k.Up, k.Down, k.Copy, k.CopyCode, k.ToolCall, k.Fork, k.First, k.Last, k.SearchEntries, k.Back}
}

// FullHelp lists the selection's keys, then the scrolling keys (which work
// whatever has the focus).
func (t *Transcript) FullHelp() [][]key.Binding {
	return [][]key.Binding{t.ShortHelp(), t.scrollKeys()}
}

// scrollKeys are the keys that scroll the transcript from any pane.
func (t *Transcript) scrollKeys() []key.Binding {
	k := &t.ctx.Keys
	return []key.Binding{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom}
}

// Update scrolls on the scrolling keys and, while an entry is selected,
// moves the selection, copies or forks; once it acted it reports ui.Done,
// and the focus goes back to the composer.
func (t *Transcript) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if t.OnScrollKey(msg) {
			return nil, nil
		}
		if t.marked {
			return t.guard.Guarded(msg, t.onSelectKey)
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			t.Scroll(-WheelLines)
		case tea.MouseWheelDown:
			t.Scroll(WheelLines)
		}
	}
	return nil, nil
}

// SetSize gives the pane its size; renderings at another width are
// dropped.
func (t *Transcript) SetSize(w, h int) {
	if w != t.r.width {
		t.r.reset(w)
	}
	t.width, t.height = w, max(h, 1)
}

// SetStyles changes the styles and drops every rendering.
func (t *Transcript) SetStyles(st *theme.Styles) { t.r.setStyles(st) }

// FlushStreams renders the streaming replies' new text; it reports whether
// a rendering changed.
func (t *Transcript) FlushStreams() bool {
	if es := t.entries(); len(es) > 0 {
		changed := t.r.flushStreams(es)
		t.followMoves()
		return changed
	}
	return false
}

// StreamsBehind reports whether a streaming reply shows less than it has
// received: FlushStreams drew an unfinished list, code block or quote less
// often than its text came, and should be called again a flush interval
// later even if nothing else comes.
func (t *Transcript) StreamsBehind() bool {
	if es := t.entries(); len(es) > 0 {
		return t.r.streamsBehind(es)
	}
	return false
}

// reset forgets the scroll position, the selection and the open chips, for
// another session.
func (t *Transcript) reset() {
	t.follow, t.top, t.unseen, t.last, t.sel = true, anchor{key: noKey}, 0, noKey, noKey
	t.jumpTop = anchor{key: noKey}
	t.keys, t.chips = keyIndex{}, newChipViews()
	t.r.reset(t.r.width)
}

// EntriesChanged counts the entries added at the end while scrolled up
// (entries a fold puts in front are not new).
func (t *Transcript) EntriesChanged() {
	es := t.entries()
	n := len(es)
	if n == 0 || es[n-1].Key == t.last {
		return
	}
	if !t.follow && t.last != noKey {
		if i := t.keys.of(es, t.last); i >= 0 {
			t.unseen += n - 1 - i
		}
	}
	t.last = es[n-1].Key
}

// height of entry i.
func (t *Transcript) entryHeight(es []wire.Entry, i int) int { return len(t.lines(es, i)) }

// entryLines is entry i's rendering, marked when it is the selected one
// (the cached rendering is left as it is).
func (t *Transcript) entryLines(es []wire.Entry, i int) []string {
	l := t.search.mark(i, t.lines(es, i))
	if !t.marked || t.sel == noKey || es[i].Key != t.sel {
		return l
	}
	out := make([]string, len(l))
	bar := t.r.st.Selected.Render("▌")
	for k, line := range l {
		switch {
		case line == "":
		case strings.HasPrefix(line, " "):
			line = bar + xansi.Cut(line, 1, t.width)
		default:
			line = bar + xansi.Truncate(line, t.width-1, "…")
		}
		out[k] = line
	}
	return out
}

// show scrolls so that entry i is on screen: from its top when it is above
// the window or below it; following again when the rest fits.
func (t *Transcript) show(es []wire.Entry, i int) {
	if i < 0 || i >= len(es) {
		return
	}
	top := t.at(es)
	if t.follow {
		var ok bool
		if top, ok = t.followTop(es); !ok {
			return // everything fits
		}
	}
	below := -top.off
	for k := top.idx; k < i; k++ {
		below += t.entryHeight(es, k)
	}
	if i > top.idx && below+t.entryHeight(es, i) <= t.height {
		return // on screen already
	}
	if i == top.idx && top.off == 0 {
		return
	}
	t.follow = false
	t.setTop(es, place{idx: i})
	if t.restFits(es) {
		t.ToBottom()
	}
}
