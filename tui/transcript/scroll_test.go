package transcript

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// Scrolling keys, as the default key map binds them.
var (
	pgUp     = uitest.Key(tea.KeyPgUp)
	pgDown   = uitest.Key(tea.KeyPgDown)
	lineUp   = tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt}
	lineDown = tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModAlt}
	bottom   = tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl}
)

// thirty is a transcript of 30 turns (five lines each), 60 x 12,
// following the end.
func thirty() (*Transcript, *fakeSource) {
	tr := New(uitest.Context())
	src := &fakeSource{es: turns(0, 30)}
	tr.Open(src)
	tr.SetSize(60, 12)
	tr.EntriesChanged()
	return tr, src
}

// lastLine is the window's last line.
func lastLine(tr *Transcript) string {
	l := strings.Split(plain(tr), "\n")
	return l[len(l)-1]
}

// TestFollowAndAnchor: the window follows the end until scrolled up; then
// it stays on its lines while entries come, the marker says where it is
// and how many came, and scrolling down to the end follows again.
func TestFollowAndAnchor(t *testing.T) {
	tr, src := thirty()
	if !tr.Following() || !strings.Contains(plain(tr), "turn 29") || tr.Height() != 12 || tr.Width() != 60 {
		t.Fatalf("a new transcript does not follow its end:\n%s", plain(tr))
	}
	tr.Update(pgUp)
	if tr.Following() || lastLine(tr) != " message 26 of 30 · ctrl+end follows " {
		t.Fatalf("pgup: following %v, marker %q", tr.Following(), lastLine(tr))
	}
	before := strings.Split(plain(tr), "\n")
	src.es = append(src.es, turns(30, 1)...)
	tr.EntriesChanged()
	after := strings.Split(plain(tr), "\n")
	if strings.Join(after[:11], "\n") != strings.Join(before[:11], "\n") {
		t.Errorf("an entry that came moved the window:\n%s", strings.Join(after, "\n"))
	}
	if after[11] != " message 26 of 31 · ↓ 1 new message · ctrl+end follows " {
		t.Errorf("the marker after one new entry: %q", after[11])
	}
	src.es = append(src.es, turns(31, 2)...)
	tr.EntriesChanged()
	tr.EntriesChanged() // nothing new: counted once
	if !strings.Contains(lastLine(tr), "↓ 3 new messages") {
		t.Errorf("the marker after three: %q", lastLine(tr))
	}
	press(tr, pgDown, pgDown, pgDown)
	if !tr.Following() || strings.Contains(plain(tr), "new message") || !strings.Contains(plain(tr), "turn 32") {
		t.Errorf("pgdown to the end does not follow again:\n%s", plain(tr))
	}
	tr.Update(pgUp)
	tr.Update(bottom)
	if !tr.Following() {
		t.Error("ctrl+end does not follow the end")
	}
}

// TestScrollByLinesAndWheel: alt+↑↓ move the window a line, the wheel
// three, and moving down while following does nothing.
func TestScrollByLinesAndWheel(t *testing.T) {
	tr, _ := thirty()
	first, line := tr.Window()
	tr.Scroll(1)
	tr.Scroll(0)
	if f, l := tr.Window(); !tr.Following() || f != first || l != line {
		t.Fatal("scrolling down while following moved the window")
	}
	tr.Update(lineUp)
	f, l := tr.Window()
	if tr.Following() || f*5+l != first*5+line-1 {
		t.Errorf("alt+↑ moved from %d:%d to %d:%d", first, line, f, l)
	}
	tr.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if f2, l2 := tr.Window(); f2*5+l2 != f*5+l-WheelLines {
		t.Errorf("the wheel moved from %d:%d to %d:%d", f, l, f2, l2)
	}
	tr.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	tr.Update(lineDown)
	if !tr.Following() {
		t.Errorf("back down to the end, the window does not follow")
	}
	tr.Scroll(-1000)
	if f, l := tr.Window(); f != 0 || l != 0 || !strings.Contains(plain(tr), "turn 0") {
		t.Errorf("scrolled past the top: %d:%d", f, l)
	}
	if cmd, act := tr.Update(tea.MouseWheelMsg{Button: tea.MouseLeft}); cmd != nil || act != nil {
		t.Errorf("another button did something: %#v", act)
	}
}

