package wire

import (
	"strings"
	"testing"
)

// TestDisplayTitleFromAPreview: an untitled session is named by the first
// words of its preview as plain text, never by a raw code fence.
func TestDisplayTitleFromAPreview(t *testing.T) {
	for _, tc := range []struct{ preview, want string }{
		{"```sql SELECT * FROM cows WHERE…", "SELECT * FROM cows WHERE…"},
		{"```sql SELECT 1 ``` why is this slow?", "why is this slow?"},
		{"why is ```go x := 1``` wrong", "why is wrong"},
		{"# Barn plans for **spring**", "Barn plans for spring"},
		{"> quoted - and then 1. more", "quoted - and then 1. more"},
		{"1. first `step` then", "first step then"},
		{"- a list item", "a list item"},
		{"plain words stay", "plain words stay"},
		{"``` ```", ""},
		{"", ""},
	} {
		if got := plainPreview(tc.preview); got != tc.want {
			t.Errorf("plainPreview(%q) = %q, want %q", tc.preview, got, tc.want)
		}
	}
	title := "Named"
	for _, tc := range []struct {
		s    Summary
		want string
	}{
		{Summary{SessionID: "s1", Title: &title, Preview: "```x"}, "Named"},
		{Summary{SessionID: "s1", Preview: "```sql SELECT 1"}, "SELECT 1"},
		{Summary{SessionID: "s1", Preview: "``` ```"}, "s1"},
	} {
		if got := tc.s.DisplayTitle(); got != tc.want {
			t.Errorf("DisplayTitle(%+v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

// FuzzPlainPreview: any preview gives words of the preview, in order, and
// never a fence.
func FuzzPlainPreview(f *testing.F) {
	for _, s := range []string{"```sql SELECT 1", "# a **b** `c`", "1. x ~~~ y ~~~ z", "> - * + 2) #"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := plainPreview(s)
		if strings.Contains(got, "```") || strings.Contains(got, "~~~") {
			t.Fatalf("plainPreview(%q) = %q keeps a fence", s, got)
		}
		rest := s
		for _, w := range strings.Fields(got) {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Fatalf("plainPreview(%q) = %q: %q is not a word of the preview, in order", s, got, w)
			}
			rest = rest[i+len(w):]
		}
	})
}
