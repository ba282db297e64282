package picker

import (
	"strconv"
	"strings"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The preview pane: on a wide terminal the selected session's last turns
// show at the right of the list, from the session's peek.

// Bounds of the preview.
const (
	previewMinWidth = 120  // narrower terminals show the list alone
	previewMaxWidth = 72   // the pane's widest
	PreviewTurns    = 6    // turns kept per session
	previewTextMax  = 2048 // bytes of a turn's text kept
	previewLinesMax = 200  // wrapped lines kept per session
)

// peek is what an inspection told about a listed session: its pending
// chimes and its last turns, wrapped to the preview's width.
type peek struct {
	rev    time.Time // the session's updatedAt it is of
	at     time.Time // when it was read
	size   int       // the snapshot's length in bytes
	chimes int
	turns  []peekTurn
	err    error
	lines  []previewLine // the turns wrapped to the pane's width
}

// peekTurn is one of a session's last turns, sanitised and bounded.
type peekTurn struct {
	role  string // "user", "assistant" or "toolResult"
	label string
	text  string
}

// previewLine is one wrapped line of the preview; label lines are styled
// as their role's label.
type previewLine struct {
	role  string // the turn's role when the line is its label, else ""
	text  string
	blank bool
}

// previewWidth is the preview pane's width at a terminal width, 0 when the
// terminal is too narrow for one.
func previewWidth(w int) int {
	if w < previewMinWidth {
		return 0
	}
	return min(w*2/5, previewMaxWidth)
}

// newPeek keeps an inspection's answer, wrapped to the pane's width.
func newPeek(msg PeekMsg, width int) *peek {
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
	pk.wrap(width)
	return pk
}

// peekTurnOf is a transcript item as the preview shows it.
func peekTurnOf(it client.TranscriptItem) peekTurn {
	t := peekTurn{role: it.Role, label: "assistant", text: ui.Sanitize(clipText(it.Text, previewTextMax))}
	switch it.Role {
	case "user":
		t.label = "you"
	case "toolResult":
		t.label = "tool " + ui.SanitizeLine(clipText(it.ToolName, 80))
		if it.IsError {
			t.label += " (failed)"
		}
	default:
		if strings.TrimSpace(t.text) == "" && len(it.ToolCalls) > 0 {
			names := make([]string, 0, len(it.ToolCalls))
			for _, c := range it.ToolCalls {
				names = append(names, ui.SanitizeLine(clipText(c.Name, 80)))
			}
			t.text = "calls " + strings.Join(names, ", ")
		}
	}
	return t
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

// wrap wraps the turns to a pane of width cells (its two-cell margin
// left), keeping the last previewLinesMax lines.
func (pk *peek) wrap(width int) {
	pk.lines = pk.lines[:0]
	if width <= 2 {
		return // no pane: wrapped when one shows
	}
	w := width - 2
	for i, t := range pk.turns {
		if i > 0 {
			pk.lines = append(pk.lines, previewLine{blank: true})
		}
		pk.lines = append(pk.lines, previewLine{role: t.role, text: t.label})
		for _, para := range strings.Split(strings.TrimSpace(t.text), "\n") {
			if strings.TrimSpace(para) == "" {
				continue // blank lines between paragraphs: the pane is narrow and short
			}
			for _, l := range strings.Split(xansi.Wrap(para, w, ""), "\n") {
				pk.lines = append(pk.lines, previewLine{text: l})
			}
		}
	}
	if n := len(pk.lines); n > previewLinesMax {
		pk.lines = append([]previewLine(nil), pk.lines[n-previewLinesMax:]...)
	}
}

// setPreviewWidth wraps every peek again when the pane's width changed.
func (p *Picker) setPreviewWidth(w int) {
	if w == p.previewW {
		return
	}
	p.previewW = w
	for _, pk := range p.peeks {
		pk.wrap(w)
	}
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
	lines := pk.lines[max(len(pk.lines)-(height-len(out)), 0):]
	for _, l := range lines {
		switch {
		case l.blank:
			out = append(out, "")
		case l.role == "user":
			out = append(out, st.UserLabel.Render(l.text))
		case l.role == "toolResult":
			out = append(out, st.ChipName.Render(l.text))
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
	if c := client.ErrorCode(err); c != "" {
		return ui.SanitizeLine(c)
	}
	return "no answer"
}
