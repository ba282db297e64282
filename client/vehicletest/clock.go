package vehicletest

import (
	"slices"
	"sync"
	"time"
)

// Clock is the host's time: what it stamps on events and compares leases
// and UTC days against, and the timers it arms (a lease's expiry).
type Clock interface {
	// Now is the current time.
	Now() time.Time
	// AfterFunc runs f in its own goroutine (or, for a ManualClock, in
	// Advance) once d has passed on this clock; stop cancels it and
	// reports whether it did.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// funcClock reads the time from a function and arms real timers.
type funcClock func() time.Time

func (c funcClock) Now() time.Time { return c() }

func (funcClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// ManualClock is a Clock that moves only when Advance moves it. Its timers
// run inside Advance, in order of their due time, so that what they do
// (lease.expired) is done when Advance returns.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
}

type manualTimer struct {
	at time.Time
	f  func()
}

// NewManualClock makes a clock that reads start until it is advanced.
func NewManualClock(start time.Time) *ManualClock { return &ManualClock{now: start} }

// Now is the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc arms a timer that Advance runs once the clock reaches now + d.
func (c *ManualClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &manualTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		n := len(c.timers)
		c.timers = slices.DeleteFunc(c.timers, func(x *manualTimer) bool { return x == t })
		return len(c.timers) < n
	}
}

// Advance moves the clock by d, running each timer that falls due on the
// way (with the clock at its due time), the earliest first. It must not be
// called from a timer's function.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		i := -1
		for j, t := range c.timers {
			if !t.at.After(end) && (i < 0 || t.at.Before(c.timers[i].at)) {
				i = j
			}
		}
		if i < 0 {
			c.now = end
			c.mu.Unlock()
			return
		}
		t := c.timers[i]
		c.timers = slices.Delete(c.timers, i, i+1)
		if t.at.After(c.now) {
			c.now = t.at
		}
		c.mu.Unlock()
		t.f()
	}
}
