package ui

import (
	"testing"
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
