package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/faultproxy"
	"github.com/sophia-labs/vehicle/tui/session"
)

// Keys of the wall.
var (
	keyAltRight = tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModAlt}
	keyAltLeft  = tea.KeyPressMsg{Code: tea.KeyLeft, Mod: tea.ModAlt}
	keyAltDown  = tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModAlt}
	keyAltZ     = tea.KeyPressMsg{Code: 'z', Mod: tea.ModAlt}
	keySpace    = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
)

// wallOf opens Ada's sessions titled titles on the host as a wall at w x
// h, each with one exchange; it returns the harness and the sessions' ids.
func wallOf(t *testing.T, srv *vehicletest.Server, w, h int, titles ...string) (*harness, []string) {
	t.Helper()
	ada := person(t, srv, "ada-token", "cli-wall")
	var ids []string
	for _, title := range titles {
		id := newSession(t, ada, title)
		if _, err := ada.Prompt(t.Context(), id, "hello "+title); err != nil {
			t.Fatal(err)
		}
		if err := ada.Release(t.Context(), id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	settled(t, srv, ids...)
	cfg := hostConfig(t, ada)
	cfg.SessionIDs = ids
	cfg.SessionID = ids[0]
	a := drive(t, "wall", cfg, w, h)
	for _, title := range titles {
		a.see("You said: hello " + title)
	}
	a.until("every tile's notes read", func(string) bool { // they come after the snapshot, each tile on its own
		for _, s := range a.m.tiles.All() {
			if !a.answered(func(tea.Msg) bool { return false }, func(msg tea.Msg) bool {
				n, ok := msg.(session.NotesMsg)
				return ok && n.Gen == s.Gen()
			}) {
				return false
			}
		}
		return true
	})
	return a, ids
}

// settled waits until the host's log of each session has a run.settled:
// the UI opened after it sees no run settle.
func settled(t *testing.T, srv *vehicletest.Server, ids ...string) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for _, id := range ids {
		for count(srv, id, client.EvRunSettled) == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("session %s: no run.settled in %v", id, waitLimit)
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// everyTileDrives waits until this terminal holds every tile's lease.
func everyTileDrives(a *harness) {
	a.t.Helper()
	a.until("every tile drives", func(string) bool {
		for _, s := range a.m.tiles.All() {
			if s.State() == nil || !s.Driving() {
				return false
			}
		}
		return true
	})
}

// prompts is the prompts the host took for session id.
func prompts(srv *vehicletest.Server, id string) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Method == "POST" && strings.HasSuffix(r.Path, "/sessions/"+id+"/prompt") {
			n++
		}
	}
	return n
}

// TestWallSendsToTheFocusedTile: two sessions open stacked at 80x24, each
// a tile with its header; the composer sends to the focused one only, and
// alt+→ moves the focus (the composer keeps each tile's draft).
func TestWallSendsToTheFocusedTile(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 80, 24, "Alpha", "Beta")
	s := a.see("▸ you type here · Alpha", "  Beta · chat")
	if _, rows, shown := a.m.screen.Grid(); shown != 2 || rows != 2 {
		t.Fatalf("at 80x24 two tiles, stacked: got %d tiles in %d rows\n%s", shown, rows, s)
	}
	before := prompts(srv, ids[1])
	a.send(typing("a thought for alpha")...)
	a.send(keyAltRight)
	a.see("▸ you type here · Beta", "  Alpha · chat")
	if v := a.m.composer.Value(); v != "" {
		t.Fatalf("the composer took Alpha's draft to Beta: %q", v)
	}
	a.send(typing("to beta")...)
	a.send(keyEnter)
	a.see("You said: to beta")
	if prompts(srv, ids[1]) != before+1 || prompts(srv, ids[0]) != 1 {
		t.Fatalf("prompts: alpha %d (want 1, its first), beta %d (want %d)", prompts(srv, ids[0]), prompts(srv, ids[1]), before+1)
	}
	a.send(keyAltLeft)
	a.see("▸ you type here · Alpha", "┃ a thought for alpha")
}

