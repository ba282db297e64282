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

// stampFlags are a release build's -ldflags (TestVersionStamped reads them
// back).
const stampFlags = "-X main.version=v3.2.1 -X main.commit=feedfacecafebeef -X main.date=2026-11-30"

// built holds the driver and vehicle, built once per run of this package's
// tests with a release's -ldflags (from the build cache when they were
// built before: testbin), side by side, starting with the tests (TestMain),
// beside those that need no binary; TestMain removes the folder.
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
var errNoGo = errors.New("no go tool on PATH to build the binaries")

// startBuild builds the driver and vehicle into one folder, the first time
// it is called.
func startBuild() {
	built.once.Do(func() {
		defer close(built.done)
		if _, err := exec.LookPath("go"); err != nil {
			built.err = errNoGo
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "sepia-driver-test"); built.err != nil {
			return
		}
		built.err = testbin.Build(built.ctx, built.dir, stampFlags, ".", "../vehicle")
	})
}

// builtBinary waits for the build (startBuild) and returns the path of the
// program named name in it: sepia-driver-vehicle or vehicle.
func builtBinary(t *testing.T, name string) string {
	t.Helper()
	startBuild()
	<-built.done
	if errors.Is(built.err, errNoGo) {
		t.Skip(built.err)
	}
	if built.err != nil {
		t.Fatal(built.err)
	}
	return filepath.Join(built.dir, name)
}
