package session

import (
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// wallOf is a wall of ids, each session made by the wall (generations 1,
// 2, ...), s1 opened from uitest.Snapshot with this terminal driving, the
// others still opening; none focused.
func wallOf(t *testing.T, ids ...string) (*Wall, []*Session) {
	t.Helper()
	s1, _, _ := offline(t)
	w := NewWall(s1.cfg)
	var tiles []*Session
	for _, id := range ids {
		s := w.Make(id, &view{})
		if id == "s1" {
			s.Update(OpenedMsg{Gen: s.Gen(), ID: "s1", Principal: "user:ada", Snap: uitest.Snapshot(uitest.Lease("user:ada", "cli-me")),
				Claim: &client.Claimed{Lease: *uitest.Lease("user:ada", "cli-me")}}, focused)
		}
		tiles = append(tiles, s)
	}
	w.Set(tiles)
	return w, tiles
}

// TestWallKeepsTheTilesAndTheFocus: sessions are known by their
// generation, the focus moves with the draft left behind and steps round
// the wall, a tile dropped or replaced keeps the others in order, and only
// the tiles without the focus are throttled.
func TestWallKeepsTheTilesAndTheFocus(t *testing.T) {
	t.Parallel()
	w, s := wallOf(t, "s1", "s2", "s3")
	if w.Gen() != 3 || w.Of(2) != s[1] || w.Of(9) != nil || w.Index(s[2]) != 2 || w.Focused() != nil {
		t.Fatalf("made: gen %d, Of(2) %v, focused %v", w.Gen(), w.Of(2), w.Focused())
	}
	if _, came, ok := w.Focus(0, "ignored"); !ok || came != s[0] {
		t.Fatalf("focus on 0: %v %v", came, ok)
	}
	if _, _, ok := w.Focus(0, ""); ok {
		t.Error("the focused tile took the focus again")
	}
	if _, _, ok := w.Focus(7, ""); ok {
		t.Error("a tile past the wall took the focus")
	}
	left, came, _ := w.Focus(w.Step(-1), "half a thought")
	if left != s[0] || came != s[2] || s[0].Draft() != "half a thought" {
		t.Errorf("a step back: left %v, came %v, draft left %q", left, came, s[0].Draft())
	}
	if w.Step(1) != 0 || !w.Throttled(s[0]) || w.Throttled(s[2]) {
		t.Errorf("step on from the last: %d; throttled s1 %v, s3 %v", w.Step(1), w.Throttled(s[0]), w.Throttled(s[2]))
	}
	if got := w.Driving(); len(got) != 1 || got[0] != "s1" {
		t.Errorf("driving %v", got)
	}
	if at, focused := w.Drop(s[1]); at != 1 || focused || len(w.All()) != 2 {
		t.Errorf("drop s2: at %d, focused %v, %d left", at, focused, len(w.All()))
	}
	if at, _ := w.Drop(s[1]); at != -1 {
		t.Error("a tile dropped twice")
	}
	next := w.Make("s3", &view{})
	w.Replace(s[2], next)
	if w.Focused() != next || w.All()[1] != next {
		t.Errorf("replaced the focused tile: focused %v", w.Focused())
	}
	if at, focused := w.Drop(next); at != 1 || !focused || w.Focused() != nil {
		t.Errorf("drop the focused: at %d, focused %v", at, focused)
	}
	if w.Throttled(s[0]) {
		t.Error("the one tile left is throttled")
	}
}

// TestWallOpeningNote names the tiles still opening: one by its id, more by
// their number, none once all opened.
func TestWallOpeningNote(t *testing.T) {
	t.Parallel()
	w, _ := wallOf(t, "s1", "s2", "s3")
	if got := w.OpeningNote(); got != "opening 2 sessions…" {
		t.Errorf("two opening: %q", got)
	}
	w, _ = wallOf(t, "s1", "s2")
	if got := w.OpeningNote(); got != "opening s2…" {
		t.Errorf("one opening: %q", got)
	}
	w, _ = wallOf(t, "s1")
	if got := w.OpeningNote(); got != "" {
		t.Errorf("none opening: %q", got)
	}
}

// TestWallSharesOneFlushTick: a tick armed for later is not armed again
// for later still, one for sooner is; the tick has each tile render what
// is due and arms the next for a tile still behind.
func TestWallSharesOneFlushTick(t *testing.T) {
	t.Parallel()
	w, s := wallOf(t, "s1")
	w.Focus(0, "")
	now := time.Now()
	if w.Arm(now.Add(time.Second)) == nil || w.Arm(now.Add(2*time.Second)) != nil || w.Arm(now.Add(time.Millisecond)) == nil {
		t.Fatal("the tick was not armed for the soonest")
	}
	if w.Ticks() != 2 || !w.ArmedWithin(now, time.Second) {
		t.Errorf("ticks %d, armed within a second %v", w.Ticks(), w.ArmedWithin(now, time.Second))
	}
	if open, due := w.DrawsWithin(s[0].Gen(), now, time.Second); !open || !due {
		t.Errorf("the tile with the tick armed: open %v, drawing due %v", open, due)
	}
	if open, due := w.DrawsWithin(s[0].Gen()+100, now, time.Second); open || due {
		t.Errorf("a tile closed: open %v, drawing due %v", open, due)
	}
	drew, _, cmd := w.Flush(FlushMsg{})
	if drew || cmd != nil || w.ArmedWithin(now, time.Hour) {
		t.Errorf("nothing waited: drew %v, next %v", drew, cmd != nil)
	}
	if open, due := w.DrawsWithin(s[0].Gen(), now, time.Hour); !open || due {
		t.Errorf("nothing armed nor streaming: open %v, drawing due %v", open, due)
	}
	v := s[0].View().(*view)
	s[0].flushes, v.behind = true, true
	drew, changed, cmd := w.Flush(FlushMsg{At: time.Now()})
	if !drew || !changed || cmd == nil || v.flushed != 1 {
		t.Errorf("a tail waited: drew %v, changed %v, next %v, flushed %d", drew, changed, cmd != nil, v.flushed)
	}
}

// TestWallRunsElsewhere warns of the runs under way in the tiles this
// terminal drives without the focus; none for the focused tile's own.
func TestWallRunsElsewhere(t *testing.T) {
	t.Parallel()
	w, s := wallOf(t, "s1", "s2")
	w.Focus(1, "")
	if got := w.RunsElsewhere(); got != "" {
		t.Errorf("no run under way: %q", got)
	}
	s[0].Update(event(t, 5, client.EvRunStarted, map[string]string{"runId": "r1"}), Place{Me: ada, Throttled: true})
	if got := w.RunsElsewhere(); !strings.Contains(got, "a run is under way in “Leases” (another tile)") || !strings.Contains(got, "alt+→ to it") {
		t.Errorf("a run in another tile: %q", got)
	}
	w.Focus(0, "")
	if got := w.RunsElsewhere(); got != "" {
		t.Errorf("the focused tile's own run: %q", got)
	}
}