// TestWallMarksATileThatNeedsThePerson: a chime arriving in a session whose
// tile has not the focus marks the tile, and focusing it clears the mark.
func TestWallMarksATileThatNeedsThePerson(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	everyTileDrives(a) // each tile claims its session's lease at open
	bo := person(t, srv, "bo-token", "cli-bo")
	if _, err := bo.Chime(t.Context(), ids[1], "look at the census"); err != nil {
		t.Fatal(err)
	}
	a.see("! Beta", "a chime waits for you")
	a.send(keyAltRight)
	s := a.see("▸ you type here · Beta")
	if strings.Contains(s, "! Beta") {
		t.Fatalf("the mark stayed on the focused tile:\n%s", s)
	}
}

// TestWallMarksALeaseTakenOrLapsing: an unfocused tile is marked when its
// lease is taken from another terminal, and when its lease is about to
// lapse with nobody at the keys.
func TestWallMarksALeaseTakenOrLapsing(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 100, 30, "Alpha", "Beta", "Gamma")
	everyTileDrives(a)
	if _, err := person(t, srv, "ada-token", "cli-two").Claim(t.Context(), ids[1], client.Takeover()); err != nil {
		t.Fatal(err)
	}
	a.see("! Beta · the lease was taken: you watch")

	gamma := a.m.tiles.All()[2]
	a.send(session.LeaseTickMsg{Gen: gamma.Gen(), Expires: gamma.TimerFor()}) // its timer fires, no key pressed since
	a.see("! Gamma · the lease lapses at " + gamma.TimerFor().In(a.m.cfg.Location).Format("15:04"))
}

// TestWallMovesByRows: four tiles at 200x60 are two by two; alt+↓ moves
// the focus to the tile below, alt+↑ back, alt+→ along the row.
func TestWallMovesByRows(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 200, 60, "One", "Two", "Three", "Four")
	if cols, rows, shown := a.m.screen.Grid(); cols != 2 || rows != 2 || shown != 4 {
		t.Fatalf("four tiles at 200x60: %d x %d, %d shown", cols, rows, shown)
	}
	a.send(keyAltDown)
	a.see("▸ you type here · Three")
	a.send(keyAltRight)
	a.see("▸ you type here · Four")
	a.send(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
	a.see("▸ you type here · Two")
}

// TestWallTileFlushesSlower: a tile without the focus renders its
// streaming tail once a second at most; the focused one at every tick.
func TestWallTileFlushesSlower(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	alpha, beta := a.m.tiles.All()[0], a.m.tiles.All()[1]
	deltaTo := func(s *session.Session, id, text string) session.EventMsg {
		v := fmt.Sprintf(`{"runId":"r9","messageId":"m-%s","delta":%q}`, id, text)
		return session.EventMsg{Gen: s.Gen(), Ev: client.Event{Protocol: client.Protocol, Type: client.EvMessageDelta,
			SessionID: id, Value: []byte(v)}}
	}
	at := time.Now()
	feed(a.m, deltaTo(beta, ids[1], "beta begins"), session.FlushMsg{At: at})
	if !strings.Contains(screen(a.m), "beta begins") {
		t.Fatalf("the first tick did not render Beta's tail:\n%s", screen(a.m))
	}
	feed(a.m, deltaTo(beta, ids[1], " and goes on"), deltaTo(alpha, ids[0], "alpha streams"),
		session.FlushMsg{At: at.Add(200 * time.Millisecond)})
	s := screen(a.m)
	if strings.Contains(s, "goes on") || !strings.Contains(s, "alpha streams") {
		t.Fatalf("200 ms on: Beta's tail rendered again, or the focused tile's not:\n%s", s)
	}
	if !a.m.tiles.ArmedWithin(time.Now(), time.Hour) {
		t.Fatal("a tail waits and no tick is armed")
	}
	feed(a.m, session.FlushMsg{At: at.Add(1100 * time.Millisecond)})
	if !strings.Contains(screen(a.m), "beta begins and goes on") {
		t.Fatalf("a second on, Beta's tail is not rendered:\n%s", screen(a.m))
	}
}

// TestWallMarksAFailedMessage: a message sent from a tile that fails after
// the focus moved on marks its tile.
func TestWallMarksAFailedMessage(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	everyTileDrives(a)
	a.send(keyAltRight)
	a.send(typing("this one fails #fail")...)
	a.send(keyEnter, keyAltLeft) // the failure comes after the focus left
	a.see("▸ you type here · Alpha", "! Beta · a message of yours failed")
}

