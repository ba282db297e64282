package notify

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestNotices: nothing while the terminal has the focus; once it lost it,
// the bell and the desktop escape chosen, each switchable off, host text
// inert and short inside the escape; with both off nothing is sent and
// focus reports are not wanted.
func TestNotices(t *testing.T) {
	t.Parallel()
	text := "Bo chimes: \x1b]52;c;eA==\a"
	cases := []struct {
		name    string
		noBell  bool
		desktop string
		want    string
	}{
		{"bell and osc9", false, "", "\a\x1b]9;vehicle: Bo chimes: ␛]52;c;eA==␇\a"},
		{"an unknown escape is osc9", false, "osc1337", "\a\x1b]9;vehicle: Bo chimes: ␛]52;c;eA==␇\a"},
		{"osc777", false, OSC777, "\a\x1b]777;notify;vehicle;Bo chimes: ␛]52;c;eA==␇\a"},
		{"no bell", true, OSC9, "\x1b]9;vehicle: Bo chimes: ␛]52;c;eA==␇\a"},
		{"bell only", false, Off, "\a"},
	}
	for _, c := range cases {
		n := New(c.noBell, c.desktop)
		if n.Notify(text) != nil || !n.Wanted() {
			t.Errorf("%s: a notice while focused, or focus reports not wanted", c.name)
		}
		n.Focus(false)
		if got := fmt.Sprint(n.Notify(text)().(tea.RawMsg).Msg); got != c.want || n.Sent() != 1 {
			t.Errorf("%s: wrote %q (%d sent), want %q", c.name, got, n.Sent(), c.want)
		}
		n.Focus(true)
		if n.Notify(text) != nil {
			t.Errorf("%s: a notice once the focus came back", c.name)
		}
	}
	off := New(true, Off)
	off.Focus(false)
	if off.Notify("x") != nil || off.Wanted() || off.Sent() != 0 {
		t.Error("notices switched off still notify or want focus reports")
	}
	if got := Text(strings.Repeat("é", 200)); len([]rune(got)) > textRunes {
		t.Errorf("a long text is %d runes", len([]rune(got)))
	}
}
