package reader

import (
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// shortLeases is a host whose leases last ttl.
func shortLeases(t *testing.T, ttl time.Duration) *vehicletest.Server {
	l := vehicletest.DefaultLimits()
	l.LeaseTTL = ttl
	return host(t, vehicletest.WithLimits(l))
}

// TestLeaseKeptWhileHere: a line typed since the lease was taken renews it
// before it expires.
func TestLeaseKeptWhileHere(t *testing.T) {
	t.Parallel()
	srv := shortLeases(t, 3*time.Second)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "kept", false)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.")
	r.typeLine("/chimes")
	r.see("no chimes are waiting.")
	waitEvent(t, srv, id, client.EvLeaseRenewed, 1)
	if n := count(srv, id, client.EvLeaseExpired); n != 0 {
		t.Errorf("the lease expired %d times while the person was here", n)
	}
}

// TestLeaseLapsesWhenAway: with nothing typed, the lease lapses and that
// is announced; sending takes it again.
func TestLeaseLapsesWhenAway(t *testing.T) {
	t.Parallel()
	srv := shortLeases(t, time.Second)
	ada := person(t, srv, "ada-token", "sr")
	id := newSession(t, ada, "lapsed", false)
	r := start(t, Config{Client: ada, SessionID: id})
	r.see("you drive from this terminal.", "you no longer drive: the lease ended. Sending takes it again.")
	r.typeLine("back again")
	r.see("you drive from this terminal.", "you: back again", "assistant:")
}

// waitEvent waits until the host has n events of a type for the session.
func waitEvent(t *testing.T, srv *vehicletest.Server, id, typ string, n int) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for count(srv, id, typ) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d %s events, want %d", count(srv, id, typ), typ, n)
		}
		time.Sleep(20 * time.Millisecond) // the host has no way to wait for its own events
	}
}

// count is how many of the host's events of a session have a type.
func count(srv *vehicletest.Server, id, typ string) int {
	n := 0
	for _, ev := range srv.Events(id) {
		if ev.Type == typ {
			n++
		}
	}
	return n
}
