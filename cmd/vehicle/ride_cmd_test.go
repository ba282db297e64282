package main

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// TestSignalStages: the first interrupt (a signal, or the end of the
// parent context) stops the ride; the second cancels it.
func TestSignalStages(t *testing.T) {
	closedWithin := func(c <-chan struct{}) bool {
		select {
		case <-c:
			return true
		case <-time.After(rideWaitLimit):
			return false
		}
	}
	t.Run("two signals", func(t *testing.T) {
		sigs := make(chan os.Signal, 2)
		hard, stop, release := signalStages(context.Background(), sigs)
		defer release()
		sigs <- os.Interrupt
		if !closedWithin(stop) {
			t.Fatal("the first signal did not stop the ride")
		}
		if hard.Err() != nil {
			t.Fatal("the first signal cancelled the ride")
		}
		sigs <- os.Interrupt
		if !closedWithin(hard.Done()) {
			t.Fatal("the second signal did not cancel the ride")
		}
	})
	t.Run("the parent's end, then a second signal", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		sigs := make(chan os.Signal, 2)
		hard, stop, release := signalStages(ctx, sigs)
		defer release()
		cancel()
		sigs <- os.Interrupt // the signal that ended the parent
		if !closedWithin(stop) {
			t.Fatal("the parent's end did not stop the ride")
		}
		if hard.Err() != nil {
			t.Fatal("one interrupt cancelled the ride")
		}
		sigs <- os.Interrupt
		if !closedWithin(hard.Done()) {
			t.Fatal("the second signal did not cancel the ride")
		}
	})
}

func TestRideFlagsRefused(t *testing.T) {
	srv := newRideHost(t)
	for _, args := range [][]string{
		{"--new", "--chime"},
		{"--session", "s1", "--chime", "--follow"},
		{"--new", "--request-timeout", "0s"},
	} {
		r := startRide(t, srv.URL, "ride-a", rideEnv(), args...)
		if code := r.end(); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if fs := r.frames(); len(fs) != 1 || fs[0].Code != client.CodeInvalidRequest {
			t.Errorf("%v: %+v", args, fs)
		}
	}
}
