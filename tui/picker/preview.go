package picker

import (
	"strconv"
	"strings"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
)

// The preview pane: on a wide terminal the selected session's last turns
// show at the right of the list, from the session's peek.

// Bounds of the preview.
const (
	previewMinWidth  = 120  // narrower terminals show the list alone
	previewMaxWidth  = 72   // the pane's widest
	PreviewTurns     = 6    // turns kept per session
	previewTextMax   = 2048 // bytes of a turn's text kept
	previewLinesMax  = 200  // wrapped lines kept per session
	previewTurnLines = 4    // lines of a turn's text shown
)

// peek is what an inspection told about a listed session: its pending
// chimes and its last turns, drawn for the preview (once per width and
// style, for the session selected only).
type peek struct {
	rev     time.Time // the session's updatedAt it is of
	at      time.Time // when it was read
	size    int       // the snapshot's length in bytes
	chimes  int
	turns   []peekTurn
	err     error
	lines   []previewLine // the turns drawn at drawnW in the style drawnMD
	drawnW  int           // 0: not drawn yet
	drawnMD string
}

// peekTurn is one of a session's last turns, made inert and bounded.
type peekTurn struct {
	role  string   // "user", "assistant" or "toolResult"
	label string   // "you", "Bo (collaborator)", "assistant", or a tool result's chip
	text  string   // what was said, inert (an accepted chime's without its attribution line)
	calls []string // an assistant turn's tool calls, by name
}

// previewLine is one drawn line of the preview: a turn's label (styled as
// its role's), a line of its text, a tool chip, or markdown glamour drew.
type previewLine struct {
	role   string // the turn's role when the line is its label, else ""
	text   string
	blank  bool
	chip   bool // a tool call's chip
	styled bool // drawn by glamour: styled already
}

// previewWidth is the preview pane's width at a terminal width, 0 when the
// terminal is too narrow for one.
func previewWidth(w int) int {
	if w < previewMinWidth {
		return 0
	}
	return min(w*2/5, previewMaxWidth)
}

// newPeek keeps an inspection's answer; it is drawn when it shows.
func newPeek(msg PeekMsg) *peek {
	pk := &peek{rev: msg.Rev, err: msg.Err}
	if msg.Err != nil || msg.Snap == nil {
		return pk
	}
	if msg.Snap.Session.UpdatedAt.After(pk.rev) {
		pk.rev = msg.Snap.Session.UpdatedAt
	}
	pk.chimes = len(msg.Snap.Chimes)
	items := msg.Snap.Transcript
	for _, it := range items[max(len(items)-PreviewTurns, 0):] {
		pk.turns = append(pk.turns, peekTurnOf(it))
	}
	return pk
}

// peekTurnOf is a transcript item as the transcript names it: "you", a
// collaborator's accepted chime by its author, "assistant" and its tool
// calls, a tool result as its chip.
func peekTurnOf(it wire.TranscriptItem) peekTurn {
	t := peekTurn{role: it.Role, label: "assistant"}
	text := it.Text
	switch it.Role {
	case "user":
		t.label = "you"
		if author, rest := attributed(text); author != "" {
			t.label, text = ui.TitleLine(clipText(author, 80))+" (collaborator)", rest
		}
	case "toolResult":
		mark := "✓ ok"
		if it.IsError {
			mark = "✗ error"
		}
		t.label = "⚙ " + ui.SanitizeLine(clipText(ui.Or(it.ToolName, "tool"), 80)) + " " + mark
		return t
	default:
		for _, c := range it.ToolCalls {
			t.calls = append(t.calls, ui.SanitizeLine(clipText(ui.Or(c.Name, "tool"), 80)))
		}
	}
	t.text = ui.Sanitize(clipText(text, previewTextMax))
	return t
}

// attributed splits an accepted chime's turn, "[Bo collaborator]\ntext",
// into its author and its text (the model saw the first line; the
// transcript shows the author instead); author is "" for any other text.
func attributed(text string) (author, rest string) {
	first, rest, ok := strings.Cut(text, "\n")
	name, chime := strings.CutSuffix(first, " collaborator]")
	if !ok || !chime || !strings.HasPrefix(name, "[") || strings.TrimSpace(name[1:]) == "" {
		return "", text
	}
	return name[1:], rest
}

