package transcript

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// up moves the selection n entries up.
func up(tr *Transcript, n int) {
	for range n {
		tr.Update(uitest.Key(tea.KeyUp))
	}
}

// unmarked is the window without styling nor the selection's bar (which
// takes the first cell of an indented line).
func unmarked(tr *Transcript) string { return strings.ReplaceAll(plain(tr), "▌", " ") }

// rowOf is the first row of the window that holds s, -1 when none.
func rowOf(tr *Transcript, s string) int {
	for i, l := range strings.Split(plain(tr), "\n") {
		if strings.Contains(l, s) {
			return i
		}
	}
	return -1
}

// TestChipOpensAndCloses: enter (or o, confirmed) on a selected chip shows
// the call's arguments, name by name, and its result under it; the same
// key closes it; on a message it says how to open one.
func TestChipOpensAndCloses(t *testing.T) {
	tr, _ := opened(uitest.Context(), conversation(), 60, 40)
	if _, act := press(tr, enter); act != (ui.Note{Text: "o/enter opens a tool call: select a ⚙ chip (↑↓)"}) {
		t.Errorf("enter on a reply: %#v", act)
	}
	up(tr, 3)
	if cmd, act := press(tr, enter); cmd != nil || act != nil {
		t.Errorf("enter on a chip: %#v", act)
	}
	detail := []string{"    arguments", "    │ limit: 3", "    │ query: leases", "    result", "    │ three results"}
	view := unmarked(tr)
	if !strings.Contains(view, strings.Join(detail, "\n")) {
		t.Fatalf("the open chip shows\n%s", view)
	}
	press(tr, enter)
	if strings.Contains(plain(tr), "arguments") {
		t.Fatalf("enter again left the chip open:\n%s", plain(tr))
	}
	press(tr, uitest.Press('o'), enter)
	if !strings.Contains(plain(tr), "│ three results") {
		t.Errorf("o↵ did not open the chip:\n%s", plain(tr))
	}
}

// TestChipDrawnByVersion: an open chip's drawing is kept while its entry's
// version stands, and drawn again when the version moves (a result came),
// in the error's words when the call failed.
func TestChipDrawnByVersion(t *testing.T) {
	es := conversation()
	es[2].ToolState, es[2].Text, es[2].ToolArgs = wire.ToolRunning, "", ""
	tr, src := opened(uitest.Context(), es, 60, 40)
	up(tr, 3)
	press(tr, enter)
	if v := plain(tr); !strings.Contains(v, "│ (none sent)") || !strings.Contains(v, "│ (running: no result yet)") ||
		!strings.Contains(v, "⚙ search_documents … running") {
		t.Fatalf("a running chip opened:\n%s", v)
	}
	src.es[2].ToolState, src.es[2].Text = wire.ToolError, "permission denied"
	if v := plain(tr); strings.Contains(v, "permission denied") {
		t.Fatalf("drawn again without a new version:\n%s", v)
	}
	src.es[2].Rev++
	v := unmarked(tr)
	if !strings.Contains(v, "    result (error)\n    │ permission denied") || !strings.Contains(v, "⚙ search_documents ✗ error") {
		t.Fatalf("the failed call's new version:\n%s", v)
	}
	src.es[2].Text = ""
	src.es[2].Rev++
	if v := plain(tr); !strings.Contains(v, "│ (no result text)") {
		t.Errorf("a call with no result:\n%s", v)
	}
}

// TestChipsOpenAtOnceAreBounded: past chipOpenMax open chips the oldest
// closes.
func TestChipsOpenAtOnceAreBounded(t *testing.T) {
	v := newChipViews()
	for k := range int64(chipOpenMax + 1) {
		if !v.toggle(k) {
			t.Fatalf("chip %d did not open", k)
		}
	}
	if v.isOpen(0) || !v.isOpen(1) || !v.isOpen(chipOpenMax) || len(v.open) != chipOpenMax {
		t.Errorf("%d open, the first open %v", len(v.open), v.isOpen(0))
	}
}

// TestChipKeysCopyTheResult: y↵ on a chip copies its result, says it has
// none to copy when empty, and b↵ says a chip has no code.
func TestChipKeysCopyTheResult(t *testing.T) {
	tr, src := opened(uitest.Context(), conversation(), 60, 40)
	up(tr, 3)
	if _, act := press(tr, uitest.Press('y')); act != (ui.Note{Text: "y: enter copies the marked tool call's result · typing goes to the composer"}) {
		t.Errorf("y on a chip proposed %#v", act)
	}
	cmd, act := press(tr, enter)
	if got := flat(act); cmd == nil || len(got) != 2 || got[0] != (ui.Note{Text: "sent the tool result to the terminal as OSC 52 (13 characters): the clipboard, if it allows"}) {
		t.Errorf("y↵ on a chip: %#v", act)
	}
	if _, act := press(tr, uitest.Press('b'), enter); act != (ui.Note{Text: "a tool call has no code blocks: select a message (↑↓)"}) {
		t.Errorf("b↵ on a chip: %#v", act)
	}
	src.es[2].Text = " \n"
	if cmd, act := press(tr, uitest.Press('y'), enter); cmd != nil || act != (ui.Note{Text: "this tool call has no result text to copy"}) {
		t.Errorf("y↵ on a chip with no result: %#v", act)
	}
}

