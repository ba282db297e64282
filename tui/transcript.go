package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// wheelLines is how far one notch of the mouse wheel scrolls.
const wheelLines = 3

// transcript is the transcript pane: the visible window of the session's
// entries. It never renders the whole transcript: while following it draws
// from the last entry upwards; scrolled up, from an anchor (an entry and a
// line in it) downwards. Either way only what is on screen is rendered.
type transcript struct {
	c      *common
	r      *renderer
	width  int
	height int
	follow bool     // pinned to the bottom
	top    anchor   // the first visible line, when not following
	unseen int      // entries added while scrolled up
	last   int64    // the key of the last entry counted, noKey before any
	keys   keyIndex // where each entry is, by its key
	sel    int64    // the selected entry's key, noKey for none
	marked bool     // the selected entry is marked on screen (the entries pane has the focus)
	chips  chipViews

	followKey string // the key that follows the end again, for the marker
	// mark, when set, decorates an entry's lines as they are drawn (the
	// search's highlights); it returns the lines it was given to leave them.
	mark func(i int, lines []string) []string
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
func (k *keyIndex) of(es []client.Entry, key int64) int {
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

func newTranscript(c *common, r *renderer) *transcript {
	return &transcript{c: c, r: r, follow: true, sel: noKey, last: noKey, chips: newChipViews()}
}

// at is the anchor's place in es: the first entry when its entry is gone.
func (t *transcript) at(es []client.Entry) place {
	i := t.keys.of(es, t.top.key)
	if i < 0 {
		return place{}
	}
	return place{idx: i, off: t.top.off}
}

// setTop anchors the window's top at p.
func (t *transcript) setTop(es []client.Entry, p place) {
	if p.idx < 0 || p.idx >= len(es) {
		t.top = anchor{key: noKey}
		return
	}
	t.top = anchor{key: es[p.idx].Key, off: p.off}
}

// selected is the selected entry's position in es, -1 when none.
func (t *transcript) selected(es []client.Entry) int {
	if t.sel == noKey {
		return -1
	}
	return t.keys.of(es, t.sel)
}

// selectAt selects entry i of es (none for -1).
func (t *transcript) selectAt(es []client.Entry, i int) {
	t.sel = noKey
	if i >= 0 && i < len(es) {
		t.sel = es[i].Key
	}
}

// entries is the open session's entries, nil when none.
func (t *transcript) entries() []client.Entry {
	if s := t.c.sess; s != nil && s.state != nil {
		return s.state.Entries
	}
	return nil
}

// SetSize gives the pane its size.
func (t *transcript) SetSize(w, h int) { t.setSize(w, h) }

// View draws the open session's window of entries: exactly its height in
// lines.
func (t *transcript) View() string { return strings.Join(t.view(t.entries()), "\n") }

// ShortHelp lists the keys of the transcript while an entry is selected.
func (t *transcript) ShortHelp() []key.Binding {
	k := &t.c.Keys
	return []key.Binding{k.Up, k.Down, k.Copy, k.CopyCode, k.ToolCall, k.Fork, k.Back}
}

// FullHelp lists the selection's keys, then the scrolling keys (which work
// whatever has the focus).
func (t *transcript) FullHelp() [][]key.Binding {
	return [][]key.Binding{t.ShortHelp(), t.scrollKeys()}
}

// scrollKeys are the keys that scroll the transcript from any pane.
func (t *transcript) scrollKeys() []key.Binding {
	k := &t.c.Keys
	return []key.Binding{k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom}
}

// Update scrolls on the scrolling keys and, while an entry is selected,
// moves the selection, copies or forks; once it acted it reports ui.Done,
// and the focus goes back to the composer.
func (t *transcript) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if key.Matches(msg, t.scrollKeys()...) {
			t.onScrollKey(msg)
			return nil, nil
		}
		if t.c.focus == focusEntries {
			cmd, acted := t.onSelectKey(msg)
			if acted {
				return cmd, ui.Done{}
			}
			return cmd, nil
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			t.scroll(t.entries(), -wheelLines)
		case tea.MouseWheelDown:
			t.scroll(t.entries(), wheelLines)
		}
	}
	return nil, nil
}

// onScrollKey scrolls the window.
func (t *transcript) onScrollKey(msg tea.KeyPressMsg) {
	es, k := t.entries(), &t.c.Keys
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
		t.toBottom()
	}
}

// setSize sets the pane's size; renderings at another width are dropped.
func (t *transcript) setSize(w, h int) {
	if w != t.r.width {
		t.r.reset(w)
	}
	t.width, t.height = w, max(h, 1)
}

