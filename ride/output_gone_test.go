package ride

import (
	"context"
	"errors"
	"io"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// goneAfterReady is an output whose reader goes away after the first
// frame: every later write fails as a closed pipe does.
type goneAfterReady struct {
	mu     sync.Mutex
	writes int
	ready  chan struct{} // closed at the first write
}

func (g *goneAfterReady) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.writes++; g.writes > 1 {
		return 0, errors.New("write |1: broken pipe")
	}
	close(g.ready)
	return len(p), nil
}

// TestFollowingRideEndsWhenItsReaderGoes: a ride that only follows (its
// input idle) ends when an event's write fails, releasing its lease, and
// Run returns ErrOutput.
func TestFollowingRideEndsWhenItsReaderGoes(t *testing.T) {
	srv := newHost(t)
	ada := newClient(t, srv.URL, "ada-token", "cli-ride")
	pr, pw := io.Pipe()
	defer pw.Close()
	done := make(chan error, 1)
	out := &goneAfterReady{ready: make(chan struct{})}
	go func() { done <- Run(context.Background(), Config{Client: ada, New: true, Follow: true}, pr, out) }()
	other := newClient(t, srv.URL, "ada-token", "cli-other")
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	select {
	case <-out.ready:
	case <-ctx.Done():
		t.Fatal("no ready")
	}
	title := "an event to print"
	if _, err := other.Rename(ctx, "s1", &title); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, ErrOutput) {
			t.Errorf("Run returned %v, want ErrOutput", err)
		}
	case <-ctx.Done():
		t.Fatal("the ride went on after its output failed")
	}
	if evs := srv.Events("s1"); evs[len(evs)-1].Type != client.EvLeaseReleased {
		t.Errorf("the lease was not released: last event %s", evs[len(evs)-1].Type)
	}
}
