package tui

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/theme"
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

// TestSanitize shows every control character and escape sequence inert.
func TestSanitize(t *testing.T) {
	cases := []struct{ name, in, want, line string }{
		{"plain", "hello, world", "hello, world", "hello, world"},
		{"unicode", "héllo 世界 👋", "héllo 世界 👋", "héllo 世界 👋"},
		{"newline", "a\nb", "a\nb", "a b"},
		{"crlf", "a\r\nb", "a\nb", "a b"},
		{"lone cr", "a\rb", "a␍b", "a␍b"},
		{"tab", "a\tb", "a    b", "a    b"},
		{"clear screen", "x" + clearScreen, "x␛[2J", "x␛[2J"},
		{"osc 52", osc52, "␛]52;c;aGVsbG8=␇", "␛]52;c;aGVsbG8=␇"},
		{"osc 8", osc8, "␛]8;;http://evil.example␛\\click␛]8;;␛\\", "␛]8;;http://evil.example␛\\click␛]8;;␛\\"},
		{"bell", "ding" + bell, "ding␇", "ding␇"},
		{"nul and del", "a\x00b\x7f", "a␀b␡", "a␀b␡"},
		{"c1", "x" + c1CSI, `x\u009b2J`, `x\u009b2J`},
		{"bidi", "abc" + bidi + "def", `abc\u202edef`, `abc\u202edef`},
		{"line separator", "a\u2028b", `a\u2028b`, `a\u2028b`},
		{"invalid utf8", "a\xffb", "a\ufffdb", "a\ufffdb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Sanitize(c.in); got != c.want {
				t.Errorf("Sanitize(%q) = %q, want %q", c.in, got, c.want)
			}
			if got := SanitizeLine(c.in); got != c.line {
				t.Errorf("SanitizeLine(%q) = %q, want %q", c.in, got, c.line)
			}
		})
	}
}

// TestSanitizeCleanAllocatesNothing: clean text, the common case, is returned as is.
func TestSanitizeCleanAllocatesNothing(t *testing.T) {
	s := strings.Repeat("a clean line of text, ünïcödé too. ", 20)
	if n := testing.AllocsPerRun(100, func() { _ = Sanitize(s) }); n != 0 {
		t.Errorf("Sanitize of clean text allocates %v times, want 0", n)
	}
}

// FuzzSanitize checks no control character survives, whatever the input.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"plain", clearScreen, osc52, osc8, bell, c1CSI, bidi, "a\r\nb\tc", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Sanitize(s), SanitizeLine(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q: %q", s, out)
			}
			if !inert.IsInert(out, false) {
				t.Fatalf("a control or hidden rune left in %q (from %q)", out, s)
			}
		}
		if strings.Contains(SanitizeLine(s), "\n") {
			t.Fatalf("newline left in SanitizeLine(%q)", s)
		}
	})
}

// evil is every kind of hostile text at once.
const evil = "Evil" + clearScreen + osc52 + osc8 + bell + c1CSI + bidi

// TestHostTextIsInert puts hostile text in every place host text reaches
// the screen (a title, turns, a collaborator's name, a tool name, a notice,
// an error, a listed session and its driver) and checks the screen carries no
// escape sequence but SGR styling, and no control character.
func TestHostTextIsInert(t *testing.T) {
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
	checkInert(t, m.View().Content)
	if !strings.Contains(screen(m), "␛[2J") {
		t.Errorf("the screen does not show the escape inert:\n%s", screen(m))
	}

	m.Update(keyCtrlO)
	other := lease("user:"+evil, "cli-x")
	m.Update(sessionsMsg{gen: m.picker.asked, list: []client.Summary{summary("s9", evil, t0, other)}})
	checkInert(t, m.View().Content)
	m.Update(keyCtrlD)
	checkInert(t, m.View().Content)
	if v := m.View(); strings.ContainsAny(v.WindowTitle, "\x1b\a") {
		t.Errorf("the window title carries an escape: %q", v.WindowTitle)
	}
}

// checkInert fails on any escape sequence but SGR, and on any control
// character but newline.
func checkInert(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0x1b:
			n, sgr := escapeLen(s[i:])
			if !sgr {
				t.Fatalf("a non-SGR escape sequence %q on the screen", s[i:i+n])
			}
			i += n - 1
		case c < 0x20 && c != '\n', c == 0x7f:
			t.Fatalf("control character %#x on the screen near %q", c, s[max(i-20, 0):i])
		}
	}
	for _, r := range s {
		if inert.Unsafe(r) {
			t.Fatalf("unsafe rune %U on the screen", r)
		}
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
