package composer

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestKeepApart: after an enter that sent nothing, the first text typed
// (or pasted) at the end of the draft starts a new line, once; a move
// first, an empty draft or a draft that ends a line takes none (issue 36,
// item 11).
func TestKeepApart(t *testing.T) {
	typed := func(c *Composer, s string) {
		for _, r := range s {
			c.Update(uitest.Press(r))
		}
	}
	for _, tc := range []struct {
		name  string
		draft string
		keys  func(c *Composer)
		want  string
	}{
		{"typed at the end", "count", func(c *Composer) { typed(c, "more") }, "count\nmore"},
		{"pasted at the end", "count", func(c *Composer) { c.Update(tea.PasteMsg{Content: "more"}) }, "count\nmore"},
		{"moved first", "count", func(c *Composer) { c.Update(uitest.Key(tea.KeyLeft)); typed(c, "X") }, "counXt"},
		{"a draft that ends a line", "count\n", func(c *Composer) { typed(c, "more") }, "count\nmore"},
		{"once only", "count", func(c *Composer) { typed(c, "a b") }, "count\na b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(uitest.Context(), "true")
			c.SetSize(80, 8)
			c.SetValue(tc.draft)
			c.KeepApart()
			tc.keys(c)
			if got := c.Value(); got != tc.want {
				t.Errorf("the draft is %q, want %q", got, tc.want)
			}
		})
	}
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.KeepApart() // nothing waits
	typed(c, "hi")
	if c.Value() != "hi" {
		t.Errorf("an empty draft took a new line: %q", c.Value())
	}
}
