//go:build linux

package quiettime

import (
	"container/heap"
	"os"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// theClock is the process's timer file and its timers.
var theClock clock

// clock is one timer file, armed for the earliest of its timers, and the
// goroutine that fires them: the file is read and armed with raw system
// calls (a plain call of an idle process wakes sysmon) and waited on in Go's
// poller. It is armed again whenever the earliest timer changes: a timer
// stopped or moved later while the file is armed for it moves the file to
// the next one (or disarms it), so the file never fires early, for nothing
// (each such fire woke the process once more: a lease timer renewed, a
// watchdog put off by a keepalive). Arming it costs a raw system call on a
// thread that runs already.
type clock struct {
	once   sync.Once
	ok     bool
	fd     int
	rc     syscall.RawConn
	mu     sync.Mutex
	timers timers    // waiting, by when, the earliest first
	armed  time.Time // what the file is armed for; zero when it is not
	fires  int       // how often the file fired (for tests)
}

// timer is one waiting function on the clock.
type timer struct {
	c     *clock
	when  time.Time
	f     func()
	index int // in c.timers; -1 when not waiting
}

// timers is a min-heap by when.
type timers []*timer

func (h timers) Len() int           { return len(h) }
func (h timers) Less(i, j int) bool { return h[i].when.Before(h[j].when) }
func (h timers) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *timers) Push(x any) {
	t := x.(*timer)
	t.index = len(*h)
	*h = append(*h, t)
}
func (h *timers) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

// start makes the timer file and its goroutine, once; false if the file
// cannot be made or waited on.
func (c *clock) start() bool {
	c.once.Do(func() {
		fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
		if err != nil {
			return
		}
		f := os.NewFile(uintptr(fd), "quiettime")
		rc, err := f.SyscallConn()
		if err != nil {
			_ = f.Close()
			return
		}
		c.fd, c.rc, c.ok = fd, rc, true
		go c.run(f)
	})
	return c.ok
}

// newTimer puts f on the clock for when; nil when there is no clock.
func newTimer(when time.Time, f func()) *timer { return theClock.newTimer(when, f) }

// newTimer puts f on c for when; nil when c has no file.
func (c *clock) newTimer(when time.Time, f func()) *timer {
	if !c.start() {
		return nil
	}
	t := &timer{c: c, when: when, f: f, index: -1}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.ok {
		return nil
	}
	heap.Push(&c.timers, t)
	c.arm(time.Now())
	return t
}

func (t *timer) reset(when time.Time) bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	waiting := t.index >= 0
	held := waiting && t.when.Equal(c.armed) // the file may be armed for it
	t.when = when
	if waiting {
		heap.Fix(&c.timers, t.index)
	} else {
		heap.Push(&c.timers, t)
	}
	if held {
		c.rearm(time.Now())
		return waiting
	}
	c.arm(time.Now())
	return waiting
}

func (t *timer) stop() bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.index < 0 {
		return false
	}
	heap.Remove(&c.timers, t.index)
	if t.when.Equal(c.armed) {
		c.rearm(time.Now())
	}
	return true
}

// rearm arms the file for the earliest timer whatever it is armed for now,
// or disarms it when none waits: the timer it was armed for was stopped
// or moved later. Called with c.mu held.
func (c *clock) rearm(now time.Time) {
	if !c.ok {
		return
	}
	if len(c.timers) > 0 && c.timers[0].when.Equal(c.armed) {
		return // another timer is due then: the file fires for it
	}
	if len(c.timers) == 0 {
		if unix.TimerfdSettime(c.fd, 0, &unix.ItimerSpec{}, nil) == nil {
			c.armed = time.Time{}
		}
		return
	}
	c.armed = time.Time{}
	c.arm(now)
}

// run fires the timers whose time came each time the file fires. The file
// is kept open for the life of the process (f holds it).
func (c *clock) run(f *os.File) {
	var buf [8]byte
	for {
		err := c.rc.Read(func(fd uintptr) bool {
			for {
				_, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
				if errno != syscall.EINTR {
					return errno != syscall.EAGAIN
				}
			}
		})
		c.mu.Lock()
		c.armed = time.Time{} // a fired file is disarmed
		c.fires++
		if err != nil {
			c.ok = false // the poller gave up on the file: Go's timers from now on
			c.fallback(time.Now())
			c.mu.Unlock()
			_ = f.Close()
			return
		}
		c.arm(time.Now())
		c.mu.Unlock()
	}
}

// arm fires the timers due at now and arms the file for the earliest one
// left when that is earlier than what it is armed for. Called with c.mu
// held.
func (c *clock) arm(now time.Time) {
	for len(c.timers) > 0 && !now.Before(c.timers[0].when) {
		go heap.Pop(&c.timers).(*timer).f()
	}
	if len(c.timers) == 0 {
		return
	}
	if !c.ok {
		c.fallback(now)
		return
	}
	next := c.timers[0].when
	if !c.armed.IsZero() && !next.Before(c.armed) {
		return // the file fires first; run arms it again then
	}
	spec := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(max(next.Sub(now), time.Microsecond)))}
	if unix.TimerfdSettime(c.fd, 0, &spec, nil) == nil {
		c.armed = next
		return
	}
	c.fallback(now)
}

// fallback fires the clock's waiting timers with a Go timer when the file
// cannot be armed or read. Called with c.mu held.
func (c *clock) fallback(now time.Time) {
	if len(c.timers) == 0 {
		return
	}
	time.AfterFunc(c.timers[0].when.Sub(now), func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		for len(c.timers) > 0 && !time.Now().Before(c.timers[0].when) {
			go heap.Pop(&c.timers).(*timer).f()
		}
		c.fallback(time.Now())
	})
}