// TestWallKeepsTheSessionOpen: opening a wall that holds the session open
// already keeps it as it was: its lease is not given up and claimed again
// (the release could come after the claim), its draft stays.
func TestWallKeepsTheSessionOpen(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ids := adaSessions(t, srv, "Alpha", "Beta")
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.SessionID = ids[1]
	a := drive(t, "wall", cfg, 100, 30)
	a.see("● you drive from this terminal")
	a.send(typing("half a thought")...)
	a.send(keyCtrlO)
	a.see("▸ Beta")
	a.send(keySpace, keyDown, keySpace)
	a.see("2 marked of 2")
	a.send(keyEnter)
	a.see("▸ you type here · Beta", "Alpha · chat", "┃ half a thought")
	a.until("both tiles drive", func(string) bool {
		for _, s := range a.m.tiles.All() {
			if s.State() == nil || !s.Driving() {
				return false
			}
		}
		return true
	})
	if n := count(srv, ids[1], client.EvLeaseReleased); n != 1 { // adaSessions' own release
		t.Errorf("Beta's lease was released %d times since it was made, want 1 (before the UI opened it)", n)
	}
}

// TestWallMarksADeletedSession: a session deleted elsewhere while its tile
// has not the focus is marked; focused, its composer is closed and says
// where it went.
func TestWallMarksADeletedSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	everyTileDrives(a)
	other := person(t, srv, "ada-token", "cli-other")
	if _, err := other.Claim(t.Context(), ids[1], client.Takeover()); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Delete(t.Context(), ids[1]); err != nil {
		t.Fatal(err)
	}
	a.see("! Beta · this session was deleted")
	a.send(keyAltRight)
	a.see("▸ you type here · Beta", "this session was deleted: it is in the host's trash")
}

// TestWallZoomsAndDegrades: alt+z zooms the focused tile to the whole
// screen and back; at 40x12 one tile shows, with a line naming the others.
func TestWallZoomsAndDegrades(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 100, 30, "Alpha", "Beta", "Gamma")
	a.see("▸ you type here · Alpha", "Beta · chat", "Gamma · chat")
	a.send(keyAltZ)
	s := a.see("zoomed: alt+z shows the wall again")
	if strings.Contains(s, "Beta · chat") {
		t.Fatalf("zoomed, another tile shows:\n%s", s)
	}
	a.send(keyAltZ)
	a.see("Beta · chat", "Gamma · chat")
	a.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	s = a.see("also open: Beta · Gamma")
	if _, _, shown := a.m.screen.Grid(); shown != 1 {
		t.Fatalf("at 40x12 %d tiles show:\n%s", shown, s)
	}
}

// TestPickerMarksSessionsToOpenTogether: space marks sessions in the
// picker, enter opens them as a wall; space in a filter is text.
func TestPickerMarksSessionsToOpenTogether(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-wall")
	for _, title := range []string{"Alpha", "Beta", "Gamma"} {
		id := newSession(t, ada, title)
		if err := ada.Release(t.Context(), id); err != nil {
			t.Fatal(err)
		}
	}
	a := drive(t, "picker", hostConfig(t, ada), 100, 30)
	a.see("Alpha", "Beta", "Gamma")
	a.send(keySpace, keyDown, keySpace)
	a.see("2 marked of 3", "2 sessions marked: enter opens them side by side")
	a.send(keyEnter)
	a.see("▸ you type here · Gamma", "Beta · chat")
	if len(a.m.tiles.All()) != 2 {
		t.Fatalf("%d tiles open, want 2", len(a.m.tiles.All()))
	}
	a.send(keyCtrlO)
	a.see("your sessions")
	a.send(typing("al")...)
	a.send(keySpace)
	if q := a.m.picker.Facts(); strings.Contains(q, "marked") {
		t.Fatalf("space in a filter marked a session: %q", q)
	}
}

