package testexit

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
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

// TestEveryTestPackageEndsQuickly: each package of the module with tests
// ends its binary through this package (a TestMain calling Main or Exit),
// so that none waits out the race detector's second at its end (one that
// did not, internal/archdoc, spent half its time so).
func TestEveryTestPackageEndsQuickly(t *testing.T) {
	root := filepath.Join("..", "..")
	quick := map[string]bool{} // a folder with tests: whether one of them ends through here
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if n := e.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "third_party") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dir := filepath.Dir(p)
		quick[dir] = quick[dir] || strings.Contains(string(b), "testexit.Main(") ||
			strings.Contains(string(b), "testexit.Exit(") || dir == "."
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(quick) < 10 {
		t.Fatalf("found %d folders with tests: the walk did not read the module", len(quick))
	}
	for dir, ok := range quick {
		if !ok {
			t.Errorf("%s: its tests end without internal/testexit (add a TestMain calling testexit.Main)", dir)
		}
	}
}
