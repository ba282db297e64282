package tui

import (
	"errors"
	"testing"
)

// unreadDrafts is a draft store whose kept draft cannot be read.
type unreadDrafts struct{}

func (unreadDrafts) Load(string) (KeptDraft, error) {
	return KeptDraft{}, errors.New("your draft could not be read (too large); it is kept at /s/d.unread")
}

func (unreadDrafts) Save(string, KeptDraft) error { return nil }

// TestUnreadDraftIsSaid: a kept draft that cannot be read is said on the
// status line when the session opens; the composer was empty with no word.
func TestUnreadDraftIsSaid(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "First")
	cfg := hostConfig(t, ada)
	cfg.Drafts, cfg.SessionID = unreadDrafts{}, id
	a := drive(t, "ada", cfg, 120, 24)
	a.see("your draft could not be read")
}
