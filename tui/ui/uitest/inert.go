package uitest

import (
	"regexp"
	"testing"
)

// sgr is a Select Graphic Rendition sequence: styling, the one escape
// sequence host text may turn into on a screen.
var sgr = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// CheckInert fails t on any escape sequence but SGR styling, any control
// character but newline, and any C1 control, bidi control or line
// separator in s: what a screen shows of host text must do nothing.
func CheckInert(t testing.TB, s string) {
	t.Helper()
	plain := sgr.ReplaceAllString(s, "")
	for i := 0; i < len(plain); i++ {
		if c := plain[i]; c < 0x20 && c != '\n' || c == 0x7f {
			t.Fatalf("control character %#x on the screen near %q", c, plain[max(i-20, 0):i])
		}
	}
	for _, r := range plain {
		if r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x2028 || r == 0x2029 {
			t.Fatalf("unsafe rune %U on the screen", r)
		}
	}
}

// StripSGR is s without its styling.
func StripSGR(s string) string { return sgr.ReplaceAllString(s, "") }
