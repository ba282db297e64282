package tui

import (
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestCtrlCAtADialogNeverQuits is issue 35's sixth trap: ctrl+c inside a
// dialog closed nothing and quit the program at its second press (in the
// demo, every session lost). Now ctrl+c at a dialog closes it with its
// safe answer (the help closes, the delete keeps the session, the offer
// watches, the question before quitting stays), and two presses never quit
// while a dialog shows or just closed: the next one only asks.
func TestCtrlCAtADialogNeverQuits(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")

	b := drive(t, "terminal two", hostConfig(t, two), 80, 24)
	twice := func(what string) {
		t.Helper()
		var left any
		for i := range 2 {
			if _, cmd := b.m.Update(keyCtrlC); quitsAll(cmd) {
				t.Fatalf("%s: ctrl+c number %d quit", what, i+1)
			}
			if i == 0 {
				left = b.m.top()
			}
		}
		if left != nil {
			t.Fatalf("%s: ctrl+c left %T open", what, left)
		}
		b.send(keyEsc) // the next ctrl+c asks again, as at first
	}
	b.see("Shared", "1 session")
	b.send(keyF1)
	b.see("f1 or esc")
	twice("the help")

	b.send(keyDelete)
	b.see("Delete “Shared” (s1)?")
	twice("the delete")
	for _, r := range srv.Requests() {
		if r.Method == "DELETE" {
			t.Fatal("ctrl+c at the delete deleted")
		}
	}

	b.run(open(b.m, id))
	b.see("Take over or watch?")
	twice("the offer")
	if b.m.tiles.Focused().Role() != session.RoleWatch || count(srv, id, client.EvLeaseRevoked) != 0 {
		t.Fatalf("ctrl+c at the offer: role %d, %d revocations; want watching", b.m.tiles.Focused().Role(), count(srv, id, client.EvLeaseRevoked))
	}
}
