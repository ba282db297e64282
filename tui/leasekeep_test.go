package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestLeaseKeptWhilePresent is trap 4: the lease pane shows the time left;
// while the person presses keys the lease is renewed before it expires;
// away, it lapses, and when another terminal claims it the pane and the
// composer say so at once, never "enter sends".
func TestLeaseKeptWhilePresent(t *testing.T) { variants(t, testLeaseKeptWhilePresent) }

func testLeaseKeptWhilePresent(t *testing.T, opts ...vehicletest.Option) {
	srv, clk := host(t, opts...)
	ada := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, ada, "Kept") // the host's lease lasts 5 minutes
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.Now = id, clk.Now
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal · until 09:35:00 · 5m left", "● live")

	// Here: a key, then the timer before the expiry renews the lease.
	clk.advance(10 * time.Second)
	a.send(press('h'), keyBackspace)
	clk.advance(4 * time.Minute)
	a.send(session.LeaseTickMsg{Gen: a.m.tiles.Focused().Gen(), Expires: a.m.tiles.Focused().TimerFor()})
	a.see("until 09:39:10 · 5m left") // renewed at 09:34:10 for five minutes more
	if n := count(srv, id, client.EvLeaseRenewed) + count(srv, id, client.EvLeaseClaimed); n < 2 {
		t.Errorf("the lease was not renewed while the person was here (%d claims and renewals)", n)
	}
	if strings.Contains(screen(a.m), "you drive from this terminal\n") {
		t.Error("the renewal said something: it is quiet")
	}

	// Away: no key; the timer lets it go, and the pane says so at the expiry.
	expires := a.m.tiles.Focused().TimerFor()
	clk.advance(expires.Sub(clk.Now()) - 5*time.Second)
	a.send(session.LeaseTickMsg{Gen: a.m.tiles.Focused().Gen(), Expires: expires})
	renewals := count(srv, id, client.EvLeaseRenewed)
	clk.advance(10 * time.Second)
	a.send(session.LeaseTickMsg{Gen: a.m.tiles.Focused().Gen(), Expires: expires})
	a.see("○ nobody drives · your next message claims the lease")
	if count(srv, id, client.EvLeaseRenewed) != renewals {
		t.Error("the lease was renewed while nobody pressed a key")
	}

	// Another terminal claims it: the pane and the composer change at once.
	two := person(t, srv, "ada-token", "cli-two")
	if _, err := two.Claim(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	got := a.see("◐ your other terminal drives (cli-two)", "your other terminal drives · enter offers to take over · ctrl+t takes over")
	if strings.Contains(got, "enter sends ·") || strings.Contains(got, "write a message") {
		t.Errorf("the composer still offers to send:\n%s", got)
	}
}