// TestNothingToScroll: when everything fits, scrolling and the first
// message keep following, and the window has no marker.
func TestNothingToScroll(t *testing.T) {
	tr := New(uitest.Context())
	tr.Open(&fakeSource{es: turns(0, 2)})
	tr.SetSize(60, 20)
	tr.Scroll(-3)
	tr.Page(-1)
	tr.ToFirst()
	if !tr.Following() || strings.Contains(plain(tr), "follows") {
		t.Errorf("a transcript that fits scrolled:\n%s", plain(tr))
	}
	tr.Open(nil)
	tr.Scroll(-3)
	if tr.View() != strings.Repeat("\n", 19) || tr.FoldEarlier(3) != 0 {
		t.Errorf("no session draws %q", tr.View())
	}
}

// TestMarkerAtNarrowWidths: the marker is cut to the pane's width.
func TestMarkerAtNarrowWidths(t *testing.T) {
	tr, _ := thirty()
	tr.SetSize(20, 12)
	tr.Page(-1)
	if got := lastLine(tr); got != " message 26 of 30 ·…" {
		t.Errorf("at 20 cells the marker is %q", got)
	}
}

// TestScrollingUpFoldsEarlierItems: near the first entry, scrolling up
// folds the next chunk of earlier items through the Source; the window
// stays on the same lines as they come in front, and the marker counts
// every message.
func TestScrollingUpFoldsEarlierItems(t *testing.T) {
	tr := New(uitest.Context())
	tr.SetFoldChunk(5)
	src := lazySource()
	tr.Open(src)
	tr.SetSize(60, 12)
	tr.EntriesChanged()
	if src.Hidden() != 60 {
		t.Fatalf("%d hidden before scrolling", src.Hidden())
	}
	tr.Page(-1)
	if src.Hidden() != 55 {
		t.Fatalf("a page up near the first entry left %d hidden, want 55 (a chunk of 5)", src.Hidden())
	}
	if got := lastLine(tr); got != " message 96 of 100 · ctrl+end follows " {
		t.Errorf("the marker counts %q", got)
	}
	for range 50 {
		tr.Page(-1)
	}
	if src.Hidden() != 0 || !strings.Contains(plain(tr), "turn 0") {
		t.Errorf("paging to the top left %d hidden:\n%s", src.Hidden(), plain(tr))
	}
	tr.SetFoldChunk(0)
	if tr.chunk != 1 {
		t.Errorf("a chunk of 0 is %d", tr.chunk)
	}
}

// stateSource is a Source over a wire.State, as the root's session is:
// a lazy snapshot's earlier items are folded and decoded on demand.
type stateSource struct {
	s       *wire.State
	decoded int
}

func (s *stateSource) Entries() []wire.Entry  { return s.s.Entries }
func (s *stateSource) Decode(i int)           { s.decoded++; s.s.DecodeText(i, i+1) }
func (s *stateSource) EntryText(i int) string { return s.s.EntryText(i) }

// FoldEarlier folds n earlier items, all of them when n < 0.
func (s *stateSource) FoldEarlier(n int) int {
	if n < 0 {
		n = s.s.Earlier()
	}
	return s.s.FoldEarlier(n)
}
func (s *stateSource) Hidden() int { return s.s.Earlier() }

