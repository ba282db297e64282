package transcript

import (
	"strings"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
)

// plainTailBytes is the size past which a streaming tail is shown as plain
// wrapped text rather than rendered again as markdown at every tick.
const plainTailBytes = 2048

// Render cache bounds: rendered entries kept at once, and how far back from
// the end a flush looks for streaming entries.
const (
	cacheEntries = 512
	streamLook   = 64
	BodyIndent   = "  " // where a turn's body starts
)

// renderer turns transcript entries into lines at one width and keeps the
// result per entry (bounded, evicting the oldest rendered). Assistant text
// streaming in is rendered block by block, at flushes only.
type renderer struct {
	st      *theme.Styles
	loc     *time.Location
	width   int
	md      *markdown.Renderer
	cache   map[int64]*cachedEntry // by the entries' keys
	order   []int64                // entry keys in the order they were cached
	streams map[string]*streamView // streaming assistant text, by message id
	moves   map[int64][]lineMove   // the lines of entries that moved since the window last followed them, by key
	// glamoured counts the bytes drawn through glamour (streamdraw.go).
	glamoured int
}

// cachedEntry is an entry's rendering and what it was made from.
type cachedEntry struct {
	key   entryKey
	lines []string
}

// entryKey identifies the version of an entry a rendering shows.
type entryKey struct {
	rev       int
	kind      wire.EntryKind
	streaming bool
	entryID   string
	messageID string
}

// streamView is the rendering of a streaming message so far: its finished
// blocks and its tail, as of the last flush. A flush reads only the text
// after the finished blocks: a reply of n bytes costs O(n) over its stream,
// not O(n) a flush.
type streamView struct {
	width  int
	cut    int64  // the entry's Cut when the text was rendered
	text   string // the text rendered
	done   int    // the bytes of text the finished blocks came from
	blocks []markdown.Block
	rough  []bool   // blocks drawn plain, waiting for glamour (streamdraw.go)
	lines  []string // the finished blocks' lines, indented, each block followed by a blank line
	tail   []string
	// A tail that markdown.Renderer does not draw itself (DrawBlock: a
	// nested list, a table, a link, ...) goes through glamour: at most
	// every glamourTailEvery-th flush while the same block streams in
	// (tailAt: where it starts);
	// between two, the last drawing stays and stale says the tail is behind
	// the text (Transcript.StreamsBehind); a flush with no new text draws it.
	tailAt int
	skips  int
	stale  bool
}

// glamourTailEvery is how often, in flushes, an unfinished block that
// glamour draws is drawn again while it streams in: every third (at the
// 60 ms flush, about five times a second). The common tails (a paragraph, a
// heading, a list, a quote, code) are drawn at every flush, without glamour.
const glamourTailEvery = 3

func newRenderer(st *theme.Styles, loc *time.Location, width int) *renderer {
	r := &renderer{st: st, loc: loc}
	r.reset(width)
	return r
}

// reset drops every rendering and renders at width from now on.
func (r *renderer) reset(width int) {
	r.width = max(width, 20)
	r.md = markdown.New(r.st.Markdown, r.width-len(BodyIndent))
	r.cache = make(map[int64]*cachedEntry)
	r.order = r.order[:0]
	r.streams = make(map[string]*streamView)
}

// setStyles changes the styles (a new background) and drops every rendering.
func (r *renderer) setStyles(st *theme.Styles) {
	r.st = st
	r.reset(r.width)
}

// lines is entry e's rendering, from the cache when it is of e's version.
func (r *renderer) lines(e *wire.Entry) []string {
	k := entryKey{rev: e.Rev, kind: e.Kind, streaming: e.Streaming, entryID: e.EntryID, messageID: e.MessageID}
	if c, ok := r.cache[e.Key]; ok && c.key == k {
		return c.lines
	}
	lines := r.render(e)
	if c, ok := r.cache[e.Key]; ok {
		c.key, c.lines = k, lines
		return lines
	}
	if len(r.order) >= cacheEntries {
		delete(r.cache, r.order[0])
		r.order = r.order[1:]
	}
	r.cache[e.Key] = &cachedEntry{key: k, lines: lines}
	r.order = append(r.order, e.Key)
	return lines
}