// TestCopyCodeBlocks: b↵ copies a message's one code block, offers the
// chooser for several, and says when there is none.
func TestCopyCodeBlocks(t *testing.T) {
	tr, _ := opened(uitest.Context(), conversation(), 60, 40)
	_, act := press(tr, uitest.Press('b'), enter)
	show, ok := act.(ui.Show)
	if _, chooser := show.Overlay.(*dialog.CodeChooser); !ok || !chooser {
		t.Fatalf("b↵ on a reply with two blocks: %#v", act)
	}
	up(tr, 2)
	cmd, act := press(tr, uitest.Press('b'), enter)
	if got := flat(act); cmd == nil || len(got) != 2 || got[0] != (ui.Note{Text: "sent code block 1 of 1 · go · 1 line to the terminal as OSC 52 (16 characters): the clipboard, if it allows"}) || got[1] != (ui.Done{}) {
		t.Errorf("b↵ on a reply with one block: %#v", act)
	}
	up(tr, 2)
	if _, act := press(tr, uitest.Press('b'), enter); act != (ui.Note{Text: "this message has no code block (a ``` fence): select another"}) {
		t.Errorf("b↵ on a reply without code: %#v", act)
	}
}

// TestClickOpensAChip: a click on a chip's line opens it and another
// closes it, following the end or scrolled up; a double click on a message
// copies its code block (or offers them); a click on nothing does nothing.
func TestClickOpensAChip(t *testing.T) {
	tr, _ := opened(uitest.Context(), conversation(), 60, 40)
	tr.SetMarked(false)
	row := rowOf(tr, "⚙ search_documents")
	if cmd, act := tr.Click(row, false); cmd != nil || act != nil || !strings.Contains(plain(tr), "│ three results") {
		t.Fatalf("a click on the chip (row %d): %#v\n%s", row, act, plain(tr))
	}
	tr.Click(row, false)
	if strings.Contains(plain(tr), "three results") {
		t.Fatalf("a second click left the chip open:\n%s", plain(tr))
	}
	if cmd, act := tr.Click(rowOf(tr, "lease := claim()"), true); cmd == nil || act != (ui.Note{Text: "sent code block 1 of 1 · go · 1 line to the terminal as OSC 52 (16 characters): the clipboard, if it allows"}) {
		t.Errorf("a double click on a block: %#v", act)
	}
	if _, act := tr.Click(rowOf(tr, "print(1)"), true); act == nil {
		t.Error("a double click on a reply with two blocks offered nothing")
	}
	if cmd, act := tr.Click(rowOf(tr, "lease := claim()"), false); cmd != nil || act != nil {
		t.Errorf("a single click on a message: %#v", act)
	}
	for _, row := range []int{-1, 39, 40} {
		if cmd, act := tr.Click(row, true); cmd != nil || act != nil {
			t.Errorf("a click on row %d: %#v", row, act)
		}
	}

	small, _ := opened(uitest.Context(), conversation(), 60, 8) // the tail overflows the window
	small.SetMarked(false)
	small.Scroll(-14)
	row = rowOf(small, "⚙ search_documents")
	if row < 0 || small.Following() {
		t.Fatalf("scrolled up, the chip is not on screen:\n%s", plain(small))
	}
	small.Click(row, false)
	if !strings.Contains(plain(small), "arguments") {
		t.Errorf("a click on a chip, scrolled up:\n%s", plain(small))
	}
	if _, act := small.Click(7, false); act != nil {
		t.Errorf("a click on the marker: %#v", act)
	}
	var chips []wire.Entry
	for k := range int64(20) {
		chips = append(chips, wire.Entry{Key: k, Kind: wire.EntryTool, ToolName: "read", ToolState: wire.ToolOK, Text: "done", Rev: 1})
	}
	under, _ := opened(uitest.Context(), chips, 60, 8)
	under.SetMarked(false)
	under.Scroll(-5) // a chip's line under the marker
	if _, act := under.Click(7, false); act != nil || strings.Contains(plain(under), "arguments") {
		t.Errorf("a click on the marker opened the chip under it:\n%s", plain(under))
	}
	small.ToBottom()
	if _, act := small.Click(rowOf(small, "print(1)"), true); act == nil {
		t.Errorf("following an overflowing tail, a double click on the last reply offered nothing:\n%s", plain(small))
	}
}
