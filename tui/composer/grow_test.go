package composer

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// ctrlJ is the key that inserts a newline.
var ctrlJ = tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}

// typeLines types n numbered lines, a newline between them.
func typeLines(c *Composer, n int) {
	for i := 1; i <= n; i++ {
		if i > 1 {
			c.Update(ctrlJ)
		}
		for _, r := range fmt.Sprintf("line %d", i) {
			c.Update(uitest.Press(r))
		}
	}
}

// shown is the composer's drawing without styling, each line's right end
// trimmed.
func shown(c *Composer) []string {
	var out []string
	for _, l := range strings.Split(xansi.Strip(c.View()), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

// TestComposerGrowsWithTheDraft: the composer takes a line per line of the
// draft (wrapped ones counted) up to its limit; past it, it shows limit-1
// lines under a mark that counts those out of sight, above and below the
// cursor; emptied, it is one line again.
func TestComposerGrowsWithTheDraft(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(40, 5)
	if c.Height() != 1 {
		t.Fatalf("an empty composer takes %d lines", c.Height())
	}
	typeLines(c, 3)
	if got := shown(c); c.Height() != 3 || strings.Join(got, "\n") != "┃ line 1\n┃ line 2\n┃ line 3" {
		t.Fatalf("three lines take %d:\n%s", c.Height(), strings.Join(got, "\n"))
	}
	c.Update(ctrlJ)
	typeLines(c, 4) // seven lines in all
	got := shown(c)
	if c.Height() != 5 || len(got) != 5 || got[0] != "  ↑ 3 more lines" || got[4] != "┃ line 4" {
		t.Fatalf("seven lines in five take %d:\n%s", c.Height(), strings.Join(got, "\n"))
	}
	if cur := c.Cursor(); cur == nil || cur.Position.Y != 4 {
		t.Errorf("the cursor is at %+v, want the last line, under the mark", cur)
	}
	for range 4 {
		c.Update(uitest.Key(tea.KeyUp))
	}
	if got := shown(c); got[0] != "  ↑ 2 more lines · ↓ 1 more line" {
		t.Errorf("four lines up the mark says %q", got[0])
	}
	c.Update(uitest.Key(tea.KeyUp))
	if got := shown(c); got[0] != "  ↑ 1 more line · ↓ 2 more lines" || got[1] != "┃ line 2" {
		t.Errorf("five lines up the mark says %q:\n%s", got[0], strings.Join(got, "\n"))
	}
	c.SetSize(40, 1)
	if c.Height() != 1 || len(shown(c)) != 1 {
		t.Errorf("in one line the composer takes %d:\n%s", c.Height(), strings.Join(shown(c), "\n"))
	}
	c.SetSize(7, 8) // "line 2" wraps on two lines of 5 cells; the draft shows up to the cursor's
	if got := shown(c); c.Height() != 8 || !strings.HasPrefix(got[0], "  ↓ ") || !strings.Contains(strings.Join(got, "\n"), "┃ line\n┃ 2\n") {
		t.Errorf("at 7 cells the lines wrap: %d lines:\n%s", c.Height(), strings.Join(got, "\n"))
	}
	if cur := c.Cursor(); cur == nil || cur.Position.Y != 4 {
		t.Errorf("the cursor is at %+v, want at the end of the second line, its second row, under the mark", cur)
	}
	c.SetValue("")
	if c.Height() != 1 || !c.Blank() {
		t.Errorf("emptied, the composer takes %d lines", c.Height())
	}
}

// TestComposerHistory: ↑ walks back what was sent only over an empty draft
// (or the item shown); blank texts and a repeat of the newest are not
// kept; a session's history set under what was remembered keeps that the
// newest; the history is bounded.
func TestComposerHistory(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 4)
	c.Remember("  ")
	c.Remember("one")
	c.Remember("one")
	if c.HistoryLen() != 1 {
		t.Errorf("the history holds %d, want 1", c.HistoryLen())
	}
	c.Update(uitest.Press('x'))
	c.Update(uitest.Key(tea.KeyUp))
	if c.Value() != "x" {
		t.Errorf("↑ over a draft walked the history: %q", c.Value())
	}
	c.SetValue("")
	if c.Update(uitest.Key(tea.KeyDown)); c.Value() != "" {
		t.Errorf("↓ with nothing walked to shows %q", c.Value())
	}
	c.Remember("mine")
	c.SetHistory([]string{"kept 1", "kept 2"})
	for _, want := range []string{"mine", "one", "kept 2", "kept 1", "kept 1"} {
		c.Update(uitest.Key(tea.KeyUp))
		if c.Value() != want {
			t.Errorf("↑ shows %q, want %q", c.Value(), want)
		}
	}
	c.Update(uitest.Press('!'))
	if c.Update(uitest.Key(tea.KeyDown)); c.Value() != "kept 1!" {
		t.Errorf("↓ after an item walked to was edited: %q", c.Value())
	}
	c.Remember("later")
	c.SetHistory(nil)
	if c.HistoryLen() != 0 {
		t.Errorf("another session's history holds %d", c.HistoryLen())
	}
	items := make([]string, historyMax+5)
	for i := range items {
		items[i] = fmt.Sprint("item ", i)
	}
	c.SetHistory(items)
	for i := range 3 {
		c.Remember(fmt.Sprint("new ", i))
	}
	if c.HistoryLen() != historyMax {
		t.Errorf("the history holds %d, over %d", c.HistoryLen(), historyMax)
	}
	c.SetValue("")
	c.Update(uitest.Key(tea.KeyUp))
	if c.Value() != "new 2" {
		t.Errorf("the newest is %q", c.Value())
	}
}

// TestComposerRestoreAndFocus: a refused text comes back before what was
// typed since; blurred, the composer shows no cursor; its keys are its
// help; a key that is not text does nothing while read-only.
func TestComposerRestoreAndFocus(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 4)
	c.Restore("refused")
	if c.Value() != "refused" {
		t.Errorf("restored into an empty draft: %q", c.Value())
	}
	c.SetValue("typed since")
	c.Restore("refused")
	if c.Value() != "refused\ntyped since" {
		t.Errorf("restored before a draft: %q", c.Value())
	}
	c.SetFocused(false)
	if c.Focused() || c.Cursor() != nil {
		t.Error("blurred, the composer has the keyboard or a cursor")
	}
	c.SetFocused(true)
	if !c.Focused() || c.Cursor() == nil {
		t.Error("focused, the composer has no cursor")
	}
	if k := c.ShortHelp(); len(k) != 6 || k[0].Help().Key != "enter" || len(c.FullHelp()) != 2 {
		t.Errorf("the composer's keys: %v", k)
	}
	c.SetReadOnly(true)
	if cmd, act := c.Update(uitest.Key(tea.KeyLeft)); cmd != nil || act != nil {
		t.Errorf("← while read-only: %#v", act)
	}
	c.SetReadOnly(false)
	c.Update(uitest.Press('!'))
	if c.Value() != "refused\ntyped since!" {
		t.Errorf("writable again, a key gave %q", c.Value())
	}
}

