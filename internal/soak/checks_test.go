package soak

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// TestChecksCatch runs without VEHICLE_SOAK: the soak's checks must see a
// command accepted twice, a lease left held by an ended client and a stalled
// stream, or a soak that passes says nothing.
func TestChecksCatch(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := newRun(t, 1)
	a := r.actors[0]
	p, _ := r.pick(a.rng)
	for ; p == nil; p, _ = r.pick(a.rng) {
		if ctx.Err() != nil {
			t.Fatal("no session could be created before the deadline")
		}
		a.create(ctx)
	}
	id := p.id

	// An ended client that did not release its lease.
	r.checkLeases(ctx)
	if !found(r, "lease left held by "+a.cmd.ClientID()) {
		t.Errorf("a lease held by an ended client went unseen: %q", r.anomalies())
	}

	// The host's log holding one command accepted twice.
	for range 2 {
		r.host.Emit(id, client.EvCommandAccepted, map[string]string{"commandId": "twice"})
	}
	r.check()
	if !found(r, "command "+id+"/twice accepted 2 times") {
		t.Errorf("a command accepted twice went unseen: %q", r.anomalies())
	}

	// A stream behind the host's log that has not moved.
	f := &follower{id: id, who: "test", done: make(chan struct{})}
	now := time.Now()
	f.lastMove.Store(now.Add(-stallAfter - time.Second).UnixNano())
	if !f.stalled(now, 3) {
		t.Error("a stream behind the host's log, unmoved past stallAfter, was not reported stalled")
	}
	if f.stalled(now, 3) {
		t.Error("a stall was reported twice in a row")
	}
	f.cursor.Store(3)
	if f.stalled(now.Add(2*stallAfter), 3) {
		t.Error("a stream caught up with the host's log was reported stalled")
	}

	a.releaseAll(ctx)
	r.finish(ctx)
}

// found reports whether an anomaly says what.
func found(r *run, what string) bool {
	return slices.ContainsFunc(r.anomalies(), func(s string) bool { return strings.Contains(s, what) })
}
