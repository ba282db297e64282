package tui

import (
	"strings"
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

// TestTitlesShowNoMarkdown draws a session whose title is markdown.
func TestTitlesShowNoMarkdown(t *testing.T) {
	snap := snapshot(lease("user:ada", "cli-me"))
	title := "## **Leases** and `claims`"
	snap.Session.Title = &title
	m := opened(t, testConfig(t), 80, 24, snap, nil)
	got := screen(m)
	if !strings.Contains(got, "vehicle · Leases and claims") || strings.Contains(got, "**") {
		t.Errorf("the header shows raw markdown:\n%s", got)
	}
	if w := m.View().WindowTitle; w != "vehicle · Leases and claims" {
		t.Errorf("the window title is %q", w)
	}
}
