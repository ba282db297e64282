package testexit

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if os.Getenv("TESTEXIT_CHILD") != "" {
		Exit(0) // the child: ends at once
	}
	Main(m)
}

// TestExitIsQuick: under the race detector, told to sleep 5 s at exit, a
// process that ends through Exit with code 0 does not sleep.
func TestExitIsQuick(t *testing.T) {
	if !raceOn {
		t.Skip("no race detector, no sleep at exit")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	best := time.Hour
	for range 3 { // the quickest of three, so load does not decide
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "TESTEXIT_CHILD=1", "GORACE=atexit_sleep_ms=5000")
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("the child: %v\n%s", err, out)
		}
		best = min(best, time.Since(start))
	}
	if best >= 2500*time.Millisecond {
		t.Errorf("a test binary that passed took %v to end: it slept at exit", best)
	}
}
