package session

import (
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// fakeTimers are a session's timers on a test's clock: armed, stopped and
// fired by hand.
type fakeTimers struct {
	clk *clock
	mu  sync.Mutex
	all []*fakeTimer
}

type fakeTimer struct {
	armedAt, due  time.Time
	f             func()
	stopped, done bool
}

// After is Config.After.
func (ft *fakeTimers) After(d time.Duration, f func()) func() bool {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	t := &fakeTimer{armedAt: ft.clk.now, due: ft.clk.now.Add(d), f: f}
	ft.all = append(ft.all, t)
	return func() bool {
		ft.mu.Lock()
		defer ft.mu.Unlock()
		waiting := !t.stopped && !t.done
		t.stopped = true
		return waiting
	}
}

// live is the timers waiting, and the earliest of them.
func (ft *fakeTimers) live() (n int, first *fakeTimer) {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	for _, t := range ft.all {
		if !t.stopped && !t.done {
			n++
			if first == nil || t.due.Before(first.due) {
				first = t
			}
		}
	}
	return n, first
}

// fire fires t.
func (ft *fakeTimers) fire(t *fakeTimer) {
	ft.mu.Lock()
	t.done = true
	ft.mu.Unlock()
	t.f()
}

// keptLease is a session of s1 opened with Ada's lease on this terminal,
// five minutes long, its timers fakeTimers; the commands it answers with
// run as the program runs them, their messages in msgs.
func keptLease(t *testing.T) (*Session, *clock, *fakeTimers, func(tea.Cmd), chan tea.Msg) {
	t.Helper()
	c, err := client.New("http://127.0.0.1:9", client.WithClientID("cli-me"))
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{now: uitest.Now}
	ctx := uitest.Context()
	ctx.ClientID, ctx.Now = "cli-me", clk.Now
	timers := &fakeTimers{clk: clk}
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context(), FlushEvery: 60 * time.Millisecond, After: timers.After}, "s1", 1, &view{})
	msgs := make(chan tea.Msg, 64)
	run := func(cmd tea.Cmd) {
		uitest.Run(cmd, func(m tea.Msg) {
			select {
			case msgs <- m:
			case <-t.Context().Done():
			}
		})
	}
	snap := uitest.Snapshot(uitest.Lease("user:ada", "cli-me"))
	snap.Session.Lease.ExpiresAt = uitest.Now.Add(5 * time.Minute)
	cmd, _ := s.Update(OpenedMsg{Gen: 1, ID: "s1", Principal: "user:ada", Snap: snap, Claim: &client.Claimed{Lease: *snap.Session.Lease}}, focused)
	run(tea.Batch(cmd, s.KeepCountdown()))
	return s, clk, timers, run, msgs
}

// TestLeaseKeptOneTimerPerRenewal counts what keeping a five-minute lease
// wakes, on a fake clock, over five renewals while the person is here: one
// lease timer per renewal, at the start of the countdown's last minute, and
// the countdown's redraw a minute apart, one timer at a time each; the line
// of a kept lease never counts seconds (no timer fires in its last minute),
// every timer that fires changes what shows or renews, and none is left
// waiting when a renewal made it useless.
func TestLeaseKeptOneTimerPerRenewal(t *testing.T) {
	t.Parallel()
	s, clk, timers, run, msgs := keptLease(t)
	ticks, fires, seq := 0, 0, int64(10)
	for ticks < 5 {
		n, next := timers.live()
		if n > 2 {
			t.Fatalf("%d timers wait at once: the lease's and the countdown's at most", n)
		}
		if next == nil {
			t.Fatal("no timer waits while this terminal holds the lease")
		}
		clk.now = next.due
		left := s.State().Session.Lease.ExpiresAt.Sub(clk.now)
		if left < time.Minute {
			t.Fatalf("a timer fired with %v left: a kept lease's line counts seconds", left)
		}
		timers.fire(next)
		fires++
		var msg tea.Msg
		for msg == nil {
			select {
			case m := <-msgs:
				switch m.(type) {
				case LeaseTickMsg, LeaseShowMsg:
					msg = m
				} // the answers of requests to no host
			case <-time.After(10 * time.Second):
				t.Fatal("a timer fired and no message came")
			}
		}
		here := Place{Focused: true, Me: ada, LastKey: clk.now} // a key since the last renewal
		cmd, act := s.Update(msg.(Msg), here)
		if act == (Unchanged{}) {
			t.Fatalf("a timer woke the terminal for nothing: %#v", msg)
		}
		run(tea.Batch(cmd, s.KeepCountdown()))
		if _, ok := msg.(LeaseTickMsg); !ok {
			continue
		}
		ticks++
		if cmd == nil || left != time.Minute {
			t.Fatalf("the lease timer with %v left renewed %v, want a renewal a minute before the expiry", left, cmd != nil)
		}
		// The host renews the lease for five minutes from now.
		seq++
		cmd, _ = s.Update(event(t, seq, client.EvLeaseRenewed, client.LeaseValue{Principal: "user:ada", ClientID: "cli-me",
			ExpiresAt: clk.now.Add(5 * time.Minute)}), here)
		run(tea.Batch(cmd, s.KeepCountdown()))
	}
	// Per renewal: the countdown at 4, 3 and 2 minutes left, then the lease
	// timer at 1 (which draws that minute's change too); the first lease
	// began at 5 minutes, as each renewed one does.
	if fires != 4*ticks {
		t.Errorf("%d timers fired for %d renewals, want %d", fires, ticks, 4*ticks)
	}
}

// TestRenewalOnTheCountdownsStep: the lease is renewed where the lease
// line's countdown changes anyway, so one timer does both: at a minute
// left for leases of two minutes or more (one of two minutes learnt a
// little after its claim too), at a 5 s step for shorter ones where that
// keeps at least half the time to the renewal, never after a fifth of the
// lease is left.
func TestRenewalOnTheCountdownsStep(t *testing.T) {
	t.Parallel()
	end := uitest.Now.Add(time.Hour)
	for _, c := range []struct{ left, want time.Duration }{
		{5 * time.Minute, time.Minute}, {2*time.Minute - 40*time.Millisecond, time.Minute}, {time.Hour, time.Minute},
		{90 * time.Second, 45 * time.Second}, {time.Minute - 30*time.Millisecond, 30 * time.Second},
		{11 * time.Second, 5500 * time.Millisecond}, {3 * time.Second, 2 * time.Second},
	} {
		got := end.Sub(renewAt(end, c.left))
		if got != c.want {
			t.Errorf("with %v left, renewed %v before the end, want %v", c.left, got, c.want)
		}
	}
}
