package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestRestartUnconfirmsLease is a host restart under an open session: the
// lease pane stops saying "you drive" at once, and the next message claims
// the lease again before it is sent.
func TestRestartUnconfirmsLease(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Restarted")
	a := drive(t, "driver", hostConfig(t, one), 80, 24)
	a.run(open(a.m, id))
	a.see("● you drive from this terminal", "● live")

	claims := func() int {
		n := 0
		for _, r := range srv.Requests() {
			if strings.HasSuffix(r.Path, "/claim") {
				n++
			}
		}
		return n
	}
	before := claims()
	srv.Restart()
	got := a.see("○ the host restarted · the lease is unconfirmed")
	if strings.Contains(got, "you drive") {
		t.Errorf("after a restart the lease pane still says you drive:\n%s", got)
	}
	a.send(typing("still there?")...)
	a.send(keyEnter)
	a.see("You said: still there?", "● you drive from this terminal")
	if n := claims() - before; n != 1 {
		t.Errorf("%d claims after the restart, want 1 (the send claims first)", n)
	}
	if n := count(srv, id, client.EvSessionRevived); n != 1 {
		t.Errorf("%d session.revived events, want 1", n)
	}
}
