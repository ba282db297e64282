package ui

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/internal/inert"
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
