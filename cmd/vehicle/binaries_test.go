package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/internal/testbin"
)

// cliVersion is the version the binaries under test are stamped with.
const cliVersion = "v9.8.7-cli-test"

// built holds vehicle and vehicle-tui, built once per run of this
// package's tests, as they ship (one folder, the release's -ldflags): the
// build starts with the tests (TestMain), beside those that need no binary,
// and TestMain removes the folder.
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

// errNoGo is the build's error when there is no go tool to build with.
var errNoGo = errors.New("no go tool on PATH to build the binary")

// startBuild builds vehicle and vehicle-tui into one folder, side by side
// (from the build cache when they were built before: testbin), the first
// time it is called.
func startBuild() {
	built.once.Do(func() {
		defer close(built.done)
		if _, err := exec.LookPath("go"); err != nil {
			built.err = errNoGo
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "vehicle-test"); built.err != nil {
			return
		}
		ld := "-X main.version=" + cliVersion + " -X main.commit=0123456789abcdef -X main.date=2026-11-30T12:00:00Z"
		built.err = testbin.Build(built.ctx, built.dir, ld, ".", "../"+tuiProgram)
	})
}

// builtBinaries waits for vehicle and vehicle-tui (startBuild) and returns
// vehicle's path.
func builtBinaries(t testing.TB) string {
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

// buildStamped is vehicle's path in the folder built once (builtBinaries).
func buildStamped(t *testing.T) string { return builtBinaries(t) }
