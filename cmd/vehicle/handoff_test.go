package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestVehicleLinksNoUI: vehicle, and so vehicle ride and vehicle acp, never links the
// terminal UI or its libraries, whose package initialisation alone costs
// tens of milliseconds at every start (docs/benchmarks.md, "Start"). fang
// and lipgloss, for the styled help, are allowed: their initialisation
// costs a fraction of a millisecond.
func TestVehicleLinksNoUI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool on PATH")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	for _, cmd := range []string{"github.com/sophia-labs/vehicle/ride", "github.com/sophia-labs/vehicle/acp"} {
		if !slices.Contains(deps, cmd) {
			t.Fatalf("go list -deps does not list %s; the check would prove nothing:\n%s", cmd, out)
		}
	}
	forbidden := []string{"github.com/sophia-labs/vehicle/tui", "github.com/sophia-labs/vehicle/theme",
		"charm.land/bubbletea", "charm.land/bubbles", "charm.land/glamour",
		"github.com/alecthomas/chroma", "github.com/yuin/goldmark", "github.com/microcosm-cc/bluemonday"}
	for _, d := range deps {
		for _, f := range forbidden {
			if d == f || strings.HasPrefix(d, f+"/") {
				t.Errorf("vehicle links %s", d)
			}
		}
	}
}

// TestHandoff: with no command, and for demo and watch, vehicle hands its
// arguments, whole and in order, to vehicle-tui once they parse; every
// other command, a help and a wrong command line stay in vehicle.
func TestHandoff(t *testing.T) {
	handed := [][]string{
		nil,
		{"--gardend", "https://g.example", "--session", "s1", "--chime", "--notify", "off"},
		{"--debug", "demo", "--listen", "127.0.0.1:0", "--no-tui"},
		{"watch", "--session", "s1", "--no-bell"},
		{"--graph", "demo", "watch", "--session", "s1"},
	}
	for _, args := range handed {
		a, out, errw := testApp(map[string]string{"XDG_STATE_HOME": t.TempDir()})
		var got []string
		a.handoff = func(args []string) error { got = args; return errors.New("handed") }
		code := a.execute(context.Background(), args)
		if code != cli.ExitFailed || !slices.Equal(got, args) || got == nil && args != nil {
			t.Errorf("%q: exit %d, handed %q; %s%s", args, code, got, out, errw)
		}
		if a.Log != nil {
			t.Errorf("%q: vehicle opened the debug log that vehicle-tui keeps", args)
		}
	}
	kept := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"-h"}, cli.ExitOK, "--chime"},
		{[]string{"demo", "-h"}, cli.ExitOK, "--listen"},
		{[]string{"help", "watch"}, cli.ExitOK, "--notify"},
		{[]string{"demo", "--nosuch"}, cli.ExitUsage, "unknown flag: --nosuch"},
		{[]string{"watch", "--new"}, cli.ExitUsage, "unknown flag: --new"},
		{[]string{"watch", "stray"}, cli.ExitUsage, "takes flags only"},
		{[]string{"--session"}, cli.ExitUsage, "needs an argument"},
		{[]string{"config", "path"}, cli.ExitOK, "config.toml"},
	}
	for _, tc := range kept {
		a, out, errw := testApp(map[string]string{"XDG_CONFIG_HOME": t.TempDir()})
		code := a.execute(context.Background(), tc.args)
		if code != tc.code || !strings.Contains(out.String()+errw.String(), tc.says) {
			t.Errorf("%q: exit %d, want %d saying %q:\n%s%s", tc.args, code, tc.code, tc.says, out, errw)
		}
	}
}

// TestFindTUI: vehicle-tui is looked for beside vehicle, then on PATH; not
// found, one line says it ships with vehicle, where it was looked for and
// how to install it.
func TestFindTUI(t *testing.T) {
	dir := t.TempDir()
	self := filepath.Join(dir, "vehicle"+exeSuffix())
	nowhere := func(string) (string, error) { return "", exec.ErrNotFound }
	onPath := func(string) (string, error) { return "/opt/bin/vehicle-tui", nil }

	_, err := findTUI(self, nowhere)
	beside := filepath.Join(dir, tuiProgram+exeSuffix())
	if err == nil || strings.Contains(err.Error(), "\n") {
		t.Fatalf("not found: %v", err)
	}
	for _, want := range []string{"vehicle-tui", "ships with vehicle", beside, "PATH",
		"go install github.com/sophia-labs/vehicle/cmd/...@latest", "go build -o DIR ./cmd/..."} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not say %q: %v", want, err)
		}
	}
	if p, err := findTUI(self, onPath); err != nil || p != "/opt/bin/vehicle-tui" {
		t.Errorf("on PATH: %q, %v", p, err)
	}
	if err := os.WriteFile(beside, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := findTUI(self, onPath); err != nil || p != beside {
		t.Errorf("beside vehicle: %q, %v (the one beside goes first)", p, err)
	}
	if _, err := findTUI("", nowhere); err == nil || !strings.Contains(err.Error(), "ships with vehicle") {
		t.Errorf("no path for vehicle itself: %v", err)
	}
}

// TestHandoffBinary runs the built programs: vehicle finds vehicle-tui
// beside it or on PATH and becomes it (the same process: its pid now runs
// vehicle-tui, and a signal to it reaches the UI's command); without it,
// one line says what to do.
func TestHandoffBinary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	bin := buildStamped(t)
	alone := filepath.Join(t.TempDir(), "vehicle"+exeSuffix())
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alone, b, 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(path string) []string { return append(cliEnv(t)[1:], "PATH="+path) }

	r := runBinary(t, alone, env(filepath.Dir(alone)), "", "demo")
	if r.code != cli.ExitFailed || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, "ships with vehicle") ||
		!strings.Contains(r.err, filepath.Join(filepath.Dir(alone), tuiProgram)) || !strings.Contains(r.err, "go install") {
		t.Errorf("no vehicle-tui: exit %d, stderr %q", r.code, r.err)
	}
	r = runBinary(t, alone, env(filepath.Dir(bin)), "", "watch", "--session", "s1")
	if r.code != cli.ExitFailed || !strings.Contains(r.err, "needs a terminal") {
		t.Errorf("vehicle-tui on PATH: exit %d, stderr %q", r.code, r.err)
	}
	if runtime.GOOS == "linux" {
		checkSameProcess(t, bin, env(os.Getenv("PATH")))
	}
}

// checkSameProcess starts `vehicle demo --listen --no-tui`, finds
// vehicle-tui running under vehicle's pid, and ends it with SIGINT.
func checkSameProcess(t *testing.T, bin string, env []string) {
	cmd := exec.Command(bin, "demo", "--listen", "127.0.0.1:0", "--no-tui")
	cmd.Env = env
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	lines := bufio.NewScanner(out)
	for lines.Scan() && !strings.Contains(lines.Text(), "This terminal only serves") { // --no-tui: it serves, it does not ride
	}
	exe, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "exe"))
	if err != nil || filepath.Base(exe) != tuiProgram {
		t.Errorf("pid %d runs %q (%v), not %s", cmd.Process.Pid, exe, err, tuiProgram)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, out)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("vehicle demo --no-tui after SIGINT: %v", err)
		}
	case <-time.After(ptytest.Limit):
		t.Error("vehicle demo --no-tui did not end on SIGINT")
	}
}
