package tui

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// memRecent keeps the sessions open last in memory.
type memRecent struct {
	mu  sync.Mutex
	ids []string
}

func (r *memRecent) Load() ([]string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.ids), nil
}

func (r *memRecent) Save(ids []string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ids = slices.Clone(ids)
	return nil
}

func (r *memRecent) kept() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.ids)
}

// adaSessions makes Ada's sessions titled titles, each with one exchange,
// given up so the UI may claim them.
func adaSessions(t *testing.T, srv *vehicletest.Server, titles ...string) []string {
	t.Helper()
	ada := person(t, srv, "ada-token", "cli-recent")
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
	return ids
}

// TestContinueOpensTheLastWall: a wall opened is kept as the sessions open
// last; --continue opens them again, as tiles, in their order.
func TestContinueOpensTheLastWall(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ids := adaSessions(t, srv, "Alpha", "Beta", "Gamma")
	rec := &memRecent{}
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent, cfg.SessionIDs, cfg.SessionID = rec, ids[1:], ids[1]
	a := drive(t, "wall", cfg, 100, 30)
	a.see("▸ you type here · Beta", "Gamma · chat")
	if got := rec.kept(); !slices.Equal(got, ids[1:]) {
		t.Fatalf("kept %v, want %v", got, ids[1:])
	}

	cfg = hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent, cfg.Continue = rec, true
	b := drive(t, "continue", cfg, 100, 30)
	s := b.see("▸ you type here · Beta", "Gamma · chat", "You said: hello Gamma")
	if strings.Contains(s, "Alpha") || len(b.m.tiles.All()) != 2 {
		t.Fatalf("--continue opened more than the last wall (%d tiles):\n%s", len(b.m.tiles.All()), s)
	}
}

// TestContinueOpensTheNewest: with nothing kept, --continue opens the
// session of the graph updated last; with no session at all, the picker
// says so and how to start one.
func TestContinueOpensTheNewest(t *testing.T) {
	t.Parallel()
	srv, clk := host(t)
	ids := adaSessions(t, srv, "Older")
	clk.advance(2 * time.Minute)
	ids = append(ids, adaSessions(t, srv, "Newer")...)
	clk.advance(2 * time.Minute)
	ada := person(t, srv, "ada-token", "cli-recent")
	if _, err := ada.Claim(t.Context(), ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := ada.Prompt(t.Context(), ids[0], "now the older one moves"); err != nil {
		t.Fatal(err)
	}
	if err := ada.Release(t.Context(), ids[0]); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent, cfg.Continue = &memRecent{}, true
	a := drive(t, "continue", cfg, 100, 30)
	a.see("You said: now the older one moves")
	if a.m.tiles.Focused() == nil || a.m.tiles.Focused().ID() != ids[0] || len(a.m.tiles.All()) != 1 {
		t.Fatalf("--continue did not open the session updated last (%s)", ids[0])
	}

	empty, _ := host(t)
	cfg = hostConfig(t, person(t, empty, "ada-token", "cli-wall"))
	cfg.Recent, cfg.Continue = &memRecent{}, true
	b := drive(t, "continue-empty", cfg, 100, 30)
	b.see("no session yet on this graph: ctrl+n starts one")
}

// gatedRecent keeps nothing and answers Load only once opened: the test
// decides whether the host's listing comes first.
type gatedRecent struct{ open chan struct{} }

func (r gatedRecent) Load() ([]string, error) { <-r.open; return nil, nil }
func (gatedRecent) Save([]string) error       { return nil }

// TestContinueWhenTheListingComesFirst: with nothing kept, --continue opens
// the newest session even when the host lists the sessions before the
// sessions kept are read (both are asked at once); it used to wait on
// "opening what you had open last…" for good.
func TestContinueWhenTheListingComesFirst(t *testing.T) {
	t.Parallel()
	srv, clk := host(t)
	adaSessions(t, srv, "Older")
	clk.advance(2 * time.Minute)
	adaSessions(t, srv, "Newer")
	gate := gatedRecent{open: make(chan struct{})}
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent, cfg.Continue = gate, true
	a := drive(t, "continue", cfg, 100, 30)
	a.see("Newer", "Older", "opening what you had open last…") // listed, the sessions kept not read yet
	close(gate.open)
	a.see("You said: hello Newer")
}

// TestContinueSkipsAGoneSession: a session kept but deleted since is left
// out with a clear error; the others open.
func TestContinueSkipsAGoneSession(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ids := adaSessions(t, srv, "Alpha", "Beta")
	ada := person(t, srv, "ada-token", "cli-recent")
	if _, err := ada.Claim(t.Context(), ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := ada.Delete(t.Context(), ids[0]); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent, cfg.Continue = &memRecent{ids: ids}, true
	a := drive(t, "continue", cfg, 100, 30)
	a.see("You said: hello Beta")
	a.until("Alpha's tile dropped", func(string) bool { return len(a.m.tiles.All()) == 1 })
	if a.m.tiles.Focused() == nil || a.m.tiles.Focused().ID() != ids[1] {
		t.Fatalf("the session still there is not the one focused")
	}
}

// TestPickerOffersTheLastWall: without --continue, the picker marks the
// sessions of the last wall once listed; enter opens them together, and any
// other key (typing a filter) clears the offer, so enter opens the session
// selected (a single session kept is not offered).
func TestPickerOffersTheLastWall(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ids := adaSessions(t, srv, "Alpha", "Beta", "Gamma")
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent = &memRecent{ids: []string{ids[2], ids[0]}}
	a := drive(t, "picker", cfg, 100, 30)
	a.see("your last wall, 2 marked · enter opens them again")
	a.send(keyEnter)
	s := a.see("▸ you type here · Gamma", "Alpha · chat")
	if strings.Contains(s, "Beta") {
		t.Fatalf("a session not offered opened:\n%s", s)
	}

	// a person who types or moves chooses for themselves: the offer goes
	cfg = hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent = &memRecent{ids: []string{ids[2], ids[0]}}
	c := drive(t, "picker-typed", cfg, 100, 30)
	c.see("your last wall, 2 marked")
	c.send(typing("Beta")...)
	c.see("filter: Beta", "▸ Beta")
	c.send(keyEnter)
	s = c.see("You said: hello Beta")
	if len(c.m.tiles.All()) != 1 {
		t.Fatalf("enter after a filter opened %d sessions, not the one selected:\n%s", len(c.m.tiles.All()), s)
	}

	cfg = hostConfig(t, person(t, srv, "ada-token", "cli-wall"))
	cfg.Recent = &memRecent{ids: ids[:1]}
	b := drive(t, "picker-one", cfg, 100, 30)
	s = b.see("3 sessions")
	if strings.Contains(s, "marked") {
		t.Fatalf("one session kept was offered as a wall:\n%s", s)
	}
}
