package picker

import (
	"sort"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// listed is a picker of Ada's on this terminal at w x h, showing, with the
// sessions listed (in the order given, not sorted).
func listed(t testing.TB, w, h int) *Picker {
	t.Helper()
	p := NewPicker(uitest.Context(), Host{}, 0)
	p.Set(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, "")
	p.Start(true)
	p.SetSize(w, h)
	list := uitest.Sessions()
	list[0], list[4] = list[4], list[0]
	p.Reload("")
	p.Update(ListedMsg{Gen: p.asked, Principal: "user:ada", List: list})
	return p
}

// TestPickerFiltersAndOpens filters on what is typed, clears on esc,
// ignores an older listing, and asks the root to open the chosen session.
func TestPickerFiltersAndOpens(t *testing.T) {
	p := NewPicker(uitest.Context(), Host{}, 0)
	list := []wire.Summary{uitest.Summary("s1", "Leases", uitest.Now, nil), uitest.Summary("s2", "Census", uitest.Now, nil)}
	p.Reload("")
	p.Reload("")
	p.Update(ListedMsg{Gen: 1, List: list[:1]})
	if len(p.all) != 0 {
		t.Fatal("an older listing's answer was taken")
	}
	p.Update(ListedMsg{Gen: 2, List: list})
	for _, r := range "cens" {
		p.Update(uitest.Press(r))
	}
	p.SetSize(80, 10)
	view := xansi.Strip(p.View())
	if !strings.Contains(view, "Census") || strings.Contains(view, "Leases") {
		t.Fatalf("filtered on cens the picker draws:\n%s", view)
	}
	if _, act := p.Update(uitest.Key(tea.KeyEnter)); act != (Open{ID: "s2"}) {
		t.Errorf("enter asked %#v", act)
	}
	p.Update(uitest.Key(tea.KeyEscape))
	if p.filter.String() != "" || len(p.visible()) != 2 {
		t.Errorf("esc left the filter %q", p.filter.String())
	}
	if _, act := p.Update(uitest.Key(tea.KeyEscape)); act != nil {
		t.Errorf("esc with no session open asked %#v", act)
	}
	p.Set(wire.Me{}, "s1")
	if _, act := p.Update(uitest.Key(tea.KeyEscape)); act != (Back{}) {
		t.Errorf("esc with a session open asked %#v", act)
	}
}

// TestPickerDrawsAtItsOwnWidth draws every line of the list within the
// width it was given, the preview's pane included, and its height.
func TestPickerDrawsAtItsOwnWidth(t *testing.T) {
	for _, w := range []int{50, 140} {
		p := listed(t, w, 12)
		lines := strings.Split(p.View(), "\n")
		if len(lines) != 12 {
			t.Errorf("at %d: %d lines, not 12", w, len(lines))
		}
		for _, l := range lines {
			if got := xansi.StringWidth(l); got > w {
				t.Errorf("at %d: a line %d cells wide: %q", w, got, xansi.Strip(l))
			}
		}
	}
}

// TestDriverText says who drives a listed session.
func TestDriverText(t *testing.T) {
	me := wire.Me{Principal: "user:ada", ClientID: "cli-me"}
	cases := []struct {
		l    *wire.Lease
		want string
	}{
		{nil, "nobody"},
		{uitest.Lease("user:ada", "cli-me"), "this terminal"},
		{uitest.Lease("user:ada", "cli-2"), "your other terminal"},
		{uitest.Lease("user:bo", "cli-bo"), "user:bo"},
		{&wire.Lease{Principal: "user:bo", ClientID: "c", ExpiresAt: uitest.Now.Add(-time.Second)}, "nobody"},
	}
	for _, c := range cases {
		if got := driverText(c.l, me, uitest.Now); got != c.want {
			t.Errorf("driverText(%+v) = %q, want %q", c.l, got, c.want)
		}
	}
}

// TestPeeksPerRevision: the sessions on screen are inspected one at a time,
// once per revision; a session that changed is inspected again, the others
// not.
func TestPeeksPerRevision(t *testing.T) {
	p := listed(t, 140, 24)
	answer := func(id string, rev time.Time) {
		t.Helper()
		if p.peeking != id {
			t.Fatalf("inspecting %q, want %q", p.peeking, id)
		}
		snap := uitest.Snapshot(nil)
		snap.Session.SessionID, snap.Session.UpdatedAt = id, rev
		p.Update(PeekMsg{Opened: p.opened, ID: id, Rev: rev, Snap: snap})
	}
	list := uitest.Sessions()
	revs := map[string]time.Time{}
	for _, s := range list {
		revs[s.SessionID] = s.UpdatedAt
	}
	seen := map[string]bool{}
	for p.peeking != "" && !seen[p.peeking] {
		seen[p.peeking] = true
		answer(p.peeking, revs[p.peeking])
	}
	if len(seen) != len(list) || p.peeking != "" {
		t.Fatalf("inspected %v, then %q; want each of the %d sessions once", seen, p.peeking, len(list))
	}
	list[1].UpdatedAt = uitest.Now.Add(time.Second) // s2 changed: now first
	p.Update(PollTickMsg{Opened: p.opened})
	sort.SliceStable(list, func(i, j int) bool { return list[i].UpdatedAt.After(list[j].UpdatedAt) })
	p.Update(ListedMsg{Gen: p.asked, Poll: p.opened, List: list})
	answer("s2", uitest.Now.Add(time.Second))
	if p.peeking != "" {
		t.Errorf("inspecting %q, which did not change", p.peeking)
	}
}

// TestPeekBounded: a long conversation keeps its last turns only, each
// cut, and a bounded number of wrapped lines.
func TestPeekBounded(t *testing.T) {
	snap := uitest.Snapshot(nil)
	snap.Transcript = nil
	for i := range 50 {
		snap.Transcript = append(snap.Transcript, wire.TranscriptItem{Role: "assistant",
			Text: strings.Repeat("word é\x1b[2J ", 1000) + string(rune('a'+i%26))})
	}
	pk := newPeek(PeekMsg{ID: "s1", Snap: snap})
	pk.draw(56, markdown.New(theme.MarkdownPlain, 54))
	if len(pk.turns) != PreviewTurns {
		t.Errorf("%d turns kept, want %d", len(pk.turns), PreviewTurns)
	}
	for _, tr := range pk.turns {
		if len(tr.text) > 3*previewTextMax || strings.Contains(tr.text, "\x1b") {
			t.Errorf("a turn of %d bytes, or not sanitised: %q", len(tr.text), tr.text[:40])
		}
	}
	if len(pk.lines) > previewLinesMax {
		t.Errorf("%d lines kept, over %d", len(pk.lines), previewLinesMax)
	}
	for _, l := range pk.lines {
		if xansi.StringWidth(l.text) > 54 {
			t.Errorf("a line wider than the pane: %q", l.text)
		}
	}
}

// BenchmarkPickerPreview is drawing the picker with the preview of a
// conversation at the bounds (6 turns of 2 KiB) at 140x40, and wrapping
// such a peek again (a resize).
func BenchmarkPickerPreview(b *testing.B) {
	snap := uitest.Snapshot(nil)
	snap.Transcript = nil
	for range PreviewTurns {
		snap.Transcript = append(snap.Transcript, wire.TranscriptItem{Role: "assistant", Text: strings.Repeat("lorem ipsum ", 200)})
	}
	p := listed(b, 140, 40)
	p.Update(PeekMsg{Opened: p.opened, ID: p.SelectedID(), Rev: uitest.Now, Snap: snap})
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			_ = p.View()
		}
	})
	b.Run("wrap", func(b *testing.B) {
		pk := p.peeks[p.SelectedID()]
		md := markdown.New(theme.MarkdownDark, 54)
		for b.Loop() {
			pk.draw(56, md)
		}
	})
}