// TestComposerPutBack: a text handed back goes after the draft, on a line
// of its own; into a blank draft, alone.
func TestComposerPutBack(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 4)
	c.SetValue("typed since")
	c.PutBack("not a key")
	if c.Value() != "typed since\nnot a key" {
		t.Errorf("put back after a draft: %q", c.Value())
	}
	c.SetValue("  ")
	c.PutBack("not a key")
	if c.Value() != "not a key" {
		t.Errorf("put back into a blank draft: %q", c.Value())
	}
}

// TestChipsAreNumberedAndSized: a second large paste is numbered, and each
// chip says its size in the one unit every size is said in (ui.Bytes).
func TestChipsAreNumberedAndSized(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(120, 4)
	c.Update(tea.PasteMsg{Content: paste2000})
	c.Update(tea.PasteMsg{Content: strings.Repeat("b\n", 600)})
	if v := strings.Join(shown(c), "\n"); !strings.Contains(v, "[pasted 2,000 lines · 124 KiB][pasted #2 · 600 lines · 2 KiB]") {
		t.Errorf("two pastes are drawn\n%s", v)
	}
	for n, want := range map[int]string{1: "1 byte", 812: "812 bytes", 1024: "1 KiB", 1499: "2 KiB", 129_000: "126 KiB", 1 << 20: "1.0 MiB", 1_900_000: "1.9 MiB", 12 << 20: "12 MiB"} {
		if got := size(n); got != want {
			t.Errorf("size(%d) = %q, want %q", n, got, want)
		}
	}
	if moreLines(1) != "1 more line" || moreLines(2) != "2 more lines" {
		t.Error("moreLines words a count wrong")
	}
}