// TestWallTileStreamsWhileUnfocused: a reply to the unfocused tile's
// session streams into its tile.
func TestWallTileStreamsWhileUnfocused(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	other := person(t, srv, "ada-token", "cli-other")
	if _, err := other.Claim(t.Context(), ids[1]); err != nil {
		if e, ok := err.(*client.Error); !ok || e.Code != client.CodeLeaseHeld {
			t.Fatal(err)
		}
	}
	a.send(keyAltRight)
	a.send(typing("a question")...)
	a.send(keyEnter)
	a.see("You said: a question")
	a.send(keyAltLeft)
	s := a.see("▸ you type here · Alpha", "You said: a question")
	if !strings.Contains(s, "Beta") {
		t.Fatalf("Beta's tile is gone:\n%s", s)
	}
}

// TestWallTilesResumeThroughCuts: four tiles of four sessions read their
// streams through a proxy that cuts connections mid-stream; replies made
// meanwhile reach each tile once: no gap, no duplicate, each tile on its
// own.
func TestWallTilesResumeThroughCuts(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	proxy := faultproxy.New(t, strings.TrimPrefix(srv.URL, "http://"), faultproxy.Options{Seed: 26, Cuts: 24, CutBudget: 4096})
	ada, err := client.New(proxy.URL(), client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-wall"))
	if err != nil {
		t.Fatal(err)
	}
	direct := person(t, srv, "ada-token", "cli-direct")
	var ids []string
	for _, title := range []string{"One", "Two", "Three", "Four"} {
		ids = append(ids, newSession(t, direct, title))
	}
	cfg := hostConfig(t, ada)
	cfg.SessionIDs, cfg.SessionID, cfg.NoClaim = ids, ids[0], true
	a := drive(t, "wall", cfg, 200, 60)
	a.see("One · chat", "Two · chat", "Three · chat", "Four · chat")
	const rounds = 3
	for r := range rounds {
		for i, id := range ids {
			if _, err := direct.Prompt(t.Context(), id, fmt.Sprintf("round %d of %d", r, i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	// the last reply, then every event after it (the run settles), in each tile
	a.until("every reply and event in every tile", func(string) bool {
		for i, s := range a.m.tiles.All() {
			if s.State() == nil || saysCount(s, fmt.Sprintf("You said: *round %d of %d*", rounds-1, i)) == 0 ||
				s.State().Run != client.RunIdle || s.State().Cursor < int64(len(srv.Events(s.ID()))) {
				return false
			}
		}
		return true
	})
	for i, s := range a.m.tiles.All() {
		for r := range rounds {
			if n := saysCount(s, fmt.Sprintf("You said: *round %d of %d*", r, i)); n != 1 {
				t.Errorf("tile %d has round %d %d times", i, r, n)
			}
		}
		if got, want := s.State().Cursor, int64(len(srv.Events(s.ID()))); got != want {
			t.Errorf("tile %d's cursor is %d, the host's log %d", i, got, want)
		}
	}
	if proxy.Cuts() == 0 {
		t.Fatal("the proxy cut nothing")
	}
}

// saysCount is how many of s's entries say text.
func saysCount(s *session.Session, text string) int {
	n := 0
	for _, e := range s.State().Entries {
		if strings.Contains(e.Text, text) {
			n++
		}
	}
	return n
}

// TestWallOpeningNoteCountsWhatIsStillOpening: the note while a wall opens
// names what has not opened yet and is gone once every tile opened, never
// left saying a tile that shows its transcript is still opening.
func TestWallOpeningNoteCountsWhatIsStillOpening(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 120, 30, "Alpha", "Beta", "Gamma")
	if strings.Contains(a.m.note.Text(), "opening") {
		t.Fatalf("every tile opened, the note still says %q", a.m.note.Text())
	}
	opening := func(s *session.Session) *session.Session { // the same session, its snapshot not come yet
		return a.m.tiles.Make(s.ID(), viewOf(s))
	}
	beta, gamma := a.m.tiles.All()[1], a.m.tiles.All()[2]
	openingGamma := opening(gamma)
	a.m.tiles.Replace(beta, opening(beta))
	a.m.tiles.Replace(gamma, openingGamma)
	if got := a.m.tiles.OpeningNote(); got != "opening 2 sessions…" {
		t.Fatalf("two tiles opening: %q", got)
	}
	a.m.tiles.Replace(openingGamma, gamma)
	if got, want := a.m.tiles.OpeningNote(), "opening "+a.m.tiles.All()[1].ID()+"…"; got != want {
		t.Fatalf("one tile opening: %q, want %q", got, want)
	}
}
