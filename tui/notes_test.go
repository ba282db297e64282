package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// TestReopenedKeepsNotes: a session opened again (here watched) shows the
// notes its events made, in place, not only the snapshot's messages.
func TestReopenedKeepsNotes(t *testing.T) {
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Noted")
	if _, err := ada.Prompt(t.Context(), id, "hello"); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, ada, id, client.EvRunSettled)
	if _, err := person(t, srv, "ada-token", "cli-two").Claim(t.Context(), id, client.Takeover()); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.Watch = id, true
	a := drive(t, "ada", cfg, 100, 30)
	scr := a.see("You said: hello", "lease revoked: taken over by cli-two")
	if strings.Index(scr, "You said: hello") > strings.Index(scr, "lease revoked: taken over by cli-two") {
		t.Fatalf("the note is not after the reply it followed:\n%s", scr)
	}
}

// waitEvent waits until the session's log holds an event of type typ.
func waitEvent(t *testing.T, c *client.Client, id, typ string) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	since := int64(0)
	for time.Now().Before(deadline) {
		res, err := c.Watch(t.Context(), id, since, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range res.Events {
			if ev.Type == typ {
				return
			}
		}
		since = res.Cursor
	}
	t.Fatalf("no %s in session %s within %v", typ, id, waitLimit)
}
