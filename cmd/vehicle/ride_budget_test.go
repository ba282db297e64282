package main

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// TestRideBudgetAndTTL: --max-turns and --max-cost-usd set a new session's
// budget, --ttl the lease the ride takes (at create, or the claim of
// --session); the host's defaults without them.
func TestRideBudgetAndTTL(t *testing.T) {
	ready := func(r *rideRun) client.Summary {
		t.Helper()
		r.waitType(client.TypeReady, 1)
		var v struct {
			Session client.Summary `json:"session"`
		}
		if err := json.Unmarshal(r.frames()[0].Value, &v); err != nil {
			t.Fatal(err)
		}
		return v.Session
	}
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow", "--max-turns", "3", "--max-cost-usd", "0.5", "--ttl", "10m")
	s := ready(r)
	if s.Budget.MaxTurns != 3 || s.Budget.MaxCostUSD != 0.5 || s.Lease == nil || !s.Lease.ExpiresAt.Equal(rideFixedNow().Add(10*time.Minute)) {
		t.Errorf("the new session's budget %+v and lease %+v, want 3 turns, $0.5, 10m", s.Budget, s.Lease)
	}
	r.send(`{"op":"prompt","requestId":"p1","text":"#overrun go"}`)
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	for _, f := range r.frames() {
		var v client.RunSettledValue
		if isRideEvent(client.EvRunSettled)(f) && (f.Decode(&v) != nil || v.Reason != "budget" || v.Usage.Turns != 3) {
			t.Errorf("the budget of 3 turns did not stop the run: %s", f.Value)
		}
	}

	d := startRide(t, srv.URL, "ride-d", rideEnv(), "--new")
	if s := ready(d); s.Budget.MaxTurns != client.DefaultMaxTurns || s.Budget.MaxCostUSD != client.DefaultMaxCostUSD ||
		!s.Lease.ExpiresAt.Equal(rideFixedNow().Add(client.DefaultLeaseTTL)) {
		t.Errorf("defaults: budget %+v, lease %+v", s.Budget, s.Lease)
	}
	d.end()

	o := startRide(t, srv.URL, "ride-o", rideEnv(), "--session", "s1", "--ttl", "90s")
	if s := ready(o); s.Lease == nil || s.Lease.ClientID != "ride-o" || !s.Lease.ExpiresAt.Equal(rideFixedNow().Add(90*time.Second)) {
		t.Errorf("the claim of --session --ttl 90s: lease %+v", s.Lease)
	}
	o.end()
}

func TestRideBudgetFlagsRefused(t *testing.T) {
	srv := newRideHost(t)
	for _, args := range [][]string{
		{"--session", "s1", "--max-turns", "3"},
		{"--session", "s1", "--max-cost-usd", "1"},
		{"--new", "--max-turns", "0"},
		{"--new", "--max-cost-usd", "0"},
		{"--new", "--max-cost-usd", "NaN"},
		{"--new", "--ttl", "0s"},
		{"--new", "--ttl", "1500us"},
		{"--new", "--no-claim", "--ttl", "1m"},
		{"--session", "s1", "--chime", "--ttl", "1m"},
	} {
		r := startRide(t, srv.URL, "ride-a", rideEnv(), args...)
		if code := r.end(); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if fs := r.frames(); len(fs) != 1 || fs[0].Code != client.CodeInvalidRequest {
			t.Errorf("%v: %+v", args, fs)
		}
	}
	for _, args := range [][]string{{"--new", "--max-turns", "many"}, {"--new", "--ttl", "soon"}} {
		r := startRide(t, srv.URL, "ride-a", rideEnv(), args...)
		if code := r.end(); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
