package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// cliVersion is the version the binaries under test are stamped with.
const cliVersion = "v9.8.7-cli-test"

// built holds vehicle and vehicle-tui, built once per run of this
// package's tests, as they ship (one folder, the release's -ldflags);
// TestMain removes the folder.
var built struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// builtBinaries builds vehicle and vehicle-tui the first time a test asks
// and returns vehicle's path.
func builtBinaries(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool on PATH to build the binary")
	}
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "vehicle-test")
		ld := "-X main.version=" + cliVersion + " -X main.commit=0123456789abcdef -X main.date=2026-11-30T12:00:00Z"
		for _, pkg := range []string{".", "../" + tuiProgram} {
			if built.err != nil {
				return
			}
			name := filepath.Base(pkg)
			if pkg == "." {
				name = "vehicle"
			}
			if out, err := exec.Command("go", "build", "-ldflags", ld, "-o", filepath.Join(built.dir, name+exeSuffix()), pkg).CombinedOutput(); err != nil {
				built.err = fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
			}
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return filepath.Join(built.dir, "vehicle"+exeSuffix())
}

// buildStamped is vehicle's path in the folder built once (builtBinaries).
func buildStamped(t *testing.T) string { return builtBinaries(t) }
