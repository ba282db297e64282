package composer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// paste2000 is the paste: 2,000 lines, about 129 KB.
var paste2000 = strings.Repeat("a line of a long paste, some sixty-four bytes wide, and more..\n", 2000)

// TestLargePasteIsAChip: a large paste is one line in the draft, its size
// said; the draft's value is the paste whole with what was typed around it;
// a small paste is text.
func TestLargePasteIsAChip(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.Update(tea.PasteMsg{Content: "look:\n"})
	c.Update(tea.PasteMsg{Content: paste2000})
	c.Update(uitest.Press('!'))
	view := xansi.Strip(c.View())
	if !strings.Contains(view, "┃ look:") || !strings.Contains(view, "┃ [pasted 2,000 lines · 124 KiB]!") {
		t.Errorf("the composer shows:\n%s", view)
	}
	if got, want := c.Value(), "look:\n"+paste2000+"!"; got != want {
		t.Errorf("the value is %d bytes, want %d", len(got), len(want))
	}
	if n := strings.Count(c.ta.Value(), "\n"); n != 1 {
		t.Errorf("the textarea holds %d lines, want the typed two", n+1)
	}
}

// TestChipGoesWhole: backspace right after a chip, or delete right before
// it, takes it away whole; nothing of its text is left.
func TestChipGoesWhole(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.Update(tea.PasteMsg{Content: paste2000})
	c.Update(uitest.Key(tea.KeyBackspace))
	if c.Value() != "" {
		t.Errorf("backspace after the chip left %q", c.Value())
	}
	c.Update(tea.PasteMsg{Content: paste2000})
	c.Update(uitest.Key(tea.KeyHome))
	c.Update(uitest.Key(tea.KeyDelete))
	if c.Value() != "" {
		t.Errorf("delete before the chip left %q", ui.ClipRunes(c.Value(), 40))
	}
}

// TestChipComesBackFromTheEditor: the editor gets the paste whole; its
// answer with the paste unchanged shows the chip again, the words edited
// around it as text.
func TestChipComesBackFromTheEditor(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.Update(tea.PasteMsg{Content: paste2000})
	c.Update(EditedMsg{Text: "please read\n" + paste2000 + "thanks"})
	raw := c.ta.Value()
	if !strings.HasPrefix(raw, "please read\n[pasted") || !strings.HasSuffix(raw, "]thanks") {
		t.Errorf("the editor's answer is drawn as %q", ui.ClipRunes(raw, 80))
	}
	if c.Value() != "please read\n"+paste2000+"thanks" {
		t.Error("the value lost the paste")
	}
	c.SetValue(strings.Repeat("an unknown long text\n", 100))
	if raw := c.ta.Value(); !strings.HasPrefix(raw, "[text 100 lines") {
		t.Errorf("a long text set whole is drawn as %q", ui.ClipRunes(raw, 80))
	}
}

// TestLimitSaidAsTheDraftCrossesIt: the draft crossing the size a message
// may have is said at once, on the status line and over the draft, not
// after enter; back under it, the mark goes.
func TestLimitSaidAsTheDraftCrossesIt(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	_, act := c.Update(tea.PasteMsg{Content: paste2000})
	if n, ok := act.(ui.Note); !ok || !strings.Contains(n.Text, "over the 64 KiB a message may hold") {
		t.Errorf("crossing the limit said %#v", act)
	}
	if v := xansi.Strip(c.View()); !strings.Contains(v, "✗ the draft is 124 KiB, over the 64 KiB a message may hold · ctrl+g edits it") {
		t.Errorf("the composer does not say it is too big:\n%s", v)
	}
	if _, act := c.Update(uitest.Press('x')); act != nil {
		t.Errorf("a key while over said %#v again", act)
	}
	c.Update(uitest.Key(tea.KeyBackspace))
	c.Update(uitest.Key(tea.KeyBackspace))
	if strings.Contains(xansi.Strip(c.View()), "✗") {
		t.Errorf("the mark stayed with the paste gone:\n%s", xansi.Strip(c.View()))
	}
}

// TestPastedCRIsANewline: a terminal that pastes its line ends as CR
// (tmux) gives the chip its lines, and the value newlines.
func TestPastedCRIsANewline(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.Update(tea.PasteMsg{Content: strings.ReplaceAll(paste2000, "\n", "\r")})
	if v := xansi.Strip(c.View()); !strings.Contains(v, "[pasted 2,000 lines") {
		t.Errorf("the composer shows:\n%s", v)
	}
	if c.Value() != paste2000 {
		t.Error("the value's line ends are not newlines")
	}
}

// TestPasteNeverPassesTheTextareasLines (issue 27, item 16): the textarea
// holds at most 10,000 lines and dropped, unsaid, what a paste put past
// them; a paste that would pass them is a chip, kept whole.
func TestPasteNeverPassesTheTextareasLines(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 8)
	c.ta.SetValue(strings.Repeat("typed\n", textareaLines-11)) // as many small pastes and keys would leave it
	c.ta.MoveToEnd()
	paste := strings.Repeat("pasted\n", 40) // small: text, were there room
	c.Update(tea.PasteMsg{Content: paste})
	if got, want := c.Value(), strings.Repeat("typed\n", textareaLines-11)+paste; got != want {
		t.Errorf("the draft has %d lines, want %d", strings.Count(got, "\n"), strings.Count(want, "\n"))
	}
	if raw := c.ta.Value(); !strings.HasSuffix(raw, "typed\n[pasted 40 lines · 280 bytes]") {
		t.Errorf("the textarea ends %q", raw[max(len(raw)-60, 0):])
	}
}
