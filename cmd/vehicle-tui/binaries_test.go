package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/internal/testbin"
)

// built holds vehicle and vehicle-tui, built once for the tests that run
// them (started by TestMain, beside the tests that need no binary); TestMain
// removes the folder.
var built struct {
	once sync.Once
	ctx  context.Context // ends a build no test waited for when the tests end
	done chan struct{}   // closed once the build ended
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	flag.Parse()
	ctx, cancel := context.WithCancel(context.Background())
	built.ctx, built.done = ctx, make(chan struct{})
	if !testing.Short() {
		go startBuild()
	}
	code := m.Run()
	cancel()                                    // a build no test waited for stops
	built.once.Do(func() { close(built.done) }) // waits for a build under way
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// startBuild builds vehicle and this program into one folder, as they ship,
// side by side (from the build cache when they were built before: testbin),
// the first time it is called.
func startBuild() {
	built.once.Do(func() {
		defer close(built.done)
		if _, err := exec.LookPath("go"); err != nil {
			built.err = errNoGo
			return
		}
		built.dir, built.err = os.MkdirTemp("", "vehicle-tui-test")
		if built.err == nil {
			built.err = testbin.Build(built.ctx, built.dir, "", ".", "../vehicle")
		}
	})
}

// errNoGo is the build's error when there is no go tool to build with.
var errNoGo = errors.New("no go tool on PATH to build the binaries")

// buildVehicle waits for vehicle and this program (startBuild) and returns
// vehicle's path: the tests run `vehicle ...`, which becomes vehicle-tui.
func buildVehicle(t *testing.T) string {
	t.Helper()
	startBuild()
	<-built.done
	if errors.Is(built.err, errNoGo) {
		t.Skip(built.err)
	}
	if built.err != nil {
		t.Fatal(built.err)
	}
	return filepath.Join(built.dir, "vehicle"+exeSuffix())
}

// exeSuffix is what a program's name ends with here.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// ptyEnv is the environment of the UI in a pty: its own home and state
// folders under home, a 256-colour terminal, this PATH, and extra.
func ptyEnv(home string, extra ...string) []string {
	return append([]string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "TERM=xterm-256color",
		"PATH=" + os.Getenv("PATH")}, extra...)
}

// cliEnv is a clean environment with its own folders.
func cliEnv(t *testing.T) []string {
	home := t.TempDir()
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_RUNTIME_DIR=" + home, "NO_COLOR=1"}
}

// TestGOMAXPROCSNotRefreshed: the UI's binary keeps sysmon from reading the
// cgroup's CPU limit again and again (godebug.go).
func TestGOMAXPROCSNotRefreshed(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(filepath.Dir(buildVehicle(t)), "vehicle-tui"+exeSuffix())
	out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`DefaultGODEBUG=\S*updatemaxprocs=0`).Match(out) {
		t.Errorf("vehicle-tui is built without updatemaxprocs=0:\n%s", out)
	}
}
