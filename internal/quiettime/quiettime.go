// Package quiettime waits without waking the whole process.
//
// An idle Go program that waits on a runtime timer (time.Sleep, time.Timer,
// tea.Tick) is woken twice when it fires: the thread waiting in the poller
// for the timer, and sysmon, which sleeps until the next timer too. The
// poller's wait is an epoll timeout, which the kernel lets run late by a
// thousandth of its length (15 ms for a 15 s wait), while sysmon's sleep is
// exact: sysmon wakes first, finds the timer due and nobody running it, and
// polls every 20 µs until the poller's thread gets to it, some thirty
// context switches for one timer. A timer moved later (a watchdog reset at
// each read) still wakes sysmon at the time it had when sysmon went to
// sleep (docs/benchmarks.md, "Quiet").
//
// On Linux, this package's timers are one timer file for the process, armed
// for the earliest of them: Go's poller waits on it as on a socket, with no
// timeout of its own, wakes when it fires, and sysmon sleeps on. Elsewhere,
// and if the timer file cannot be made, they are Go's timers.
package quiettime

import "time"

// Sleep pauses the calling goroutine for at least d; at once when d <= 0.
func Sleep(d time.Duration) {
	if d <= 0 {
		return
	}
	SleepUntil(time.Now().Add(d))
}

// SleepUntil pauses the calling goroutine until at least when (read on the
// monotonic clock when when carries it, as time.Now's values do).
func SleepUntil(when time.Time) {
	if !time.Now().Before(when) {
		return
	}
	done := make(chan struct{})
	t := newTimer(when, func() { close(done) })
	if t == nil {
		time.Sleep(time.Until(when))
		return
	}
	<-done
}

// A Timer calls its function in a goroutine of its own once its time came,
// unless stopped first; as time.AfterFunc's.
type Timer struct {
	q *timer      // on the quiet clock
	g *time.Timer // or Go's when there is none
}

// AfterFunc calls f in its own goroutine once d has passed, unless the
// timer is stopped first.
func AfterFunc(d time.Duration, f func()) *Timer {
	if q := newTimer(time.Now().Add(d), f); q != nil {
		return &Timer{q: q}
	}
	return &Timer{g: time.AfterFunc(d, f)}
}

// Reset makes the timer call its function once d has passed from now, and
// says whether it was still waiting.
func (t *Timer) Reset(d time.Duration) bool {
	if t.g != nil {
		return t.g.Reset(d)
	}
	return t.q.reset(time.Now().Add(d))
}

// Stop keeps the timer from calling its function, and says whether it was
// still waiting (false: it fired already, or was stopped).
func (t *Timer) Stop() bool {
	if t.g != nil {
		return t.g.Stop()
	}
	return t.q.stop()
}
