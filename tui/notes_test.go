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
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Noted")
	if _, err := ada.Prompt(t.Context(), id, "hello"); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, ada, id, client.EvRunSettled)
	if _, err := ada.Prompt(t.Context(), id, "wait for me #hold"); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, ada, id, client.EvRunStarted)
	if _, err := ada.Abort(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	waitEvents(t, ada, id, client.EvRunSettled, 2)
	if _, err := person(t, srv, "ada-token", "cli-two").Claim(t.Context(), id, client.Takeover()); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.Watch = id, true
	a := drive(t, "ada", cfg, 100, 30)
	scr := a.see("You said: hello", "run aborted", "lease revoked: taken over by cli-two")
	order := []string{"You said: hello", "wait for me #hold", "run aborted", "lease revoked: taken over by cli-two"}
	for i := 1; i < len(order); i++ {
		if strings.Index(scr, order[i-1]) > strings.Index(scr, order[i]) {
			t.Fatalf("%q is not after %q:\n%s", order[i], order[i-1], scr)
		}
	}
}

// waitEvent waits until the session's log holds an event of type typ.
func waitEvent(t *testing.T, c *client.Client, id, typ string) {
	t.Helper()
	waitEvents(t, c, id, typ, 1)
}

// waitEvents waits until the session's log holds n events of type typ.
func waitEvents(t *testing.T, c *client.Client, id, typ string, n int) {
	t.Helper()
	seen := 0
	deadline := time.Now().Add(waitLimit)
	since := int64(0)
	for time.Now().Before(deadline) {
		res, err := c.Watch(t.Context(), id, since, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range res.Events {
			if ev.Type == typ {
				if seen++; seen == n {
					return
				}
			}
		}
		since = res.Cursor
	}
	t.Fatalf("no %s in session %s within %v", typ, id, waitLimit)
}