// setStyles changes the styles and drops every rendering.
func (t *transcript) setStyles(st *theme.Styles) { t.r.setStyles(st) }

// reset forgets the scroll position, the selection and the open chips, for
// another session.
func (t *transcript) reset() {
	t.follow, t.top, t.unseen, t.last, t.sel = true, anchor{key: noKey}, 0, noKey, noKey
	t.keys, t.chips = keyIndex{}, newChipViews()
	t.r.reset(t.r.width)
}

// entriesChanged counts the entries added at the end while scrolled up
// (entries a fold puts in front are not new).
func (t *transcript) entriesChanged(es []client.Entry) {
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
func (t *transcript) entryHeight(es []client.Entry, i int) int { return len(t.lines(es, i)) }

// scroll moves the window by n lines (negative: up). Scrolling down to the
// end follows again.
func (t *transcript) scroll(es []client.Entry, n int) {
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

// followTop is the window's top while following; ok is false when the
// whole transcript fits.
func (t *transcript) followTop(es []client.Entry) (place, bool) {
	total := 0
	for i := len(es) - 1; i >= 0; i-- {
		h := t.entryHeight(es, i)
		if total+h >= t.height {
			return place{idx: i, off: total + h - t.height}, total+h > t.height || i > 0
		}
		total += h
	}
	return place{}, false
}

func (t *transcript) up(es []client.Entry, n int) {
	a := t.at(es)
	a.off -= n
	for a.off < 0 && a.idx > 0 {
		a.idx--
		a.off += t.entryHeight(es, a.idx)
	}
	a.off = max(a.off, 0)
	t.setTop(es, a)
}

func (t *transcript) down(es []client.Entry, n int) {
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
		t.toBottom()
	}
}

// restFits reports whether everything from the top anchor down fits in the
// window: the end is on screen, so the pane follows again.
func (t *transcript) restFits(es []client.Entry) bool {
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

// toBottom follows the end again.
func (t *transcript) toBottom() {
	t.follow, t.unseen, t.top = true, 0, anchor{key: noKey}
}

// page scrolls by a window less a line (dir -1 up, 1 down).
func (t *transcript) page(es []client.Entry, dir int) {
	t.scroll(es, dir*max(t.height-1, 1))
}

// view is the window: exactly height lines.
func (t *transcript) view(es []client.Entry) []string {
	var out []string
	if t.follow {
		out = t.tail(es)
	} else {
		out = t.from(es)
	}
	for len(out) < t.height {
		out = append(out, "")
	}
	if !t.follow {
		out[len(out)-1] = t.marker(es)
	}
	return out
}

// tail is the last height lines.
func (t *transcript) tail(es []client.Entry) []string {
	var chunks [][]string
	n := 0
	for i := len(es) - 1; i >= 0 && n < t.height; i-- {
		l := t.entryLines(es, i)
		chunks = append(chunks, l)
		n += len(l)
	}
	out := make([]string, 0, n)
	for k := len(chunks) - 1; k >= 0; k-- {
		out = append(out, chunks[k]...)
	}
	if len(out) > t.height {
		out = out[len(out)-t.height:]
	}
	return out
}

// from is height lines from the top anchor.
func (t *transcript) from(es []client.Entry) []string {
	out := make([]string, 0, t.height)
	top := t.at(es)
	off := top.off
	for i := top.idx; i < len(es) && len(out) < t.height; i++ {
		l := t.entryLines(es, i)
		if off < len(l) {
			out = append(out, l[off:]...)
		}
		off = 0
	}
	if len(out) > t.height {
		out = out[:t.height]
	}
	return out
}

// marker is the line shown while scrolled up: where the window is, the
// messages added since, and the key that follows the end.
func (t *transcript) marker(es []client.Entry) string {
	s := " " + t.position(es) + " · "
	if t.unseen > 0 {
		word := "messages"
		if t.unseen == 1 {
			word = "message"
		}
		s += fmt.Sprintf("↓ %d new %s · ", t.unseen, word)
	}
	s += t.followKey + " follows "
	return t.r.st.Marker.Render(xansi.Truncate(s, t.width, "…"))
}

// entryLines is entry i's rendering, marked when it is the selected one
// (the cached rendering is left as it is).
func (t *transcript) entryLines(es []client.Entry, i int) []string {
	l := t.lines(es, i)
	if t.mark != nil {
		l = t.mark(i, l)
	}
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
func (t *transcript) show(es []client.Entry, i int) {
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
		t.toBottom()
	}
}
