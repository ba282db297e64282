package transcript

import (
	"reflect"
	"testing"
)

// TestFindMatches reads drawn lines as one text: a line break (with the
// spaces around it and the next line's indent) is a space of the query, or
// nothing inside a broken word; a query across a real line end (more
// matches than the index counts) is left to the lines alone.
func TestFindMatches(t *testing.T) {
	cases := []struct {
		name   string
		lines  []string
		q      string
		expect int
		want   []match
	}{
		{"within a line", []string{"  a lease here", "  and a LEASE"}, "lease", 2,
			[]match{{{0, 4, 9}}, {{1, 8, 13}}}},
		{"a space the wrap ate", []string{"  the lease ", "  holder is"}, "lease holder", 1,
			[]match{{{0, 6, 11}, {1, 2, 8}}}},
		{"a word broken inside", []string{"  needlewo", "  rk y"}, "needlework", 1,
			[]match{{{0, 2, 10}, {1, 2, 4}}}},
		{"a real line end", []string{"  the end", "  next line"}, "end next", 0, nil},
		{"a blank line between", []string{"  end", "", "  next"}, "end next", 1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := findMatches(c.lines, foldRunes(c.q), c.expect)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("findMatches(%q, %q) = %v, want %v", c.lines, c.q, got, c.want)
			}
		})
	}
}
