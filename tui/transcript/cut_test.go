package transcript

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/tui/ui/markdown"
)

// TestAfterCut keeps the rendered blocks still in a streamed text whose
// start was cut, so they are not rendered again, and only those.
func TestAfterCut(t *testing.T) {
	blocks := func(srcs ...string) []markdown.Block {
		var out []markdown.Block
		for _, s := range srcs {
			out = append(out, markdown.Block{Src: s, Lines: []string{"drawn " + s}})
		}
		return out
	}
	cases := []struct {
		name     string
		rendered []markdown.Block
		now      []string
		want     string
	}{
		{"two cut, two kept, one new", blocks("a", "b", "c", "d"), []string{"c", "d", "e"}, "c d"},
		{"the same paragraph again and again", blocks("a", "a", "a", "a"), []string{"a", "a"}, "a a"},
		{"nothing kept", blocks("a", "b"), []string{"x", "y"}, ""},
		{"none rendered yet", nil, []string{"a"}, ""},
		{"a run that stops matching", blocks("a", "b", "a", "c"), []string{"a", "c", "d"}, "a c"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, b := range afterCut(c.rendered, c.now) {
				got = append(got, b.Src)
			}
			if g := strings.Join(got, " "); g != c.want {
				t.Errorf("afterCut = %q, want %q", g, c.want)
			}
		})
	}
}
