package testexit

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if os.Getenv("TESTEXIT_WAITING") != "" {
		Waiting() // the child: says how many tests it would run at once
		fmt.Print(flag.Lookup("test.parallel").Value)
		Exit(0)
	}
	if os.Getenv("TESTEXIT_CHILD") != "" {
		Exit(0) // the child: ends at once
	}
	Main(m)
}

// TestWaitingRunsMoreAtOnce: Waiting runs three parallel tests per CPU,
// unless the command line says how many.
func TestWaitingRunsMoreAtOnce(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, strconv.Itoa(3 * runtime.GOMAXPROCS(0))},
		{[]string{"-test.parallel=5"}, "5"},
	} {
		cmd := exec.Command(exe, tc.args...)
		cmd.Env = append(os.Environ(), "TESTEXIT_WAITING=1")
		out, err := cmd.Output()
		if err != nil || string(out) != tc.want {
			t.Errorf("with %q: parallel %q (%v), want %q", tc.args, out, err, tc.want)
		}
	}
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
