package tui

import (
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestWallOfferLetsTilesMove is issue 39's tenth item, its last part: on a
// wall whose tiles another terminal of the person's drives, one tile's
// "Take over or watch?" no longer swallows alt+→. The offer is its tile's:
// alt+→ moves the focus to the next tile (whose own offer shows), typing
// goes to that tile's composer, and alt+← brings the first tile and its
// offer back, unanswered.
func TestWallOfferLetsTilesMove(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	ids := []string{newSession(t, one, "Alpha"), newSession(t, one, "Beta")}
	cfg := hostConfig(t, two)
	cfg.SessionIDs, cfg.SessionID = ids, ids[0]
	a := drive(t, "wall", cfg, 100, 30)
	offerOf := func(want *session.Session) {
		t.Helper()
		a.until("the offer of "+want.ID(), func(string) bool {
			d, ok := a.m.top().(*dialog.Offer)
			return ok && d.Gen() == want.Gen()
		})
	}
	a.see("Take over or watch?", "▸ you type here · Alpha")
	alpha, beta := a.m.tiles.All()[0], a.m.tiles.All()[1]
	offerOf(alpha)

	a.send(keyAltRight)
	if a.m.tiles.Focused() != beta {
		t.Fatal("alt+→ did not move the focus to Beta")
	}
	offerOf(beta)
	a.send(typing("for beta")...)
	if got := a.m.composer.Value(); got != "for beta" {
		t.Fatalf("Beta's composer holds %q", got)
	}
	a.send(keyAltLeft)
	if a.m.tiles.Focused() != alpha {
		t.Fatal("alt+← did not move the focus back to Alpha")
	}
	offerOf(alpha)
	if got := a.m.composer.Value(); got != "" {
		t.Fatalf("Alpha's composer holds %q", got)
	}
	a.send(keyEsc) // Alpha: watch
	if a.m.top() != nil || alpha.Role() != session.RoleWatch {
		t.Fatalf("esc at Alpha's offer: top %T, role %d", a.m.top(), alpha.Role())
	}
	a.send(keyAltRight)
	offerOf(beta)
	if got := a.m.composer.Value(); got != "for beta" {
		t.Errorf("Beta's draft is %q", got)
	}
	if n := count(srv, ids[0], client.EvLeaseRevoked) + count(srv, ids[1], client.EvLeaseRevoked); n != 0 {
		t.Errorf("%d leases taken over by moving between tiles", n)
	}
}