// render draws one entry.
func (r *renderer) render(e *wire.Entry) []string {
	if e.Unreadable {
		return r.unreadable(e)
	}
	switch e.Kind {
	case wire.EntryTool:
		return []string{r.fit(r.chip(e.ToolName, e.ToolState, e.IsError))}
	case wire.EntryNotice:
		return r.noticeLines(e)
	}
	switch e.Role {
	case wire.RoleUser:
		return r.userTurn(e)
	case wire.RoleAssistant:
		return r.reply(e)
	case wire.RoleToolResult:
		state := wire.ToolOK
		if e.IsError {
			state = wire.ToolError
		}
		return []string{r.fit(r.chip(e.ToolName, state, e.IsError))}
	}
	return r.userTurn(e)
}

// header is a turn's first line: who and when.
func (r *renderer) header(label string, style func(...string) string, t time.Time, extra string) string {
	h := style(label)
	if !t.IsZero() {
		h += r.st.Time.Render(" · " + t.In(r.loc).Format("15:04"))
	}
	if extra != "" {
		h += r.st.Time.Render(" · " + extra)
	}
	return r.fit(h)
}

// userTurn draws the person's turn, or a collaborator's accepted chime.
func (r *renderer) userTurn(e *wire.Entry) []string {
	label, style := "you", r.st.UserLabel.Render
	if e.Author != "" {
		label, style = ui.TitleLine(e.Author)+" (collaborator)", r.st.AuthorLabel.Render
	}
	if e.Role != wire.RoleUser && e.Role != "" {
		label = ui.NameLine(e.Role)
	}
	out := []string{"", r.header(label, style, e.Time, "")}
	for _, l := range ui.WrapPlain(ui.Sanitize(e.Text), r.width-len(BodyIndent)) {
		out = append(out, BodyIndent+r.st.Body.Render(l))
	}
	return append(out, r.failureLines(e)...)
}

// reply draws an assistant message: markdown, or the streamed text so far.
func (r *renderer) reply(e *wire.Entry) []string {
	if e.Streaming {
		out := []string{"", r.header("assistant", r.st.AssistantLabel.Render, e.Time, "streaming…")}
		out = append(out, r.cutNote(e)...)
		sv := r.streams[e.MessageID]
		if sv == nil || sv.width != r.width {
			return append(out, BodyIndent+r.st.Time.Render("…"))
		}
		out = append(out, sv.lines...)
		return indentInto(out, sv.tail)
	}
	if strings.TrimSpace(e.Text) == "" {
		if len(e.ToolCalls) > 0 {
			return nil
		}
		return []string{"", r.header("assistant", r.st.AssistantLabel.Render, e.Time, "no text")}
	}
	var reuse []markdown.Block
	if sv := r.streams[e.MessageID]; sv != nil && sv.width == r.width {
		reuse = sv.finished()
		delete(r.streams, e.MessageID)
	}
	out := []string{"", r.header("assistant", r.st.AssistantLabel.Render, e.Time, "")}
	out = append(out, r.cutNote(e)...)
	return indentInto(out, r.md.Render(ui.Sanitize(e.Text), reuse))
}

// indentInto appends lines to out, indented as a body.
func indentInto(out, lines []string) []string {
	for _, l := range lines {
		if l == "" {
			out = append(out, "")
			continue
		}
		out = append(out, BodyIndent+l)
	}
	return out
}

// flushStream renders a streaming entry's new finished blocks and its tail.
// It reports whether the rendering changed.
func (r *renderer) flushStream(e *wire.Entry) bool {
	sv := r.streams[e.MessageID]
	switch {
	case sv != nil && sv.width == r.width && sv.cut != e.Cut:
		r.recut(sv, e)
	case sv == nil || sv.width != r.width || !strings.HasPrefix(e.Text, sv.text):
		sv = &streamView{width: r.width, tailAt: -1, cut: e.Cut}
		r.streams[e.MessageID] = sv
	}
	paused := sv.text == e.Text // nothing came since: what is behind is drawn now
	if paused && !sv.stale {
		return false
	}
	sv.text = e.Text
	// The finished blocks end at a blank line outside a code fence: the
	// rest starts afresh there. Sanitizing keeps every newline, so the
	// rest's finished lines are as many of the text's.
	rest := ui.Sanitize(e.Text[sv.done:])
	blocks, tail := markdown.SplitBlocks(rest)
	budget := drawBudget
	drawn, rough := r.drawBlocks(blocks, &budget)
	for i, b := range drawn {
		sv.blocks, sv.rough = append(sv.blocks, b), append(sv.rough, rough[i])
		sv.lines = append(indentInto(sv.lines, b.Lines), "")
	}
	refined := r.refine(e, sv, &budget)
	if len(blocks) > 0 {
		sv.done += afterLines(e.Text[sv.done:], strings.Count(rest[:len(rest)-len(tail)], "\n"))
	}
	sv.stale = false
	switch {
	case strings.TrimSpace(tail) == "":
		sv.tail = nil
	case len(tail) > plainTailBytes:
		sv.tail = ui.WrapPlain(tail, r.md.Width())
	default:
		if lines, ok := r.md.DrawBlock(tail); ok { // a paragraph, a heading, a list, a quote, code
			sv.tail, sv.tailAt = lines, -1
			break
		}
		if !paused && len(blocks) == 0 && !refined && sv.tailAt == sv.done && sv.skips < glamourTailEvery-1 {
			sv.skips++
			sv.stale = true
			return false // the same block's last drawing stays a little longer
		}
		sv.tail, sv.tailAt, sv.skips = r.md.RenderBlock(tail), sv.done, 0
	}
	sv.stale = sv.isRough() // the next flush draws more of them
	return true
}