// TestLazyEntriesDecodedWhenDrawn: entries folded in from a lazy snapshot
// keep their text as bytes until the transcript draws (or selects) them;
// then they are decoded, and drawn with their text.
func TestLazyEntriesDecodedWhenDrawn(t *testing.T) {
	var items []string
	for i := range wire.LazyTail + 20 {
		items = append(items, fmt.Sprintf(`{"entryId":"e%d","role":"user","text":"lazy turn %d","timestamp":"2026-10-14T09:30:00Z"}`, i, i))
	}
	snap, err := wire.DecodeLazySnapshot([]byte(`{"session":{"sessionId":"s1"},"transcript":[` + strings.Join(items, ",") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	src := &stateSource{s: wire.NewStateLazy(wire.Me{}, snap)}
	tr := New(uitest.Context())
	tr.Open(src)
	tr.SetSize(60, 12)
	tr.EntriesChanged()
	if src.Hidden() != 20 {
		t.Fatalf("%d items hidden, want 20", src.Hidden())
	}
	tr.SetMarked(true)
	tr.EnterEntries()
	tr.Update(uitest.Press('g'))
	tr.Update(enter)
	if src.decoded == 0 || !strings.Contains(plain(tr), "lazy turn 0") || tr.Selected().Text != "lazy turn 0" {
		t.Errorf("g↵ over lazy items (%d decoded):\n%s", src.decoded, plain(tr))
	}
}

// TestRenderCacheByKeyAndVersion: an entry is drawn once per version and
// width: the same version is the same drawing, a new version (or a new
// width, or new styles) draws it again; at most cacheEntries are kept.
func TestRenderCacheByKeyAndVersion(t *testing.T) {
	r := newRenderer(uitest.Context().Styles, nil, 60)
	e := wire.Entry{Key: 7, Kind: wire.EntryMessage, Role: wire.RoleUser, Text: "first words", Rev: 1}
	a := r.lines(&e)
	e.Text = "other words"
	if b := r.lines(&e); &b[0] != &a[0] || !strings.Contains(strings.Join(b, "\n"), "first words") {
		t.Fatal("the same version was drawn again")
	}
	e.Rev++
	if b := r.lines(&e); !strings.Contains(strings.Join(b, "\n"), "other words") {
		t.Fatal("a new version was not drawn again")
	}
	e.EntryID = "e7" // saved: its id came, its version the same
	e.Text = "saved words"
	if b := r.lines(&e); !strings.Contains(strings.Join(b, "\n"), "saved words") {
		t.Error("an entry whose id came was not drawn again")
	}
	for k := range int64(cacheEntries) {
		r.lines(&wire.Entry{Key: 100 + k, Kind: wire.EntryMessage, Role: wire.RoleUser, Text: "x", Rev: 1})
	}
	if _, kept := r.cache[7]; kept || len(r.cache) != cacheEntries || len(r.order) != cacheEntries {
		t.Errorf("past the bound: %d kept, the oldest kept %v", len(r.cache), kept)
	}

	tr, _ := thirty()
	dark := tr.View()
	light := theme.NewSet(false).Light
	tr.SetStyles(light)
	if tr.Styles() != light || tr.View() == dark {
		t.Error("new styles did not draw the transcript again")
	}
	tr.SetSize(40, 12)
	if len(tr.r.cache) != 0 || tr.r.width != 40 {
		t.Errorf("a new width kept %d drawings", len(tr.r.cache))
	}
}

// TestTakesOnlyItsRoutedKeys: while no search is typed, the root hands the
// transcript only the keys of KeyMap.TranscriptKeys, so every key its
// scrolling or its search takes then must be one of them.
func TestTakesOnlyItsRoutedKeys(t *testing.T) {
	keys := uitest.Context().Keys
	for _, msg := range uitest.AllKeys() {
		tr, _ := thirty()
		took := tr.OnScrollKey(msg)
		if !took {
			_, _, took = tr.OnSearchKey(msg, false)
		}
		if took && !key.Matches(msg, keys.TranscriptKeys()...) {
			t.Errorf("the transcript took %q, which KeyMap.TranscriptKeys does not name", msg.String())
		}
	}
}
