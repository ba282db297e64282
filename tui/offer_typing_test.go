package tui

import (
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestOfferKeepsTypedText is issue 35's first trap: opening your own
// session while another terminal of yours drives it shows the take-over
// offer, and a person typing on without looking takes nothing over and
// watches nothing: "the gate is open" (t: take over) and "we should" (w:
// watch) go to the composer whole, the offer stays, and no claim is made.
// Enter then picks the marked answer, watching; enter on the text offers
// again, and only ↓ enter takes over, the text still waiting.
func TestOfferKeepsTypedText(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")

	b := drive(t, "terminal two", hostConfig(t, two), 80, 24)
	b.run(open(b.m, id))
	b.see("Take over or watch?")
	untouched := func(when string) {
		t.Helper()
		b.drain()
		if n := count(srv, id, client.EvLeaseRevoked); n != 0 {
			t.Fatalf("%s: the lease was taken over (%d revocations)", when, n)
		}
		if _, ok := b.m.top().(*dialog.Offer); !ok {
			t.Fatalf("%s: the offer closed (top %T)", when, b.m.top())
		}
	}
	b.send(typing("the gate is open")...)
	if got := b.m.composer.Value(); got != "the gate is open" {
		t.Fatalf("the composer holds %q, not the words typed", got)
	}
	untouched("the gate is open")
	b.send(typing(", we should")...)
	untouched("we should")
	b.see("What you typed waits in the composer.", "▸ watch from here")
	if got := b.m.composer.Value(); got != "the gate is open, we should" {
		t.Fatalf("the composer holds %q", got)
	}
	b.send(keyEnter) // the marked answer: watch
	b.until("the offer closed", func(string) bool { return b.m.top() == nil })
	if b.m.top() != nil || b.m.tiles.Focused().Role() != session.RoleWatch || count(srv, id, client.EvLeaseRevoked) != 0 {
		t.Fatalf("enter did not watch: top %T, role %d", b.m.top(), b.m.tiles.Focused().Role())
	}
	b.send(keyEnter) // enter on the text offers again
	b.see("Take over or watch?", "What you typed waits in the composer.")
	b.send(keyDown, keyEnter)
	b.see("● you drive from this terminal")
	if got := b.m.composer.Value(); got != "the gate is open, we should" {
		t.Fatalf("taking over changed the draft to %q", got)
	}
	b.send(keyEnter)
	b.see("You said: the gate is open, we should")
}

// TestOfferLettersOnceReached: the offer's letters are text while the
// person has not reached it (t goes to the composer); after a key of its
// own (tab), t marks taking over and enter takes over.
func TestOfferLettersOnceReached(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one, two := person(t, srv, "ada-token", "cli-one"), person(t, srv, "ada-token", "cli-two")
	id := newSession(t, one, "Shared")

	b := drive(t, "terminal two", hostConfig(t, two), 100, 24)
	b.run(open(b.m, id))
	b.see("Take over or watch?")
	b.send(press('t'))
	b.drain()
	if b.m.composer.Value() != "t" || b.m.top() == nil || count(srv, id, client.EvLeaseRevoked) != 0 {
		t.Fatalf("t answered the offer: composer %q, top %T", b.m.composer.Value(), b.m.top())
	}
	b.send(keyTab, keyTab) // to the offer; the mark back on watching
	b.see("(t↵)", "▸ watch from here")
	b.send(press('t'))
	b.see("t: enter picks “take over: that terminal becomes a watcher”", "▸ take over")
	b.send(keyEnter)
	b.see("● you drive from this terminal", "took over from cli-one")
	if b.m.composer.Value() != "t" {
		t.Errorf("the composer holds %q", b.m.composer.Value())
	}
}