// streamsBehind reports whether a streaming entry near the end of es shows
// less than its text (a tail drawn through glamour waiting its turn).
func (r *renderer) streamsBehind(es []wire.Entry) bool {
	for i := len(es) - 1; i >= 0 && i >= len(es)-streamLook; i-- {
		if sv := r.streams[es[i].MessageID]; es[i].Streaming && sv != nil && sv.stale {
			return true
		}
	}
	return false
}

// afterLines is the length of s's first n lines, their newlines included.
func afterLines(s string, n int) int {
	at := 0
	for ; n > 0; n-- {
		i := strings.IndexByte(s[at:], '\n')
		if i < 0 {
			return len(s)
		}
		at += i + 1
	}
	return at
}

// flushStreams flushes the streaming entries near the end of es and reports
// whether any rendering changed.
func (r *renderer) flushStreams(es []wire.Entry) bool {
	changed := false
	for i := len(es) - 1; i >= 0 && i >= len(es)-streamLook; i-- {
		if es[i].Streaming && es[i].Kind == wire.EntryMessage && r.flushStream(&es[i]) {
			if c := r.cache[es[i].Key]; c != nil {
				c.key.rev = -1 // drawn again at the next frame
			}
			changed = true
		}
	}
	return changed
}

// chip is a tool call's one-line chip.
func (r *renderer) chip(name, state string, isError bool) string {
	var mark string
	switch {
	case state == wire.ToolRunning:
		mark = r.st.ChipRunning.Render("… running")
	case state == wire.ToolError || isError:
		mark = r.st.ChipError.Render("✗ error")
	default:
		mark = r.st.ChipOK.Render("✓ ok")
	}
	if name == "" {
		name = "tool"
	}
	return BodyIndent + r.st.ChipName.Render("⚙ "+ui.NameLine(name)) + " " + mark
}

// notice is a quiet line: what happened, its detail and its time.
func (r *renderer) notice(e *wire.Entry) string {
	text := "· " + ui.SanitizeLine(noticeWords(e))
	if d := strings.TrimSpace(noticeDetail(e)); d != "" {
		first, _, _ := strings.Cut(d, "\n")
		text += " — " + ui.SanitizeLine(first)
	}
	if !e.Time.IsZero() {
		text += " · " + e.Time.In(r.loc).Format("15:04")
	}
	return BodyIndent + r.st.Notice.Render(text)
}

// noticeLines is a notice's line and, for a body that exited, the last
// lines of its stderr under it (the cause is at the end, not the start).
func (r *renderer) noticeLines(e *wire.Entry) []string {
	var under []string
	switch e.Event {
	case wire.EvBodyExited:
		under = lastLines(e.Text, stderrLines)
	case wire.EvCommandFailed:
		// The turn's error whole, wrapped under the line that says it failed.
		under = strings.Split(xansi.Wrap(ui.SanitizeLine(e.Text), max(r.width-len(BodyIndent)-4, 10), ""), "\n")
	default:
		if next := noticeNext(e); next != "" {
			return append([]string{r.fit(r.notice(e))}, r.nextLines(next)...)
		}
		return []string{r.fit(r.notice(e))}
	}
	out := []string{r.fit(r.notice(e))}
	for _, l := range under {
		out = append(out, r.fit(BodyIndent+r.st.Notice.Render("  │ "+ui.SanitizeLine(l))))
	}
	return out
}

// fit cuts a line to the width.
func (r *renderer) fit(s string) string {
	if xansi.StringWidth(s) <= r.width {
		return s
	}
	return xansi.Truncate(s, r.width, "…")
}
