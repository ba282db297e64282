package ui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTitleLine draws titles as written: inert, whitespace collapsed,
// nothing else removed (issue 25.1: markdown marks were stripped).
func TestTitleLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Plain title", "Plain title"},
		{"2*3 = 6 *cows* `x` ", "2*3 = 6 *cows* `x`"},
		{"count(*) of the herd", "count(*) of the herd"},
		{"## **Plan** the `trip`", "## **Plan** the `trip`"},
		{"see [the docs](http://x.example) now", "see [the docs](http://x.example) now"},
		{"_emphasis_ and ~~kept~~", "_emphasis_ and ~~kept~~"},
		{"  runs \t of\n\nspace\u00a0here  ", "runs of space here"},
		{"Vec<String> in a title", "Vec<String> in a title"},
		{"bell\x07 and \x1b[2J", "bell␇ and ␛[2J"},
	}
	for _, c := range cases {
		if got := TitleLine(c.in); got != c.want {
			t.Errorf("TitleLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLinesAreBounded (issue 27, item 10): host text for one line is read
// to LineRunes runes only, its start kept and an ellipsis after it.
func TestLinesAreBounded(t *testing.T) {
	huge := strings.Repeat("née \x1b[2J ", 1<<20)
	for name, got := range map[string]string{"TitleLine": TitleLine(huge), "NameLine": NameLine(huge)} {
		if n := utf8.RuneCountInString(got); n > 2*LineRunes || !strings.HasPrefix(got, "née ␛[2J") ||
			!strings.HasSuffix(got, "…") {
			t.Errorf("%s: %d runes, %.40q…%q", name, n, got, got[max(len(got)-20, 0):])
		}
	}
	cases := []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"née", 3, "née"},
		{"nées", 3, "né…"},
		{"日本語", 3, "日本語"},
		{"日本語の", 3, "日本…"},
		{"\xff\xfe\xfd\xfc", 3, "\xff\xfe…"},
	}
	for _, c := range cases {
		if got := ClipRunes(c.in, c.n); got != c.want {
			t.Errorf("ClipRunes(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
