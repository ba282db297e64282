package ui

import (
	"testing"
)

// TestTitleLine shows titles without raw markdown, inert.
func TestTitleLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Plain title", "Plain title"},
		{"## **Plan** the `trip`", "Plan the trip"},
		{"see [the docs](http://x.example) now", "see the docs now"},
		{"_emphasis_ and ~~gone~~", "emphasis and gone"},
		{"snake_case_name stays", "snake_case_name stays"},
		{"Vec<String> in a title", "Vec<String> in a title"},
		{"bell\x07 and \x1b[2J", "bell␇ and ␛[2J"},
	}
	for _, c := range cases {
		if got := TitleLine(c.in); got != c.want {
			t.Errorf("TitleLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
