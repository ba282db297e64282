package reader

import (
	"strings"
	"testing"
)

func TestSpoken(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"heading", "## Echo\n\nYou said: *hello*", "Echo\n\nYou said: hello"},
		{"closed heading", "# Title #", "Title"},
		{"list", "- one\n  * two\n+ three", "• one\n  • two\n• three"},
		{"code", "```go\nfmt.Println(\"*x*\")\n```", "code, go:\nfmt.Println(\"*x*\")\nend of code."},
		{"unclosed code", "~~~\nx := 1", "code:\nx := 1\nend of code."},
		{"strong and ticks", "use **bold** and `go test`", "use bold and go test"},
		{"link", "see [the docs](https://example.com/a)", "see the docs (https://example.com/a)"},
		{"rule", "a\n---\nb", "a\n\nb"},
		{"arithmetic stays", "2 * 3 * 4 = 24", "2 * 3 * 4 = 24"},
		{"snake_case stays", "call do_this_now()", "call do_this_now()"},
		{"a lone star stays", "*", "*"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := spoken(tc.in); got != tc.want {
				t.Errorf("spoken(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzSpoken: any text comes out whole, with as many lines as it came in
// (an unclosed code block adds one), and every word of a line outside code
// that has no mark in it survives.
func FuzzSpoken(f *testing.F) {
	for _, s := range []string{"## Echo\n\n- a\n```go\nx\n```", "**", "`", "[a](b", "~~~~\n", "# \n#", "* * *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := spoken(in)
		lines, outLines := strings.Count(in, "\n"), strings.Count(out, "\n")
		if outLines != lines && outLines != lines+1 {
			t.Fatalf("%d lines in, %d out: %q -> %q", lines+1, outLines+1, in, out)
		}
		for _, w := range strings.Fields(in) {
			if strings.ContainsAny(w, "*`[]()#-+_~=") || strings.Contains(out, w) {
				continue
			}
			t.Fatalf("the word %q was lost: %q -> %q", w, in, out)
		}
	})
}
