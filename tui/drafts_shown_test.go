package tui

import (
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/tui/keep"
)

// shownStore is a draft store in memory that tells each draft kept while
// the UI runs.
type shownStore struct {
	mu    sync.Mutex
	shown chan KeptDraft
	keys  []string
}

func (d *shownStore) Load(string) (KeptDraft, error) { return KeptDraft{}, nil }

func (d *shownStore) Save(string, KeptDraft) error { return nil }

func (d *shownStore) KeepShown(key string, k KeptDraft) error {
	d.mu.Lock()
	d.keys = append(d.keys, key)
	d.mu.Unlock()
	d.shown <- k
	return nil
}

// kept waits for the next draft kept, and fails unless it is text.
func (d *shownStore) kept(t *testing.T, a *harness, text, when string) {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		select {
		case k := <-d.shown:
			if k.Text != text {
				t.Fatalf("%s: kept %q, want %q", when, k.Text, text)
			}
			return
		case msg := <-a.msgs:
			a.send(msg)
		case <-deadline:
			t.Fatalf("%s: no draft kept in %v", when, waitLimit)
		}
	}
}

// none fails when a draft was kept.
func (d *shownStore) none(t *testing.T, a *harness, when string) {
	t.Helper()
	a.drain()
	select {
	case k := <-d.shown:
		t.Fatalf("%s: kept %q", when, k.Text)
	default:
	}
}

// TestDraftsKeptAsTheUIRuns: on a wall of two sessions, the drafts are
// kept while the UI runs (so a UI killed loses at most a few seconds of
// typing): none for each key, the tile's draft once the focus leaves it
// for another tile or for a pane, and at a pause in typing; a pause that
// typing cut short keeps nothing, and a draft that did not change is not
// written again.
func TestDraftsKeptAsTheUIRuns(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-wall")
	ids := []string{newSession(t, ada, "Alpha"), newSession(t, ada, "Beta")}
	store := &shownStore{shown: make(chan KeptDraft, 64)}
	cfg := hostConfig(t, ada)
	cfg.SessionIDs, cfg.SessionID, cfg.Drafts = ids, ids[0], store
	a := drive(t, "wall", cfg, 100, 30)
	a.m.keep.SetPause(time.Hour) // the test hands the pauses over itself
	a.see("you type here · Alpha", "Beta")
	a.until("both kept drafts read", func(string) bool { return a.m.keep.Loaded() == 2 })
	a.send(keyAltRight, keyAltLeft) // the empty drafts, kept once
	for range 2 {
		store.kept(t, a, "", "the first focus moves")
	}
	store.none(t, a, "the focus back on an unchanged draft")

	a.send(typing("for Alpha")...)
	store.none(t, a, "typing")
	a.send(keyAltRight) // Beta has the focus
	store.kept(t, a, "for Alpha", "the focus left Alpha")

	a.send(typing("for Beta")...)
	cut := a.m.composer.Edits()
	a.send(press('!'))
	a.send(keep.PauseMsg{Edits: cut}) // a pause that began before the "!"
	store.none(t, a, "a pause cut short by typing")
	a.send(keep.PauseMsg{Edits: a.m.composer.Edits()})
	store.kept(t, a, "for Beta!", "a pause in typing")

	a.send(typing(" and more")...)
	a.send(keyTab) // the focus goes to a pane
	store.kept(t, a, "for Beta! and more", "the focus left the composer for a pane")
	a.send(keyTab)
	store.none(t, a, "another pane, the draft unchanged")
	store.mu.Lock()
	defer store.mu.Unlock()
	if n := len(store.keys); store.keys[n-1] != store.keys[n-2] || store.keys[n-1] == store.keys[n-3] {
		t.Errorf("the drafts kept are under the keys %q: want Alpha's, then Beta's twice", store.keys[n-3:])
	}
}
