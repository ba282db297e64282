package inert

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Hostile text: a screen clear, a title change, a clipboard write (OSC 52),
// a hyperlink (OSC 8), a bell, a C1 CSI, a bidi override, and text hidden in
// zero-width and tag characters.
const (
	clearScreen = "\x1b[2J"
	setTitle    = "\x1b]0;pwned\x07"
	osc52       = "\x1b]52;c;aGVsbG8=\x07"
	osc8        = "\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\"
	bell        = "\a"
	c1CSI       = "\u009b2J"
	bidi        = "\u202e"
	zeroWidth   = "rm\u200b -rf\u2060 /\ufeff"
	tagged      = "ok\U000e0072\U000e006d\U000e0020\U000e002d\U000e0072\U000e0066" // "rm -rf" in tags
)

// Emoji and scripts whose joiners and tags draw what they mean.
const (
	coder   = "👩\u200d💻"                                                      // woman technologist
	fire    = "❤\ufe0f\u200d🔥"                                                // heart on fire
	england = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f" // flag of England
	persian = "می\u200cخواهم"                                                 // a ZWNJ between Persian letters
	hindi   = "क्\u200dष"                                                     // a ZWJ after a virama
)

// TestText shows every control, escape sequence and hidden rune inert, and
// keeps what draws as meant.
func TestText(t *testing.T) {
	cases := []struct{ name, in, want, line string }{
		{"plain", "hello, world", "hello, world", "hello, world"},
		{"unicode", "héllo 世界 👋", "héllo 世界 👋", "héllo 世界 👋"},
		{"newline", "a\nb", "a\nb", "a b"},
		{"crlf", "a\r\nb", "a\nb", "a b"},
		{"lone cr", "a\rb", "a␍b", "a␍b"},
		{"tab", "a\tb", "a    b", "a    b"},
		{"clear screen", "x" + clearScreen, "x␛[2J", "x␛[2J"},
		{"title", setTitle, "␛]0;pwned␇", "␛]0;pwned␇"},
		{"osc 52", osc52, "␛]52;c;aGVsbG8=␇", "␛]52;c;aGVsbG8=␇"},
		{"osc 8", osc8, "␛]8;;http://evil.example␛\\click␛]8;;␛\\", "␛]8;;http://evil.example␛\\click␛]8;;␛\\"},
		{"bell", "ding" + bell, "ding␇", "ding␇"},
		{"nul and del", "a\x00b\x7f", "a␀b␡", "a␀b␡"},
		{"c1", "x" + c1CSI, `x\u009b2J`, `x\u009b2J`},
		{"bidi", "abc" + bidi + "def", `abc\u202edef`, `abc\u202edef`},
		{"bidi mark", "a\u200fb\u061c", `a\u200fb\u061c`, `a\u200fb\u061c`},
		{"line separator", "a\u2028b", `a\u2028b`, `a\u2028b`},
		{"invalid utf8", "a\xffb", "a\ufffdb", "a\ufffdb"},
		{"zero width", zeroWidth, `rm\u200b -rf\u2060 /\ufeff`, `rm\u200b -rf\u2060 /\ufeff`},
		{"tags", tagged, `ok\ue0072\ue006d\ue0020\ue002d\ue0072\ue0066`, `ok\ue0072\ue006d\ue0020\ue002d\ue0072\ue0066`},
		{"joiner between latin", "a\u200db\u200cc", `a\u200db\u200cc`, `a\u200db\u200cc`},
		{"joiner after an emoji alone", "👍\u200d", `👍\u200d`, `👍\u200d`},
		{"soft hyphen and filler", "a\u00adb\u3164", `a\u00adb\u3164`, `a\u00adb\u3164`},
		{"emoji sequence", coder + " " + fire, coder + " " + fire, coder + " " + fire},
		{"flag", england, england, england},
		{"flag without its cancel tag", "🏴\U000e0067x", `🏴\ue0067x`, `🏴\ue0067x`},
		{"scripts", persian + " " + hindi, persian + " " + hindi, persian + " " + hindi},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Text(c.in); got != c.want {
				t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
			}
			if got := Line(c.in); got != c.line {
				t.Errorf("Line(%q) = %q, want %q", c.in, got, c.line)
			}
			if IsInert(c.in, false) != (c.in == c.want) {
				t.Errorf("IsInert(%q) = %v", c.in, !(c.in == c.want))
			}
		})
	}
}

