package client

import (
	"sync/atomic"
	"testing"
	"time"
)

// fakeTimer records what the watchdog asks of its timer; the test fires it.
type fakeTimer struct{ resets []time.Duration }

func (f *fakeTimer) Reset(d time.Duration) bool { f.resets = append(f.resets, d); return true }
func (f *fakeTimer) Stop() bool                 { return true }

// fakeDog is a watchdog on a fake clock and timer: 45 s of silence, a 15 s
// keepalive.
func fakeDog(start time.Time) (*watchdog, *fakeTimer, *time.Time, *atomic.Int32) {
	now := start
	var cancels atomic.Int32
	ft := &fakeTimer{}
	w := &watchdog{timeout: 45 * time.Second, grace: 15 * time.Second, now: func() time.Time { return now },
		cancel: func() { cancels.Add(1) }, timer: ft}
	return w, ft, &now, &cancels
}

// TestWatchdogCountsTimeTheProcessRan: a watchdog that fires on time judges
// the connection silent; one that fires late (the process was stopped past
// the window's end, SIGSTOP then SIGCONT) gives it one keepalive interval
// more, in which the keepalives that waited in the socket are read.
func TestWatchdogCountsTimeTheProcessRan(t *testing.T) {
	start := time.Date(2026, 12, 7, 5, 0, 0, 0, time.UTC)

	t.Run("on time: silent", func(t *testing.T) {
		w, _, now, cancels := fakeDog(start)
		w.arm()
		*now = now.Add(45*time.Second + 3*time.Millisecond)
		w.fire()
		if !w.expired.Load() || cancels.Load() != 1 {
			t.Fatalf("a silence of 45 s on time: expired %v, %d cancels", w.expired.Load(), cancels.Load())
		}
	})

	t.Run("stopped through the window, then a keepalive read", func(t *testing.T) {
		w, ft, now, cancels := fakeDog(start)
		w.arm()
		*now = now.Add(10 * time.Second) // SIGSTOP here, for 50 s
		*now = now.Add(50 * time.Second) // SIGCONT: the timer fires 15 s late
		w.fire()
		if w.expired.Load() || cancels.Load() != 0 {
			t.Fatal("a stream judged silent after SIGCONT, its keepalives still unread")
		}
		if len(ft.resets) != 2 || ft.resets[1] != 15*time.Second {
			t.Fatalf("timer resets %v, want the window, then one keepalive interval", ft.resets)
		}
		w.disarm() // the read returns with the keepalives that waited
		*now = now.Add(15 * time.Second)
		w.fire() // a fire already under way
		if w.expired.Load() || cancels.Load() != 0 {
			t.Fatal("a fire after the read judged the connection")
		}
	})

	t.Run("stopped, then silent through the extra interval too", func(t *testing.T) {
		w, _, now, cancels := fakeDog(start)
		w.arm()
		*now = now.Add(2 * time.Minute)
		w.fire()
		*now = now.Add(15*time.Second + time.Millisecond)
		w.fire()
		if !w.expired.Load() || cancels.Load() != 1 {
			t.Fatalf("silent in running time too: expired %v, %d cancels", w.expired.Load(), cancels.Load())
		}
	})

	t.Run("armed again later, meanwhile", func(t *testing.T) {
		w, _, now, cancels := fakeDog(start)
		w.arm()
		*now = now.Add(30 * time.Second)
		w.arm()
		*now = now.Add(16 * time.Second)
		w.fire() // the first window's fire, late for it, early for the second
		if w.expired.Load() || cancels.Load() != 0 {
			t.Fatal("a window armed again was judged by the old one's time")
		}
	})
}

// clockTimer is a fake timer that knows when it would fire, on a fake clock.
type clockTimer struct {
	now    *time.Time
	due    time.Time
	resets int
}

func (c *clockTimer) Reset(d time.Duration) bool { c.due = c.now.Add(d); c.resets++; return true }
func (c *clockTimer) Stop() bool                 { c.due = time.Time{}; return true }

// TestWatchdogMovesItsTimerLazily: an idle stream's watchdog, put off by a
// keepalive every 15 s (a window of 45 s), moves its timer once a
// keepalive, and the timer never comes due while keepalives come (it would
// wake the process for nothing); a stream read a hundred times a second
// moves it a few times a minute, not at every read; silence still ends the
// connection a window after the last read began.
func TestWatchdogMovesItsTimerLazily(t *testing.T) {
	now := time.Date(2026, 12, 7, 5, 0, 0, 0, time.UTC)
	ct := &clockTimer{now: &now}
	var cancels atomic.Int32
	w := &watchdog{timeout: 45 * time.Second, grace: 15 * time.Second, now: func() time.Time { return now },
		cancel: func() { cancels.Add(1) }, timer: ct}
	w.arm()
	for range 20 { // five minutes of keepalives
		now = now.Add(15 * time.Second)
		if !now.Before(ct.due) {
			t.Fatalf("the timer came due at %v while keepalives came every 15 s", ct.due)
		}
		w.disarm()
		w.arm()
	}
	if ct.resets != 21 {
		t.Errorf("%d timer moves for 20 keepalives and the first read", ct.resets)
	}

	ct.resets = 0
	for range 6000 { // a minute of reads 10 ms apart
		now = now.Add(10 * time.Millisecond)
		if !now.Before(ct.due) {
			w.fire()
		}
		w.disarm()
		w.arm()
	}
	if ct.resets > 6 {
		t.Errorf("a minute of reads 10 ms apart moved the timer %d times", ct.resets)
	}

	last := now // silence from here
	for cancels.Load() == 0 && now.Sub(last) < 2*time.Minute {
		now = ct.due
		w.fire()
	}
	if cancels.Load() != 1 || now.Sub(last) != 45*time.Second {
		t.Fatalf("silence after the last read: %d cancels after %v, want one after 45 s", cancels.Load(), now.Sub(last))
	}
}
