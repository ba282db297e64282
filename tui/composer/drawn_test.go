package composer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestDrawingFollowsEveryChange: the composer keeps its drawing between
// changes, and every change (typing, a paste, a chip taken away, a new
// draft, a size, the focus, the placeholder, the styles) draws it again:
// what it shows is what a drawing made afresh shows.
func TestDrawingFollowsEveryChange(t *testing.T) {
	c := New(uitest.Context(), "true")
	check := func(step string) {
		t.Helper()
		view, cur := c.View(), c.Cursor()
		if cur != nil {
			cur.Position.Y += 7 // a caller may move the cursor it is given
		}
		view2, cur2 := c.View(), c.Cursor()
		c.changed()
		fresh, freshCur := c.View(), c.Cursor()
		if view != fresh || view2 != fresh {
			t.Fatalf("%s: the composer shows\n%q\nafresh it draws\n%q", step, view, fresh)
		}
		if (cur2 == nil) != (freshCur == nil) || cur2 != nil && cur2.Position != freshCur.Position {
			t.Fatalf("%s: the cursor is %+v, afresh %+v", step, cur2, freshCur)
		}
	}
	c.SetSize(40, 6)
	check("sized")
	c.SetPlaceholder("write a message")
	check("placeholder")
	for _, r := range "hello there" {
		c.Type(tea.KeyPressMsg{Code: r, Text: string(r)})
		check("typed " + string(r))
	}
	c.Type(uitest.Key(tea.KeyLeft))
	check("cursor moved")
	c.SetFocused(false)
	check("blurred")
	c.SetFocused(true)
	check("focused")
	c.SetValue(strings.Repeat("a line of the draft\n", 12))
	check("a long draft")
	c.SetSize(30, 4)
	check("narrower")
	c.SetValue("")
	check("emptied")
	c.Update(tea.PasteMsg{Content: strings.Repeat("pasted text ", 400)})
	check("a large paste")
	c.Update(uitest.Key(tea.KeyBackspace))
	check("the chip taken away")
	c.SetPlaceholder("another hint")
	check("another placeholder")
	st := *c.ctx.Styles
	st.Prompt = st.Prompt.Bold(true)
	c.ctx.Styles = &st
	c.SetStyles(&st)
	check("new styles")
	c.SetValue(strings.Repeat("x", 2<<20))
	check("over the size")
}
