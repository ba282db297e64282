package quiettime

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// TestSleepWaitsItsTime: a sleep returns no sooner than asked, and not long
// after; none and a negative one at once.
func TestSleepWaitsItsTime(t *testing.T) {
	t.Parallel()
	for _, d := range []time.Duration{20 * time.Millisecond, 3 * time.Millisecond, 50 * time.Millisecond} {
		start := time.Now()
		Sleep(d)
		if got := time.Since(start); got < d || got > d+2*time.Second {
			t.Errorf("Sleep(%v) took %v", d, got)
		}
	}
	start := time.Now()
	Sleep(0)
	Sleep(-time.Second)
	SleepUntil(start.Add(-time.Minute))
	if got := time.Since(start); got > 700*time.Millisecond {
		t.Errorf("sleeps of nothing took %v", got)
	}
}

// TestSleepersWakeInTheirOrder: many goroutines sleeping at once, armed in
// any order (a later sleeper often earlier than the one the clock is armed
// for), each wakes at or after its own time, and the earlier ones first.
func TestSleepersWakeInTheirOrder(t *testing.T) {
	t.Parallel()
	const n = 200
	base := time.Now().Add(30 * time.Millisecond)
	whens := make([]time.Time, n)
	for i := range whens {
		whens[i] = base.Add(time.Duration(rand.IntN(300)) * time.Millisecond)
	}
	woke := make([]time.Time, n)
	var wg sync.WaitGroup
	for i := range whens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			SleepUntil(whens[i])
			woke[i] = time.Now()
		}()
	}
	wg.Wait()
	for i := range whens {
		if woke[i].Before(whens[i]) {
			t.Fatalf("sleeper %d woke %v early", i, whens[i].Sub(woke[i]))
		}
		for j := range whens {
			// Ones due 100 ms apart wake in that order, whatever the load.
			if whens[i].Add(100*time.Millisecond).Before(whens[j]) && woke[j].Before(woke[i]) {
				t.Fatalf("sleeper %d (due %v later) woke before %d", j, whens[j].Sub(whens[i]), i)
			}
		}
	}
}

// TestAnEarlierSleeperIsNotHeldBack: a short sleep that starts while a long
// one holds the clock wakes at its own time.
func TestAnEarlierSleeperIsNotHeldBack(t *testing.T) {
	t.Parallel()
	long := make(chan struct{})
	go func() { Sleep(1200 * time.Millisecond); close(long) }()
	time.Sleep(10 * time.Millisecond)
	start := time.Now()
	Sleep(20 * time.Millisecond)
	if got := time.Since(start); got > 700*time.Millisecond {
		t.Fatalf("a 20 ms sleep took %v behind a 1.2 s one", got)
	}
	select {
	case <-long:
		t.Fatal("the long sleep ended early")
	default:
	}
	<-long
}

// TestTimerResetAndStop: a timer fires once at its time; reset later it
// fires at the new time (the clock is armed again for it); stopped it never
// fires; reset after firing it fires again.
func TestTimerResetAndStop(t *testing.T) {
	t.Parallel()
	fired := make(chan time.Time, 4)
	start := time.Now()
	tm := AfterFunc(30*time.Millisecond, func() { fired <- time.Now() })
	if !tm.Reset(120 * time.Millisecond) {
		t.Error("Reset of a waiting timer said it was not waiting")
	}
	at := <-fired
	if got := at.Sub(start); got < 120*time.Millisecond {
		t.Fatalf("a timer moved to 120 ms fired at %v", got)
	}
	if tm.Stop() {
		t.Error("Stop of a fired timer said it was waiting")
	}
	if tm.Reset(20 * time.Millisecond) {
		t.Error("Reset of a fired timer said it was waiting")
	}
	<-fired

	stopped := AfterFunc(40*time.Millisecond, func() { fired <- time.Now() })
	if !stopped.Stop() {
		t.Error("Stop of a waiting timer said it was not waiting")
	}
	Sleep(100 * time.Millisecond) // past its time: it must not fire
	select {
	case <-fired:
		t.Fatal("a stopped timer fired")
	default:
	}
}

// TestManyTimersResetOften is the watchdog's pattern: timers reset before
// each wait and stopped after, many times, from many goroutines; the one
// left waiting fires, at its time.
func TestManyTimersResetOften(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fired := make(chan struct{}, 1)
			tm := AfterFunc(time.Hour, func() { fired <- struct{}{} })
			for i := 0; i < 2000; i++ {
				tm.Reset(time.Duration(1+rand.IntN(50)) * time.Second)
				tm.Stop()
			}
			start := time.Now()
			tm.Reset(30 * time.Millisecond)
			<-fired
			if got := time.Since(start); got < 30*time.Millisecond {
				t.Errorf("fired after %v, want 30 ms at least", got)
			}
		}()
	}
	wg.Wait()
}
