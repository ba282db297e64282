package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// tuiProgram is the terminal UI's program: vehicle becomes it for the
// commands it runs (tuiCommands).
const tuiProgram = "vehicle-tui"

// installHint says how to get both programs.
const installHint = "install both with `go install github.com/sophia-labs/vehicle/cmd/...@latest`, " +
	"or from a clone `go build -o DIR ./cmd/...` (DIR beside vehicle or on PATH)"

// findTUI looks for vehicle-tui beside self (this program's path, from
// os.Executable), then with lookPath on PATH. Not found, the error says
// where it looked and what to do.
func findTUI(self string, lookPath func(string) (string, error)) (string, error) {
	name := tuiProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	beside := "this program's folder (os.Executable unknown)"
	if self != "" {
		p := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
		beside = p
	}
	if p, err := lookPath(tuiProgram); err == nil {
		return p, nil
	} else if !errors.Is(err, exec.ErrNotFound) && !errors.Is(err, exec.ErrDot) {
		return "", fmt.Errorf("the terminal UI, %s, cannot be run from PATH: %w; %s", tuiProgram, err, installHint)
	}
	return "", fmt.Errorf("the terminal UI is %s, which ships with vehicle: it is neither at %s nor on PATH; %s",
		tuiProgram, beside, installHint)
}

// selfPath is this program's path, empty when the system cannot say.
func selfPath() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}