// TestBigPeekReadLessOften: a session whose snapshot is large is read again
// only once its peek is old enough for its size (15 s a MiB), however often
// its listing moves; a small one at the next poll.
func TestBigPeekReadLessOften(t *testing.T) {
	now := uitest.Now
	ctx := uitest.Context()
	ctx.Now = func() time.Time { return now }
	p := NewPicker(ctx, Host{}, 0)
	p.peeks = map[string]*peek{
		"big":   {rev: uitest.Now, at: uitest.Now, size: 10 << 20},
		"small": {rev: uitest.Now, at: uitest.Now, size: 200 << 10},
	}
	moved := func(id string) wire.Summary {
		return wire.Summary{SessionID: id, UpdatedAt: now.Add(time.Second)}
	}
	now = uitest.Now.Add(10 * time.Second)
	if p.stale(moved("big")) || !p.stale(moved("small")) {
		t.Fatalf("10 s on: big stale %v (want false), small stale %v (want true)", p.stale(moved("big")), p.stale(moved("small")))
	}
	now = uitest.Now.Add(150 * time.Second)
	if !p.stale(moved("big")) {
		t.Fatal("a 10 MiB peek is not read again after 150 s")
	}
	if p.stale(wire.Summary{SessionID: "big", UpdatedAt: uitest.Now}) {
		t.Fatal("a peek whose session did not change is read again")
	}
	if peekAgain(0) != 0 || peekAgain(1<<20) != 15*time.Second {
		t.Fatalf("peekAgain: %v, %v", peekAgain(0), peekAgain(1<<20))
	}
}

// TestColumnsKeepTheTitle keeps a title at least minTitle cells wide at 40
// columns.
func TestColumnsKeepTheTitle(t *testing.T) {
	if c := pickerColumns(40); c.title < minTitle {
		t.Errorf("pickerColumns(40) = %+v", c)
	}
}
