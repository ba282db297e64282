package client

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/sophia-labs/vehicle/internal/quiettime"
)

// watchLate is how late a silence watchdog may fire and still judge the
// connection. A timer fires within a few milliseconds of its time when the
// process runs; one that fires later was held up by a process that did not
// run (stopped by SIGSTOP or ctrl+z until SIGCONT, or starved), so part of
// the silence it measured is time in which nobody could read.
const watchLate = 250 * time.Millisecond

// watchTimer is the watchdog's timer: a quiettime.Timer, or a test's.
type watchTimer interface {
	Reset(d time.Duration) bool
	Stop() bool
}

// watchdog cancels an SSE connection that brought nothing, not even a
// keepalive, for timeout while a read waited. It counts silence in time the
// process ran: when it fires late (see watchLate), what the host sent
// meanwhile may be waiting, unread, in the socket, so it gives the
// connection grace (one keepalive interval) more of running time before it
// judges it silent, instead of dropping a healthy stream after SIGCONT.
//
// Its timer is moved lazily: a read that begins to wait moves the window's
// end, but the timer only when it would fire more than a quarter of a
// window before that end (a timer that fires early finds the window open
// and waits on for the rest), and a read that returns leaves it waiting. So
// a stream read hundreds of times a second moves its timer a few times a
// minute, and an idle one once a keepalive (on the quiet clock, a timer
// moved later moves the clock's file with it: it never fires for nothing).
type watchdog struct {
	timeout time.Duration
	grace   time.Duration
	cancel  func()
	now     func() time.Time
	expired atomic.Bool // it judged the connection silent and cancelled it

	mu       sync.Mutex
	timer    watchTimer
	deadline time.Time // when the silence is due; zero while disarmed
	due      time.Time // when the timer fires; zero when it is not waiting
}

// newWatchdog starts a watchdog armed for timeout on the quiet clock.
func newWatchdog(timeout, grace time.Duration, cancel func()) *watchdog {
	w := &watchdog{timeout: timeout, grace: grace, cancel: cancel, now: time.Now}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deadline = w.now().Add(timeout)
	w.due = w.deadline
	w.timer = quiettime.AfterFunc(timeout, w.fire)
	return w
}

// arm starts a silence window of timeout from now (a read begins to wait).
func (w *watchdog) arm() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deadline = w.now().Add(w.timeout)
	if w.due.IsZero() || w.due.Before(w.deadline.Add(-w.timeout/4)) {
		w.due = w.deadline
		w.timer.Reset(w.timeout)
	}
}

// disarm ends the window (a read returned): a fire already under way, or
// the timer's own when it comes, does nothing.
func (w *watchdog) disarm() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deadline = time.Time{}
}

// stop ends the window and the timer (the connection is done with).
func (w *watchdog) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deadline, w.due = time.Time{}, time.Time{}
	w.timer.Stop()
}

// fire is the timer's function: it judges the window that came due.
func (w *watchdog) fire() {
	w.mu.Lock()
	now := w.now()
	w.due = time.Time{}
	switch {
	case w.deadline.IsZero():
		w.mu.Unlock() // disarmed: the next read arms it again
		return
	case now.Before(w.deadline):
		// Armed again later meanwhile: wait for the rest of the window.
		w.due = w.deadline
		w.timer.Reset(w.deadline.Sub(now))
		w.mu.Unlock()
		return
	case now.Sub(w.deadline) > watchLate:
		// The process did not run through the end of the window: what came
		// meanwhile is read once it runs. One keepalive interval more.
		w.deadline = now.Add(w.grace)
		w.due = w.deadline
		w.timer.Reset(w.grace)
		w.mu.Unlock()
		return
	}
	w.deadline = time.Time{}
	w.expired.Store(true)
	w.mu.Unlock()
	w.cancel()
}
