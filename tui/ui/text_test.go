package ui_test

import (
	"reflect"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestPad cuts or pads to exactly the width asked, in cells: a wide rune
// counts two, styling counts none, and a cut ends in an ellipsis.
func TestPad(t *testing.T) {
	styled := uitest.Context().Styles.Key.Render("abc")
	cases := []struct {
		name, in string
		w        int
		want     string
	}{
		{"padded", "abc", 5, "abc  "},
		{"exact", "abc", 3, "abc"},
		{"cut", "abcdef", 4, "abc…"},
		{"zero", "abc", 0, ""},
		{"negative", "abc", -3, ""},
		{"empty", "", 2, "  "},
		{"wide runes cut", "日本語", 5, "日本…"},
		{"wide runes padded", "日本", 6, "日本  "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ui.Pad(c.in, c.w)
			if got != c.want {
				t.Errorf("Pad(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
			}
			if c.w > 0 && xansi.StringWidth(got) != c.w {
				t.Errorf("Pad(%q, %d) is %d cells", c.in, c.w, xansi.StringWidth(got))
			}
		})
	}
	if got := ui.Pad(styled, 5); xansi.StringWidth(got) != 5 || xansi.Strip(got) != "abc  " {
		t.Errorf("a styled text padded to 5 is %q (%d cells)", xansi.Strip(got), xansi.StringWidth(got))
	}
}

// TestWrapPlain wraps at word breaks to the width, drops the trailing
// newlines, keeps the inner ones, and gives no line for no text.
func TestWrapPlain(t *testing.T) {
	cases := []struct {
		name, in string
		w        int
		want     []string
	}{
		{"empty", "", 10, nil},
		{"only newlines", "\n\n", 10, nil},
		{"fits", "one line", 20, []string{"one line"}},
		{"wraps at words", "the quick brown fox jumps", 10, []string{"the quick", "brown fox", "jumps"}},
		{"trailing newlines", "a b\n\n\n", 10, []string{"a b"}},
		{"inner newlines kept", "a\n\nb", 10, []string{"a", "", "b"}},
		{"long word broken", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"width under one", "ab", 0, []string{"a", "b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ui.WrapPlain(c.in, c.w)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("WrapPlain(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
			}
			for _, l := range got {
				if xansi.StringWidth(l) > max(c.w, 1) {
					t.Errorf("line %q wider than %d", l, c.w)
				}
			}
		})
	}
}

// TestFitLines cuts or fills to exactly the height.
func TestFitLines(t *testing.T) {
	if got := ui.FitLines([]string{"a", "b", "c"}, 2); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("cut: %q", got)
	}
	if got := ui.FitLines([]string{"a"}, 3); !reflect.DeepEqual(got, []string{"a", "", ""}) {
		t.Errorf("filled: %q", got)
	}
	if got := ui.FitLines(nil, 0); len(got) != 0 {
		t.Errorf("zero: %q", got)
	}
}

// TestWindow shows the newest rows, the selected one always among them,
// one line kept for the "… older" line when rows are left above.
func TestWindow(t *testing.T) {
	cases := []struct{ n, rows, sel, want int }{
		{5, 10, -1, 0}, // all fit
		{5, 0, 3, 0},   // no room
		{10, 4, -1, 7}, // the newest 3 and the "older" line
		{10, 4, 9, 7},  // the newest selected
		{10, 4, 2, 2},  // an older one selected: it leads
		{10, 1, -1, 9}, // one row: no room for the "older" line
	}
	for _, c := range cases {
		if got := ui.Window(c.n, c.rows, c.sel); got != c.want {
			t.Errorf("Window(%d, %d, %d) = %d, want %d", c.n, c.rows, c.sel, got, c.want)
		}
	}
}

// TestJoinFit leaves the empty parts out and cuts the line to the width.
func TestJoinFit(t *testing.T) {
	if got := ui.JoinFit([]string{"chat", "", "gpt", "house"}, 40); got != "chat · gpt · house" {
		t.Errorf("JoinFit = %q", got)
	}
	if got := ui.JoinFit([]string{"chat", "gpt", "house"}, 10); got != "chat · gp…" || xansi.StringWidth(got) != 10 {
		t.Errorf("JoinFit cut = %q", got)
	}
	if got := ui.JoinFit(nil, 10); got != "" {
		t.Errorf("JoinFit of nothing = %q", got)
	}
}

// TestThousands groups digits by three.
func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", 100000: "100,000"} {
		if got := ui.Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestSanitizeInHelpers: the one-line helpers never let a newline or an
// escape through.
func TestSanitizeInHelpers(t *testing.T) {
	for name, got := range map[string]string{
		"ModelShort":    ui.ModelShort("a/b\x1b[2J\nc"),
		"TerminalLabel": ui.TerminalLabel("cli\x1b]52;c;x\x07\n"),
		"NameLine":      ui.NameLine("x\ny\x07"),
	} {
		if strings.ContainsAny(got, "\x1b\n\x07") {
			t.Errorf("%s let a control through: %q", name, got)
		}
		uitest.CheckInert(t, got)
	}
}

// TestRemovedWords says what a paste lost: one sequence, one control,
// several of each, both, each shown inert, the list cut at 80 runes.
func TestRemovedWords(t *testing.T) {
	cases := []struct{ name, paste, want string }{
		{"one sequence", "a\x1b]0;title\x07b", "an escape sequence in the paste was removed: ␛]0;title␇"},
		{"one control", "a\x00b", "a control character in the paste was removed: ␀"},
		{"sequences", "\x1b[2Ja\x1b[1mb", "2 escape sequences in the paste were removed: ␛[2J ␛[1m"},
		{"controls", "\x00a\x01", "2 control characters in the paste were removed: ␀ ␁"},
		{"both", "\x1b[2J\x00", "1 escape sequence and 1 control character in the paste were removed: ␛[2J ␀"},
		{"both, several", "\x1b[2J\x1b[1m\x00\x01\x02", "2 escape sequences and 3 control characters in the paste were removed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, removed := ui.PasteControls(c.paste)
			if strings.ContainsAny(text, "\x1b\x00\x01\x02\x07") {
				t.Errorf("the paste kept a control: %q", text)
			}
			got := ui.RemovedWords(removed)
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("RemovedWords = %q, want it to start %q", got, c.want)
			}
			uitest.CheckInert(t, got)
		})
	}
	var many []string
	for range 100 {
		many = append(many, "\x1b[2J")
	}
	got := ui.RemovedWords(many)
	if !strings.HasPrefix(got, "100 escape sequences in the paste were removed: ␛[2J ␛[2J") || !strings.HasSuffix(got, "…") {
		t.Errorf("100 sequences: %q", got)
	}
}