// TestStrip drops what Text shows, for a file.
func TestStrip(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"plain", "hello\n\tworld", "hello\n\tworld"},
		{"sgr", "\x1b[1;31mred\x1b[0m", "red"},
		{"osc52 bel", "a\x1b]52;c;aGk=\x07b", "ab"},
		{"osc8 st", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"unterminated osc keeps the next line", "a\x1b]0;title\nb", "a\nb"},
		{"crlf and bell", "a\r\nb\x07", "a\nb"},
		{"c1 csi", "a\u009b2Jb", "ab"},
		{"charset escape", "a\x1b(Bb", "ab"},
		{"bidi override", "abc\u202edef\u2066", "abcdef"},
		{"invalid utf-8", "a\xffb", "a\uFFFDb"},
		{"del", "a\x7fb", "ab"},
		{"trailing esc", "a\x1b", "a"},
		{"zero width", zeroWidth, "rm -rf /"},
		{"tags", tagged, "ok"},
		{"kept sequences", coder + fire + england + persian + hindi, coder + fire + england + persian + hindi},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Strip(c.in); got != c.want {
				t.Errorf("Strip(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
	if got := StripLine("  a\n\n b\x1b[2J\u200b  "); got != "a b" {
		t.Errorf("StripLine = %q", got)
	}
}

// TestCleanTextAllocatesNothing: clean text, the common case, is returned as is.
func TestCleanTextAllocatesNothing(t *testing.T) {
	s := strings.Repeat("a clean line of text, ünïcödé too, "+coder+" "+persian+". ", 20)
	for name, f := range map[string]func(string) string{"Text": Text, "Line": Line, "Strip": Strip} {
		if n := testing.AllocsPerRun(100, func() { _ = f(s) }); n != 0 {
			t.Errorf("%s of clean text allocates %v times, want 0", name, n)
		}
	}
}

// FuzzText checks that no control character or hidden rune survives, and
// that what comes out is inert itself, whatever the input.
func FuzzText(f *testing.F) {
	for _, s := range []string{"plain", clearScreen, osc52, osc8, bell, c1CSI, bidi, "a\r\nb\tc", "\xff\xfe",
		zeroWidth, tagged, coder, fire, england, persian, hindi, "🏴\U000e0067", "👍\u200d\u200d👍"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, out := range []string{Text(s), Line(s), Strip(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q: %q", s, out)
			}
			if i < 2 && !IsInert(out, i == 1) {
				t.Fatalf("not inert: %q (from %q)", out, s)
			}
			if i == 2 && !isStripped(out) {
				t.Fatalf("Strip left something to strip: %q (from %q)", out, s)
			}
			for _, r := range out {
				if r < 0x20 && r != '\n' && (r != '\t' || i < 2) || r == 0x7f || r >= 0x80 && r <= 0x9f {
					t.Fatalf("control %U left in %q (from %q)", r, out, s)
				}
			}
		}
		if strings.Contains(Line(s), "\n") {
			t.Fatalf("newline left in Line(%q)", s)
		}
	})
}

// TestControls (issue 27, item 16): what a paste's escape sequences and
// control characters were, taken out whole and given back in order.
func TestControls(t *testing.T) {
	cases := []struct {
		in, want string
		removed  []string
	}{
		{"plain\ttext\r\nand more", "plain\ttext\r\nand more", nil},
		{"a \x1b[31mred\x1b[0m b", "a red b", []string{"\x1b[31m", "\x1b[0m"}},
		{"x \x1b]0;title\x07 y", "x  y", []string{"\x1b]0;title\x07"}},
		{"x \x1b]8;;http://e.example\x1b\\link\x1b]8;;\x1b\\", "x link", []string{"\x1b]8;;http://e.example\x1b\\", "\x1b]8;;\x1b\\"}},
		{"bell\x07 nul\x00 del\x7f", "bell nul del", []string{"\x07", "\x00", "\x7f"}},
		{"c1 \u009b2J and \u009d0;t\u009c end \u0085", "c1  and  end ", []string{"\u009b2J", "\u009d0;t\u009c", "\u0085"}},
		{"alt \x1bx and \x1b[A arrow", "alt  and  arrow", []string{"\x1bx", "\x1b[A"}},
		{"ends with \x1b", "ends with ", []string{"\x1b"}},
		{"née 日本 🐄", "née 日本 🐄", nil},
	}
	for _, c := range cases {
		got, removed := Controls(c.in)
		if got != c.want || strings.Join(removed, "|") != strings.Join(c.removed, "|") {
			t.Errorf("Controls(%q) = %q, %q; want %q, %q", c.in, got, removed, c.want, c.removed)
		}
	}
}

// FuzzControls: whatever is pasted, Controls keeps every other byte in
// order and leaves no control character but newline, carriage return and
// tab.
func FuzzControls(f *testing.F) {
	for _, s := range []string{"a \x1b[31mred", "\x1b]0;t\x07", "\u009b2J", "\x1b", "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, removed := Controls(s)
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		if n := len(got) + len(strings.Join(removed, "")); n != len(s) {
			t.Fatalf("Controls(%q) = %q, %q: %d bytes of %d", s, got, removed, n, len(s))
		}
		for _, r := range got {
			if r < 0x20 && r != '\n' && r != '\r' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f {
				t.Fatalf("Controls(%q) left %U in %q", s, r, got)
			}
		}
	})
}
