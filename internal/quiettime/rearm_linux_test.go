//go:build linux

package quiettime

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// armedIn is how long until c's file fires; 0 when it is disarmed.
func armedIn(t *testing.T, c *clock) time.Duration {
	t.Helper()
	var v unix.ItimerSpec
	if err := unix.TimerfdGettime(c.fd, &v); err != nil {
		t.Fatal(err)
	}
	return time.Duration(v.Value.Nano())
}

// TestFileFollowsTheEarliestTimer: a timer stopped or moved later while the
// file is armed for it moves the file to the next timer, or disarms it, so
// the file never fires early, waking the process for nothing (a watchdog put
// off by each keepalive, a lease timer replaced at each renewal); a timer
// moved earlier arms it earlier.
func TestFileFollowsTheEarliestTimer(t *testing.T) {
	t.Parallel()
	c := &clock{} // a clock of the test's own: the process's is shared
	fired := make(chan int, 4)
	dog := c.newTimer(time.Now().Add(2*time.Second), func() { fired <- 1 })
	if dog == nil {
		t.Skip("no timer file here")
	}
	lease := c.newTimer(time.Now().Add(time.Minute), func() { fired <- 2 })
	if d := armedIn(t, c); d <= time.Second || d > 2*time.Second {
		t.Fatalf("armed in %v, want the watchdog's 2 s", d)
	}
	dog.reset(time.Now().Add(45 * time.Second)) // a keepalive put the watchdog off
	if d := armedIn(t, c); d <= 44*time.Second || d > 45*time.Second {
		t.Fatalf("the watchdog moved to 45 s: the file fires in %v", d)
	}
	dog.stop()
	if d := armedIn(t, c); d <= 59*time.Second || d > time.Minute {
		t.Fatalf("the watchdog stopped: the file fires in %v, want the lease's minute", d)
	}
	lease.stop()
	if d := armedIn(t, c); d != 0 {
		t.Fatalf("no timer waits: the file fires in %v, want it disarmed", d)
	}
	dog.reset(time.Now().Add(20 * time.Millisecond)) // waits again, and fires at its time
	if got := <-fired; got != 1 {
		t.Fatalf("timer %d fired", got)
	}
	c.mu.Lock()
	fires := c.fires
	c.mu.Unlock()
	if fires != 1 {
		t.Errorf("the file fired %d times for one timer that came due", fires)
	}
}
