package transcript

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/internal/search"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Search is the transcript's search: a line above the status line where
// the person types a query, the matches highlighted in the transcript and
// the current one scrolled into view. It searches every entry of the
// session, not only those drawn, through an index kept current with the
// entries' revisions. It shows while the root says so: typing, the keys
// refine the query; done typing, n and N move between the matches.
type Search struct {
	ctx    *ui.Context
	t      *Transcript
	input  ui.LineInput
	typing bool // the bar takes text: typing refines the query
	shown  bool // the bar shows (the root gave it the keys)
	width  int

	idx  *search.Index // nil until the first search
	src  Source        // the entries idx indexes
	keys []indexedKey  // each indexed entry as it was indexed
}

// indexedKey identifies the version of an entry the index holds.
type indexedKey struct {
	key       int64
	rev       int
	kind      wire.EntryKind
	size      int
	entryID   string
	messageID string
}

// resyncMax is how many changed entries a sync sets one by one; more (a
// transcript that shifted) and the index is built again.
const resyncMax = 64

func newSearch(ctx *ui.Context, t *Transcript) *Search { return &Search{ctx: ctx, t: t} }

// SetShown shows the bar (it has the keys) or hides it.
func (b *Search) SetShown(on bool) { b.shown = on }

// Active reports whether the bar shows.
func (b *Search) Active() bool { return b.shown && b.t.src != nil }

// Height is the lines the bar takes: one while it shows.
func (b *Search) Height() int {
	if b.Active() {
		return 1
	}
	return 0
}

// SetSize gives the bar its width.
func (b *Search) SetSize(w, _ int) { b.width = w }

// ShortHelp lists the keys the bar answers now.
func (b *Search) ShortHelp() []key.Binding {
	k := &b.ctx.Keys
	if b.typing {
		return []key.Binding{k.SearchNextTyping, k.SearchPrevTyping, k.SearchDone, k.SearchClose}
	}
	return []key.Binding{k.SearchNext, k.SearchPrev, k.SearchEntries, k.SearchClose}
}

// FullHelp lists the bar's keys, typing and done typing.
func (b *Search) FullHelp() [][]key.Binding {
	k := &b.ctx.Keys
	return [][]key.Binding{
		{k.SearchNextTyping, k.SearchPrevTyping, k.SearchDone, k.SearchClose},
		{k.SearchNext, k.SearchPrev, k.SearchEntries, k.Search},
	}
}

// Open readies the bar with the last query, typing; the root shows it.
func (b *Search) Open() {
	b.typing = true
	b.Sync()
}

// Close stops typing; the root hides the bar. The query is kept for the
// next search.
func (b *Search) Close() { b.typing = false }

// Update handles a key while the bar shows; it reports ui.Done when it
// closed.
func (b *Search) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		b.typing = true
		b.input.Insert(msg.Content)
		b.refine()
	case tea.KeyPressMsg:
		if key.Matches(msg, b.ctx.Keys.SearchClose) {
			b.Close()
			return nil, ui.Done{}
		}
		if b.typing {
			b.onTypingKey(msg)
		} else {
			b.onBrowseKey(msg)
		}
	}
	return nil, nil
}

// onTypingKey refines the query, or moves between matches.
func (b *Search) onTypingKey(msg tea.KeyPressMsg) {
	k := &b.ctx.Keys
	switch {
	case key.Matches(msg, k.SearchNextTyping):
		b.move(1)
	case key.Matches(msg, k.SearchPrevTyping):
		b.move(-1)
	case key.Matches(msg, k.SearchDone):
		b.typing = false
	case key.Matches(msg, k.Search):
	case b.input.Update(msg):
		b.refine()
	}
}

// onBrowseKey moves between matches; the search keys and any text go back
// to typing.
func (b *Search) onBrowseKey(msg tea.KeyPressMsg) {
	k := &b.ctx.Keys
	switch {
	case key.Matches(msg, k.SearchNext):
		b.move(1)
	case key.Matches(msg, k.SearchPrev):
		b.move(-1)
	case key.Matches(msg, k.SearchEntries, k.Search):
		b.typing = true
	case b.input.Update(msg):
		b.typing = true
		b.refine()
	}
}

// refine searches the query as typed so far. A first query starts from the
// top of the window; a refined one keeps its current match where it can.
func (b *Search) refine() {
	b.Sync()
	if b.idx == nil {
		return
	}
	_, had := b.idx.Current()
	b.idx.Search(b.input.String())
	if !had {
		b.idx.From(b.t.topEntry(b.t.entries()))
	}
	b.reveal()
}

// move goes to the next match (d 1) or the previous one (d -1) and shows it.
func (b *Search) move(d int) {
	b.Sync()
	if b.idx == nil {
		return
	}
	if d > 0 {
		b.idx.Next()
	} else {
		b.idx.Prev()
	}
	b.reveal()
}

// current is the current match's entry and which of the entry's matches it
// is (from 0); ok is false when there is none.
func (b *Search) current() (entry, nth int, ok bool) {
	if b.idx == nil {
		return 0, 0, false
	}
	m, ok := b.idx.Current()
	if !ok {
		return 0, 0, false
	}
	for j, o := range b.idx.In(m.Message) {
		if o.Start == m.Start {
			nth = j
		}
	}
	return m.Message, nth, true
}

// reveal scrolls the transcript so that the current match is on screen.
func (b *Search) reveal() {
	i, nth, ok := b.current()
	es := b.t.entries()
	if !ok || i >= len(es) {
		return
	}
	b.t.decode(es, i)
	line := matchLine(b.t.r.lines(&es[i]), foldRunes(b.idx.Query()), len(b.idx.In(i)), nth)
	b.t.showLine(es, i, line)
}