// clipText cuts s to at most n bytes on a rune boundary.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// draw draws the turns for a pane of width cells (its two-cell margin
// left) as the transcript would, each in a few lines: a reply's markdown
// rendered by md, blank lines left out (the pane is narrow and short), at
// most previewTurnLines of each turn's text; the last previewLinesMax
// lines are kept.
func (pk *peek) draw(width int, md *markdown.Renderer) {
	pk.lines = pk.lines[:0]
	w := width - 2
	for i, t := range pk.turns {
		if i > 0 {
			pk.lines = append(pk.lines, previewLine{blank: true})
		}
		pk.lines = append(pk.lines, previewLine{role: t.role, text: t.label})
		var body []string
		styled := false
		switch {
		case strings.TrimSpace(t.text) == "":
		case t.role == "assistant":
			body, styled = md.Render(t.text, nil), true
		default:
			body = ui.WrapPlain(t.text, w)
		}
		pk.lines = append(pk.lines, fewLines(body, styled)...)
		for _, c := range t.calls {
			pk.lines = append(pk.lines, previewLine{text: "⚙ " + c, chip: true})
		}
	}
	if n := len(pk.lines); n > previewLinesMax {
		pk.lines = append([]previewLine(nil), pk.lines[n-previewLinesMax:]...)
	}
}

// fewLines are a turn's first previewTurnLines non-blank lines, and "…"
// when there were more.
func fewLines(body []string, styled bool) []previewLine {
	var out []previewLine
	for _, l := range body {
		if strings.TrimSpace(xansi.Strip(l)) == "" {
			continue
		}
		if len(out) == previewTurnLines {
			return append(out, previewLine{text: "…"})
		}
		out = append(out, previewLine{text: l, styled: styled})
	}
	return out
}

// setPreviewWidth takes the preview pane's width, and draws the selected
// session's peek for it.
func (p *Picker) setPreviewWidth(w int) {
	p.previewW = w
	if s, ok := p.selected(); ok {
		if pk := p.peeks[s.SessionID]; pk != nil {
			p.drawPeek(pk)
		}
	}
}

// drawPeek draws pk for the pane's width and the styles' markdown, unless
// it is drawn so already.
func (p *Picker) drawPeek(pk *peek) {
	w, style := p.previewW, p.ctx.Styles.Markdown
	if w <= 2 || (pk.drawnW == w && pk.drawnMD == style) {
		return
	}
	if p.md == nil || p.mdWidth != w-2 || p.mdStyle != style {
		p.md, p.mdWidth, p.mdStyle = markdown.New(style, w-2), w-2, style
	}
	pk.draw(w, p.md)
	pk.drawnW, pk.drawnMD = w, style
}

// previewView draws the preview pane: exactly height lines of width cells,
// each starting with the rule that parts it from the list.
func (p *Picker) previewView(width, height int) []string {
	st := p.ctx.Styles
	body := p.previewBody(width, height)
	rule := st.Rule.Render("│")
	out := make([]string, height)
	for i := range out {
		l := ""
		if i < len(body) {
			l = body[i]
		}
		out[i] = rule + " " + ui.Pad(l, width-2)
	}
	return out
}

// previewBody is the pane's lines: the session, then its last turns (the
// tail that fits), or why they are not there.
func (p *Picker) previewBody(width, height int) []string {
	st := p.ctx.Styles
	s, ok := p.selected()
	if !ok {
		return nil
	}
	out := []string{st.Header.Render(ui.Pad(ui.TitleLine(s.DisplayTitle()), width-2))}
	pk, ok := p.peeks[s.SessionID]
	notice := func(s string) []string {
		for _, l := range strings.Split(xansi.Wrap(s, max(width-2, 1), ""), "\n") {
			out = append(out, st.Notice.Render(l))
		}
		return out
	}
	switch {
	case !ok:
		return notice("reading its last turns…")
	case pk.err != nil:
		return notice("its last turns could not be read (" + errCode(pk.err) + "): tried again at the next refresh")
	}
	title := "last turns"
	if pk.chimes > 0 {
		title += " · " + chimeCount(pk.chimes) + " pending"
	}
	out = append(out, st.ColumnTitle.Render(title))
	if len(pk.turns) == 0 {
		return notice("nothing said yet")
	}
	if pk.drawnW != p.previewW {
		return notice("reading its last turns…") // drawn at the next layout
	}
	lines := pk.lines[max(len(pk.lines)-(height-len(out)), 0):]
	for _, l := range lines {
		switch {
		case l.blank:
			out = append(out, "")
		case l.styled:
			out = append(out, l.text)
		case l.chip || l.role == "toolResult":
			out = append(out, st.ChipName.Render(l.text))
		case l.role == "user":
			out = append(out, st.UserLabel.Render(l.text))
		case l.role != "":
			out = append(out, st.AssistantLabel.Render(l.text))
		default:
			out = append(out, st.Body.Render(l.text))
		}
	}
	return out
}

// chimeCount is n chimes in words.
func chimeCount(n int) string {
	if n == 1 {
		return "1 chime"
	}
	return strconv.Itoa(n) + " chimes"
}

// errCode is an error's code, or "no answer" when the host gave none.
func errCode(err error) string {
	if c := wire.ErrorCode(err); c != "" {
		return ui.SanitizeLine(c)
	}
	return "no answer"
}
