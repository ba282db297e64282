package transcript

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// fakeSource is entries kept in a slice, with earlier ones waiting to be
// folded in front, as a lazily opened session's.
type fakeSource struct {
	es      []wire.Entry
	earlier []wire.Entry // folded in front, the last first
}

func (f *fakeSource) Entries() []wire.Entry  { return f.es }
func (f *fakeSource) Decode(int)             {}
func (f *fakeSource) EntryText(i int) string { return f.es[i].Text }
func (f *fakeSource) Hidden() int            { return len(f.earlier) }

// FoldEarlier puts up to n of the earlier entries in front.
func (f *fakeSource) FoldEarlier(n int) int {
	if n < 0 || n > len(f.earlier) {
		n = len(f.earlier)
	}
	cut := len(f.earlier) - n
	f.es = append(append([]wire.Entry(nil), f.earlier[cut:]...), f.es...)
	f.earlier = f.earlier[:cut]
	return n
}

// turns is n user turns of three lines' text each, keyed from first, then a
// tool chip keyed after them.
func turns(first, n int) []wire.Entry {
	var es []wire.Entry
	for i := range n {
		es = append(es, wire.Entry{Key: int64(first + i), Kind: wire.EntryMessage, Role: wire.RoleUser,
			Text: fmt.Sprintf("turn %d\nsecond line\nthird line", first+i), Rev: 1, EntryID: fmt.Sprintf("e%d", first+i)})
	}
	return es
}

// lazySource is 40 turns on screen and 60 earlier ones waiting.
func lazySource() *fakeSource {
	all := turns(0, 100)
	return &fakeSource{earlier: all[:60], es: all[60:]}
}

// TestFoldMovesNothing: a fold of earlier entries in front keeps the
// window on the same lines, the selection on the same entry and the
// renderings cached under their entries' keys.
func TestFoldMovesNothing(t *testing.T) {
	tr := New(uitest.Context())
	tr.SetFoldChunk(5)
	src := lazySource()
	tr.Open(src)
	tr.SetSize(60, 12)
	tr.EntriesChanged()
	tr.Page(-1)
	tr.Page(-1)
	tr.SetMarked(true)
	tr.EnterEntries()
	sel, before := tr.Selected().Key, tr.View()
	if n := tr.FoldEarlier(25); n != 25 {
		t.Fatalf("folded %d, want 25", n)
	}
	if after := tr.View(); after != before {
		t.Errorf("the window moved with the fold:\n%s\n---- before:\n%s", after, before)
	}
	if got := tr.Selected(); got == nil || got.Key != sel {
		t.Errorf("the selection moved from key %d to %+v", sel, got)
	}
	for k, c := range tr.r.cache {
		if i := tr.keys.of(src.es, k); i < 0 || c.key.entryID != src.es[i].EntryID {
			t.Errorf("the rendering cached under key %d is of another entry (%+v)", k, c.key)
		}
	}
	if !strings.Contains(xansi.Strip(tr.View()), "message "+fmt.Sprint(tr.SelectedIndex()+src.Hidden()+1)) &&
		!strings.Contains(xansi.Strip(tr.View()), " of 100 ") {
		t.Errorf("the marker does not count every message:\n%s", xansi.Strip(tr.View()))
	}
}

// TestFoldKeepsAChipOpen: a tool chip opened stays open across a fold.
func TestFoldKeepsAChipOpen(t *testing.T) {
	tr := New(uitest.Context())
	src := lazySource()
	chip := wire.Entry{Key: 1000, Kind: wire.EntryTool, ToolName: "search", ToolState: wire.ToolOK,
		ToolArgs: `{"q":"leases"}`, Text: "three results", Rev: 1}
	src.es = append(src.es, chip)
	tr.Open(src)
	tr.SetSize(60, 20)
	tr.SetMarked(true)
	tr.EnterEntries()
	tr.Update(uitest.Press('o'))
	tr.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !strings.Contains(xansi.Strip(tr.View()), "three results") {
		t.Fatalf("o did not open the chip:\n%s", xansi.Strip(tr.View()))
	}
	tr.FoldEarlier(-1)
	if !strings.Contains(xansi.Strip(tr.View()), "three results") || !tr.chips.isOpen(1000) {
		t.Errorf("the chip closed with the fold:\n%s", xansi.Strip(tr.View()))
	}
}

// TestNewEntriesCountedOnlyAtTheEnd: scrolled up, entries appended are
// new; entries folded in front are not.
func TestNewEntriesCountedOnlyAtTheEnd(t *testing.T) {
	tr := New(uitest.Context())
	src := lazySource()
	tr.Open(src)
	tr.SetSize(60, 12)
	tr.EntriesChanged()
	tr.Page(-1)
	tr.FoldEarlier(10)
	tr.EntriesChanged()
	src.es = append(src.es, turns(100, 2)...)
	tr.EntriesChanged()
	if !strings.Contains(xansi.Strip(tr.View()), "↓ 2 new messages") {
		t.Errorf("want 2 new messages:\n%s", xansi.Strip(tr.View()))
	}
}

// TestTranscriptDrawsAtItsOwnSize: given a width other than the screen's,
// the pane draws exactly its height in lines, none wider than its width.
func TestTranscriptDrawsAtItsOwnSize(t *testing.T) {
	tr := New(uitest.Context())
	tr.Open(&fakeSource{es: turns(0, 30)})
	for _, w := range []int{33, 57} {
		tr.SetSize(w, 9)
		lines := strings.Split(tr.View(), "\n")
		if len(lines) != 9 {
			t.Errorf("at %d: %d lines, not 9", w, len(lines))
		}
		for _, l := range lines {
			if got := xansi.StringWidth(l); got > w {
				t.Errorf("at %d: a line %d cells wide: %q", w, got, xansi.Strip(l))
			}
		}
	}
}

// TestForkOnEnter proposes on f and asks for the fork once enter confirms
// it, giving the keys back; a second f is no confirmation.
func TestForkOnEnter(t *testing.T) {
	tr := New(uitest.Context())
	tr.Open(&fakeSource{es: turns(0, 3)})
	tr.SetSize(60, 12)
	tr.SetMarked(true)
	tr.EnterEntries()
	if _, act := tr.Update(uitest.Press('f')); act == nil {
		t.Fatal("the first f said nothing")
	}
	if _, act := tr.Update(uitest.Press('f')); strings.Contains(fmt.Sprintf("%#v", act), "Fork{") {
		t.Fatal("a second f forked")
	}
	_, act := tr.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	var fork Fork
	done := false
	ui.Each(act, func(a ui.Action) {
		switch a := a.(type) {
		case Fork:
			fork = a
		case ui.Done:
			done = true
		}
	})
	if fork.EntryID != "e2" || !done {
		t.Errorf("enter after f: %#v, want a Fork of e2 and ui.Done", act)
	}
	tr.Update(uitest.Press('f'))
	tr.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if _, act := tr.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); strings.Contains(fmt.Sprintf("%#v", act), "Fork{") {
		t.Error("an f, ↑, then enter forked")
	}
}