// Sync brings the index up to the open session's entries: built on the
// first search or for another session, then each entry whose revision
// changed set again and the new ones appended.
func (b *Search) Sync() {
	src := b.t.src
	if src == nil {
		b.idx, b.src, b.keys = nil, nil, nil
		return
	}
	b.t.FoldEarlier(-1) // the search covers every message
	es := src.Entries()
	if b.idx == nil || src != b.src || len(es) < len(b.keys) {
		b.rebuild(src)
		return
	}
	changed := 0
	for i := range b.keys {
		if k := keyOf(&es[i]); k != b.keys[i] {
			if changed++; changed > resyncMax {
				b.rebuild(src)
				return
			}
			b.idx.Set(i, searchText(src, es, i))
			b.keys[i] = k
		}
	}
	for i := len(b.keys); i < len(es); i++ {
		b.idx.Append(searchText(src, es, i))
		b.keys = append(b.keys, keyOf(&es[i]))
	}
}

// rebuild indexes every entry of src again, and searches the query anew.
func (b *Search) rebuild(src Source) {
	es := src.Entries()
	texts := make([]string, len(es))
	b.keys = make([]indexedKey, len(es))
	for i := range es {
		texts[i] = searchText(src, es, i)
		b.keys[i] = keyOf(&es[i])
	}
	b.idx, b.src = search.New(texts), src
	if q := b.input.String(); q != "" {
		b.idx.Search(q)
		b.idx.From(b.t.topEntry(es))
	}
}

// keyOf is the version of an entry the index holds.
func keyOf(e *wire.Entry) indexedKey {
	return indexedKey{key: e.Key, rev: e.Rev, kind: e.Kind, size: len(e.Text), entryID: e.EntryID, messageID: e.MessageID}
}

// searchText is the text of entry i as the transcript shows it: a
// message's text, a tool's name, a notice's words and detail. A lazy
// entry's text is decoded for the index without being kept.
func searchText(src Source, es []wire.Entry, i int) string {
	e := &es[i]
	switch {
	case e.Kind == wire.EntryTool || e.Role == wire.RoleToolResult:
		return ui.SanitizeLine(e.ToolName)
	case e.Kind == wire.EntryNotice:
		return ui.SanitizeLine(noticeWords(e)) + " " + ui.Sanitize(noticeDetail(e))
	}
	return ui.Sanitize(src.EntryText(i))
}

// status is the count as the bar says it: "3 of 17", or that nothing
// matches.
func (b *Search) status() string {
	q := b.input.String()
	if q == "" || b.idx == nil {
		return ""
	}
	i, n := b.idx.Position()
	if n == 0 {
		return fmt.Sprintf("no match for “%s”", q)
	}
	return ui.Thousands(i) + " of " + ui.Thousands(n)
}

// hints are the keys that work now, shortly worded, the most useful first.
func (b *Search) hints() []string {
	k, c := &b.ctx.Keys, b.ctx
	if b.typing {
		return []string{
			c.Hint(k.SearchClose, "close"),
			c.Styles.Key.Render(ui.FirstKey(k.SearchNextTyping)+ui.FirstKey(k.SearchPrevTyping)) + c.Styles.KeyDesc.Render(" move"),
			c.Hint(k.SearchDone, "done"),
		}
	}
	return []string{
		c.Hint(k.SearchClose, "close"),
		c.Styles.Key.Render(ui.FirstKey(k.SearchNext)+"/"+ui.FirstKey(k.SearchPrev)) + c.Styles.KeyDesc.Render(" move"),
		c.Hint(k.SearchEntries, "edit"),
	}
}

// View draws the bar: the query, the count and the keys that work now.
func (b *Search) View() string {
	st := b.ctx.Styles
	left := st.Key.Render("/ ") + st.Body.Render(b.input.String())
	if b.typing {
		left = st.Key.Render("/ ") + b.input.View(st)
	}
	count := b.status()
	if strings.HasPrefix(count, "no match") {
		count = st.StatusWarn.Render(count)
	} else if count != "" {
		count = st.Status.Render(count)
	}
	line := ui.JoinFit([]string{left, count}, b.width)
	room := b.width - xansi.StringWidth(line) - 3
	hint := ""
	for _, h := range b.hints() {
		next := h
		if hint != "" {
			next = hint + st.KeyDesc.Render(" · ") + h
		}
		if xansi.StringWidth(next) > room {
			break
		}
		hint = next
	}
	if hint != "" {
		return line + strings.Repeat(" ", b.width-xansi.StringWidth(line)-xansi.StringWidth(hint)) + hint
	}
	return ui.Pad(line, b.width)
}

// OnSearchKey handles the keys that search the transcript or jump in it,
// wherever the keys are in the open session: the bar's keys while it is
// open (searching; the session's own keys, its list, take-over, info,
// mouse and panes, go on), ctrl+home to the first entry, ctrl+f opening
// the bar (OpenSearch: the root gives it the keys). ok is false for other
// keys. What the bar reports is the bar's (its ui.Done when it closed).
func (t *Transcript) OnSearchKey(msg tea.KeyPressMsg, searching bool) (cmd tea.Cmd, act ui.Action, ok bool) {
	k := &t.ctx.Keys
	switch {
	case key.Matches(msg, k.Top):
		t.ToFirst() // in the entries pane, the first that can be selected
	case searching:
		if key.Matches(msg, k.Sessions, k.TakeOver, k.Info, k.Mouse, k.Panes, k.PanesBack) {
			return nil, nil, false
		}
		cmd, act := t.search.Update(msg)
		return cmd, act, true
	case key.Matches(msg, k.Search):
		return nil, OpenSearch{}, true
	default:
		return nil, nil, false
	}
	return nil, nil, true
}
