package tui

import (
	"context"
	"testing"
)

// TestSlashRenameFoldsLines: /rename with a title of several lines renames
// the session to the title folded as the seed folds it (the client folds),
// instead of refusing it.
func TestSlashRenameFoldsLines(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	h, id := slashSession(t, srv, "Old name")
	h.send(typing("/rename Plans")...)
	h.send(keyCtrlJ)
	h.send(typing("for the  week")...)
	h.send(keyEnter)
	h.see("renamed to “Plans for the week”")
	snap, err := person(t, srv, "ada-token", "cli-x").Inspect(context.Background(), id)
	if err != nil || snap.Session.Title == nil || *snap.Session.Title != "Plans for the week" {
		t.Fatalf("the host's title: %+v, %v", snap, err)
	}
}
