package ride

import (
	"context"
	"sync"

	"github.com/sophia-labs/vehicle/client"
)

// sessionRunning is a summary's status while a run is under way.
const sessionRunning = "running"

// settleTracker follows the commands a ride sent and the session's run, so
// that the end of the input can wait for the replies. Answers and events
// race: a command's final event may come before the answer that names it.
type settleTracker struct {
	mu      sync.Mutex
	open    map[string]bool // commands sent and not yet final
	ended   map[string]bool // commands whose final event came
	any     bool            // the ride sent a command
	running bool            // a run is under way
	changed chan struct{}   // closed and replaced at every change
}

func newSettleTracker() *settleTracker {
	return &settleTracker{open: map[string]bool{}, ended: map[string]bool{}, changed: make(chan struct{})}
}

// finalStatus reports whether a command's status is final.
func finalStatus(s string) bool {
	switch s {
	case client.StatusCompleted, client.StatusAborted, client.StatusFailed, client.StatusCancelled, client.StatusInterrupted:
		return true
	}
	return false
}

// notify wakes the waiters. Called with mu held.
func (t *settleTracker) notify() {
	close(t.changed)
	t.changed = make(chan struct{})
}

// setRunning sets whether a run is under way, as the start found it.
func (t *settleTracker) setRunning(running bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.running = running
	t.notify()
}

// sent notes a command the host accepted from the ride, with the status its
// answer gave.
func (t *settleTracker) sent(commandID, status string) {
	if commandID == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.any = true
	if !finalStatus(status) && !t.ended[commandID] {
		t.open[commandID] = true
	}
	t.notify()
}

// noteEvent follows the commands' final events and the run.
func (t *settleTracker) noteEvent(ev client.Event) {
	switch ev.Type {
	case client.EvRunStarted, client.EvRunSettled, client.EvCommandCompleted, client.EvCommandAborted,
		client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted:
	default:
		return
	}
	var v client.CommandValue
	_ = ev.Decode(&v)
	t.mu.Lock()
	defer t.mu.Unlock()
	switch ev.Type {
	case client.EvRunStarted:
		t.running = true
	case client.EvRunSettled:
		t.running = false
	default:
		if v.CommandID != "" {
			t.ended[v.CommandID] = true
			delete(t.open, v.CommandID)
		}
	}
	t.notify()
}

// state reports whether the ride has something to wait for (it sent a
// command that is not final, or a run is under way after it sent one), how
// many of its commands are open, and a channel closed at the next change.
func (t *settleTracker) state() (waiting bool, open int, changed <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.any && (len(t.open) > 0 || t.running), len(t.open), t.changed
}

// waitSettled waits, for a ride that follows with Wait, until every command
// the ride sent is final and no run is under way, the session is deleted, or
// ctx ends. When the stream has stopped it long-polls instead.
func (r *rider) waitSettled(ctx context.Context, reason string) {
	if r.fol == nil || !r.cfg.Wait {
		return
	}
	told := false
	for {
		waiting, open, changed := r.track.state()
		if !waiting {
			return
		}
		if !told {
			how := "the input ended: waiting for %d command(s) and the run to settle (interrupt to close at once)"
			if reason == ReasonShutdown {
				how = "stopping: waiting for %d command(s) and the run to settle (interrupt again to close at once)"
			}
			r.log.logf(how, open)
			told = true
		}
		select {
		case <-ctx.Done():
			return
		case <-r.fol.deleted:
			return
		case <-r.fol.done:
			r.pollSettled(ctx)
			return
		case <-changed:
		}
	}
}

// pollSettled long-polls the session's events, printing them, until the
// ride has nothing to wait for, ctx ends or the host refuses.
func (r *rider) pollSettled(ctx context.Context) {
	for {
		if waiting, _, _ := r.track.state(); !waiting || ctx.Err() != nil {
			return
		}
		wait := client.MaxWatchWait
		res, err := r.watch(ctx, r.fol.last.Load(), wait.Milliseconds())
		if err != nil {
			if ctx.Err() == nil {
				r.log.logf("stopped waiting for the run to settle: %v", err)
			}
			return
		}
		for _, ev := range res.Events {
			if r.fol.print(ev) {
				return
			}
		}
	}
}
