package tui

import (
	"sync"
	"testing"
)

// sharedDrafts is a draft store whose every draft is open in another
// terminal too.
type sharedDrafts struct {
	mu   sync.Mutex
	kept map[string]string
}

func (d *sharedDrafts) Load(key string) (KeptDraft, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return KeptDraft{Text: d.kept[key], Shared: true}, nil
}

func (d *sharedDrafts) Save(string, KeptDraft) error { return nil }

// TestSharedDraftIsMarked: a draft another terminal shows too comes back
// with a note saying so, so it is not sent from both.
func TestSharedDraftIsMarked(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "First")
	store := &sharedDrafts{kept: map[string]string{ada.GardendURL() + " " + ada.Graph() + " " + id: "kept in two terminals"}}
	cfg := hostConfig(t, ada)
	cfg.Drafts, cfg.SessionID = store, id
	a := drive(t, "ada", cfg, 120, 24)
	a.see("┃ kept in two terminals", "open in another of your terminals too")
}
