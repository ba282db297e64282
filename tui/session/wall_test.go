package session

import (
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
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

// grid is a wall of rows rows, two tiles a row.
type grid struct{ rows int }

func (g grid) Rows() int { return g.rows }
func (g grid) TileBy(at, d int) (int, bool) {
	to := at + 2*d
	return to, to >= 0 && to < 2*g.rows
}

// TestWallKeys: the tile keys step round the wall and a row up or down
// (none there: not the wall's, they scroll then); the zoom key zooms the
// focused tile and back, and says so; with one tile open the tile keys are
// not the wall's and the zoom key says how to open more; opening tiles
// anew shows the wall unzoomed.
func TestWallKeys(t *testing.T) {
	t.Parallel()
	w, s := wallOf(t, "s1", "s2", "s3", "s4")
	w.Focus(0, "")
	alt := func(code rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: code, Mod: tea.ModAlt} }
	for _, c := range []struct {
		key  tea.KeyPressMsg
		rows int
		to   int
		ok   bool
	}{
		{alt(tea.KeyRight), 2, 1, true}, {alt(tea.KeyLeft), 2, 3, true}, {alt(tea.KeyDown), 2, 2, true},
		{alt(tea.KeyUp), 2, -1, false}, {alt(tea.KeyDown), 1, -1, false}, {uitest.Press('x'), 2, -1, false},
	} {
		act, ok := w.OnKey(c.key, grid{c.rows})
		f, _ := act.(FocusTile)
		if ok != c.ok || ok && f.Tile != c.to {
			t.Errorf("%s with %d rows: %#v, %v; want tile %d, %v", c.key, c.rows, act, ok, c.to, c.ok)
		}
	}
	zoom := tea.KeyPressMsg{Code: 'z', Mod: tea.ModAlt}
	if act, ok := w.OnKey(zoom, grid{2}); !ok || !w.Zoomed() || act != (ui.Note{Text: "zoomed: alt+z shows the wall again"}) {
		t.Errorf("zoom: %#v, zoomed %v", act, w.Zoomed())
	}
	if act, ok := w.OnKey(zoom, grid{2}); !ok || w.Zoomed() || act != (ui.Note{Text: "the wall: 4 sessions"}) {
		t.Errorf("zoom back: %#v, zoomed %v", act, w.Zoomed())
	}
	w.OnKey(zoom, grid{2})
	w.Set(s[:1])
	if w.Zoomed() {
		t.Error("tiles opened anew show zoomed")
	}
	w.Focus(0, "")
	if _, ok := w.OnKey(alt(tea.KeyRight), grid{2}); ok {
		t.Error("a tile key with one tile open was the wall's")
	}
	if act, ok := w.OnKey(zoom, grid{2}); !ok || w.Zoomed() || !strings.HasPrefix(act.(ui.Note).Text, "one session open: ") {
		t.Errorf("zoom with one tile: %#v", act)
	}
}

// TestTakesText: a session open, not gone, in a UI that does not only
// watch takes text handed back to its composer; one opening, none, or a
// watching UI's does not.
func TestTakesText(t *testing.T) {
	t.Parallel()
	_, s := wallOf(t, "s1", "s2")
	var none *Session
	if !s[0].TakesText() || s[1].TakesText() || none.TakesText() {
		t.Errorf("open %v, opening %v, none %v", s[0].TakesText(), s[1].TakesText(), none.TakesText())
	}
	s[0].cfg.UI.Watch = true
	defer func() { s[0].cfg.UI.Watch = false }()
	if s[0].TakesText() {
		t.Error("a watching UI's session takes text")
	}
}

// TestWallRoutesAndJoins: a session's message goes to its tile by its
// generation, told whether it has the focus; one of a session closed since
// changes nothing shown. A session made here joins a wall of two or more,
// focused, and opens alone beside one.
func TestWallRoutesAndJoins(t *testing.T) {
	t.Parallel()
	w, s := wallOf(t, "s1", "s2", "s3")
	w.Focus(1, "")
	if _, act := w.Update(ConnMsg{Gen: s[0].Gen() + 100}, Place{}); act != (Unchanged{}) {
		t.Errorf("a closed session's message: %#v", act)
	}
	w.Update(ConnMsg{Gen: s[1].Gen(), State: client.ConnState{Mode: client.ConnReconnecting, Attempt: 3}}, Place{})
	if c := s[1].Conn(); c.State.Mode != client.ConnReconnecting || s[0].Conn().State.Mode == client.ConnReconnecting {
		t.Errorf("the message did not reach its tile alone: %v, %v", c.State.Mode, s[0].Conn().State.Mode)
	}
	ids, at, joined := w.Join("s9")
	if strings.Join(ids, " ") != "s1 s2 s3 s9" || at != 3 || joined != "it joined the wall: 4 sessions open (alt+z shows it alone)" {
		t.Errorf("joining: %v at %d, %q", ids, at, joined)
	}
	if ids, at, _ := w.Join("s2"); strings.Join(ids, " ") != "s1 s2 s3" || at != 1 {
		t.Errorf("joining a tile open already: %v at %d", ids, at)
	}
	w.Set(s[:1])
	if ids, at, joined := w.Join("s9"); strings.Join(ids, " ") != "s9" || at != 0 || joined != "" {
		t.Errorf("beside one: %v at %d, %q", ids, at, joined)
	}
}

// TestWallTakesOnlyItsRoutedKeys: the root hands the wall only the keys of
// KeyMap.WallKeys, so every key the wall takes must be one of them (a key
// the wall learnt and the list did not would never reach it).
func TestWallTakesOnlyItsRoutedKeys(t *testing.T) {
	t.Parallel()
	w, _ := wallOf(t, "s1", "s2", "s3", "s4")
	w.Focus(0, "")
	keys := w.cfg.UI.Keys
	for _, msg := range uitest.AllKeys() {
		for _, rows := range []int{1, 2} {
			if _, ok := w.OnKey(msg, grid{rows}); ok && !key.Matches(msg, keys.WallKeys()...) {
				t.Errorf("the wall took %q, which KeyMap.WallKeys does not name", msg.String())
			}
			if w.Zoomed() {
				w.OnKey(msg, grid{rows}) // back to the wall
			}
		}
	}
}
