//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestTwoTerminalsKeepTheirDrafts runs the UI in two terminals of one
// person on one session: the first leaves a draft (its terminal closes),
// the second quits with an empty composer, and a third terminal opened
// afterwards gets the first's draft back: the empty composer forgot only
// its own.
func TestTwoTerminalsKeepTheirDrafts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	srv := testHost(t)
	id := hangupSession(t, srv.URL)
	env := adaEnv(t)
	args := adaArgs(srv, id)
	first := ptytest.Start(t, bin, 30, 120, env, args...)
	first.WaitFor("you drive from this terminal")
	second := ptytest.Start(t, bin, 30, 120, env, args...)
	second.WaitFor("take over")
	second.Type("\r") // watch, the offer's marked answer: the first terminal drives
	second.WaitFor("your other terminal drives")
	first.Type("the first terminal's thought")
	first.WaitFor("the first terminal's thought")
	first.Hangup()
	waitGone(t, first)
	second.Type("\x03") // ctrl+c on an empty composer asks for a second
	second.WaitFor("ctrl+c again quits")
	second.Type("\x03")
	second.WaitExit()
	third := ptytest.Start(t, bin, 30, 120, env, args...)
	third.WaitFor("┃ the first terminal's thought") // in the composer (its note may be gone already)
}

// stderrPipe is a pipe for a program's stderr and what it said there, read
// whole once the program is gone (the returned function waits for the end).
func stderrPipe(t *testing.T) (w *os.File, said func() string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close(); _ = w.Close() })
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() { defer close(done); _, _ = io.Copy(&buf, r) }()
	return w, func() string { _ = w.Close(); <-done; return buf.String() }
}

// TestDraftNotKeptExits1: the drafts cannot be kept (their folder is a
// file) when SIGTERM ends the UI: stderr says so with the draft to copy,
// and the exit code is 1, not 0.
func TestDraftNotKeptExits1(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	env := adaEnv(t)
	if err := os.MkdirAll(stateOf(env), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stateOf(env), "drafts"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	draftLostAtTerm(t, env, "drafts are not kept")
}

// TestNoStateFolderSaysTheDraftIsLost: with neither HOME nor XDG_STATE_HOME
// there is no folder to keep the draft in; SIGTERM ends the UI, which says
// so with the draft to copy and exits 1 (it exited 0, saying nothing).
func TestNoStateFolderSaysTheDraftIsLost(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "TERM=xterm-256color", "VEHICLE_TOKEN=ada-token", "EDITOR=true", "NO_COLOR=1"}
	draftLostAtTerm(t, env, "set XDG_STATE_HOME or HOME")
}

// draftLostAtTerm drives a session in the built UI with env, types a
// draft, ends the UI with SIGTERM and holds it to exit 1 with a stderr
// that says why (said) and gives the draft to copy.
func draftLostAtTerm(t *testing.T, env []string, why string) {
	t.Helper()
	bin := buildVehicle(t)
	srv := testHost(t)
	id := hangupSession(t, srv.URL)
	stderr, said := stderrPipe(t)
	term := ptytest.StartStderr(t, bin, 30, 120, env, stderr, adaArgs(srv, id)...)
	term.WaitFor("you drive from this terminal")
	term.Type("half a thought")
	term.WaitFor("half a thought")
	if err := syscall.Kill(term.Pid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code, sig := exitOf(t, term.WaitEnd())
	out := said()
	if code != 1 {
		t.Errorf("exit %d (-1: killed by %v), want 1; stderr:\n%s", code, sig, out)
	}
	for _, want := range []string{why, "your draft, to copy:\nhalf a thought"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
}
