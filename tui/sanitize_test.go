package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// Hostile text: a screen clear, a clipboard write (OSC 52), a hyperlink
// (OSC 8), a bell, a C1 CSI and a bidi override.
const (
	clearScreen = "\x1b[2J"
	osc52       = "\x1b]52;c;aGVsbG8=\x07"
	osc8        = "\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\"
	bell        = "\a"
	c1CSI       = "\u009b2J"
	bidi        = "\u202e"
)

// evil is every kind of hostile text at once.
const evil = "Evil" + clearScreen + osc52 + osc8 + bell + c1CSI + bidi

// TestHostTextIsInert puts hostile text in every place host text reaches
// the screen (a title, turns, a collaborator's name, a tool name, a notice,
// an error, a listed session and its driver) and checks the screen carries no
// escape sequence but SGR styling, and no control character.
func TestHostTextIsInert(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	cfg.Theme = theme.NewSet(false)
	snap := snapshot(lease("user:ada", "cli-me"))
	title := evil
	snap.Session.Title = &title
	snap.Transcript = append(snap.Transcript,
		client.TranscriptItem{EntryID: "e4", Role: "user", Text: "[" + evil + " collaborator]\n" + evil, Timestamp: t0},
		client.TranscriptItem{EntryID: "e5", Role: "assistant", Text: "# " + evil + "\n\n[link](http://x.example)" + evil,
			Timestamp: t0, ToolCalls: []client.ToolCall{{ID: "t9", Name: evil}}})
	m := opened(t, cfg, 100, 40, snap, nil)
	feed(m, on(m, event(5, client.EvRunError, `{"runId":"r1","message":"`+jsonEscape(evil)+`"}`)))
	m.setErr(&client.Error{Code: "lease_held", Message: evil})
	uitest.CheckInert(t, m.View().Content)
	if !strings.Contains(screen(m), "␛[2J") {
		t.Errorf("the screen does not show the escape inert:\n%s", screen(m))
	}

	m.Update(keyCtrlO)
	other := lease("user:"+evil, "cli-x")
	m.Update(picker.ListedMsg{Gen: m.picker.Asked(), List: []client.Summary{summary("s9", evil, t0, other)}})
	uitest.CheckInert(t, m.View().Content)
	m.Update(keyDelete)
	uitest.CheckInert(t, m.View().Content)
	if v := m.View(); strings.ContainsAny(v.WindowTitle, "\x1b\a") {
		t.Errorf("the window title carries an escape: %q", v.WindowTitle)
	}
}

// jsonEscape escapes s for a JSON string.
func jsonEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
			b.WriteString(`\u00` + string("0123456789abcdef"[r>>4]) + string("0123456789abcdef"[r&15]))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
