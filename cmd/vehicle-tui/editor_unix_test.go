//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// fakeEditor writes an editor script into dir: it writes text into the
// file it is given, runs first, says its process id and the file's path in
// dir/started ("PID PATH"), then runs tail.
func fakeEditor(t *testing.T, dir, text, first, tail string) string {
	t.Helper()
	editor := filepath.Join(dir, "fake-editor")
	script := "#!/bin/sh\n" +
		"printf '%s' '" + text + "' >\"$1\"\n" + first + "\n" +
		"echo \"$$ $1\" >\"" + dir + "/started.tmp\"\n" +
		"mv \"" + dir + "/started.tmp\" \"" + dir + "/started\"\n" + tail + "\n"
	if err := os.WriteFile(editor, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return editor
}

// started waits for the fake editor in dir to start and returns its
// process id and the path of the file it edits.
func started(t *testing.T, dir string) (int, string) {
	t.Helper()
	pidText, path, _ := strings.Cut(strings.TrimSpace(waitFile(t, filepath.Join(dir, "started"))), " ")
	pid, err := strconv.Atoi(pidText)
	if err != nil {
		t.Fatal(err)
	}
	return pid, path
}

// waitFile waits, at most ptytest.Limit, for path to exist, and returns
// its text.
func waitFile(t *testing.T, path string) string {
	t.Helper()
	deadline := time.Now().Add(ptytest.Limit)
	for {
		if b, err := os.ReadFile(path); err == nil {
			return string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never appeared", path)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestEditorExitCodeKeepsTheEdit: an editor that saves and then exits 1
// (vim after an error) gives its edit back, and the status line says its
// exit code; the editor inherited no descriptor of the UI's but the
// terminal (no epoll, no pipe).
func TestEditorExitCodeKeepsTheEdit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc to read the editor's descriptors in")
	}
	bin := buildVehicle(t)
	home := t.TempDir()
	editor := fakeEditor(t, home, "saved, then the editor failed", "", "read line\nexit 1")
	term := ptytest.Start(t, bin, 30, 100, ptyEnv(home, "EDITOR="+editor), "demo")
	term.WaitFor("Welcome to vehicle", "you drive from this terminal")
	term.Type("typed first")
	term.WaitFor("┃ typed first")
	term.Type("\x07") // ctrl+g
	pid, _ := started(t, home)
	fds, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		target, _ := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + fd.Name())
		if n, _ := strconv.Atoi(fd.Name()); n > 2 && target != editor { // the terminal, and the script the shell reads
			t.Errorf("the editor inherited descriptor %s: %s", fd.Name(), target)
		}
	}
	term.Type("\r") // the editor reads a line, then exits 1
	term.WaitFor("┃ saved, then the editor failed", "the editor fake-editor exited with code 1: your edit is kept")
}

// TestEditorEndsWithTheTerminal closes the terminal while the editor runs
// (an editor that ignores SIGHUP, as under nohup): the UI ends the editor,
// removes the draft's temporary file (and a swap file the editor put
// beside it), keeps what the editor had saved as the draft, and exits.
func TestEditorEndsWithTheTerminal(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	srv := testHost(t)
	id := hangupSession(t, srv.URL)
	dir, tmp := t.TempDir(), t.TempDir()
	editor := fakeEditor(t, dir, "saved before the terminal closed", "printf swap >\"$1.swp\"", "trap '' HUP\nexec sleep 600") // a swap file beside, as vim's
	env := append(cliEnv(t), "TERM=xterm-256color", "VEHICLE_TOKEN=ada-token", "EDITOR="+editor, "TMPDIR="+tmp)
	term := ptytest.Start(t, bin, 30, 120, env, "--gardend", srv.URL, "--graph", "demo", "--session", id)
	term.WaitFor("you drive from this terminal")
	term.Type("half a thought")
	term.WaitFor("half a thought")
	term.Type("\x07") // ctrl+g
	pid, path := started(t, dir)
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	if !strings.HasPrefix(path, tmp) {
		t.Fatalf("the editor's file %s is not in $TMPDIR %s", path, tmp)
	}
	term.Hangup()
	waitGone(t, term)
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("the draft's temporary file %s, or its folder, is still in $TMPDIR: %v", path, left)
	}
	if got := keptDrafts(t, env); !strings.Contains(got, "saved before the terminal closed") {
		t.Errorf("the draft kept is %q, not what the editor saved", got)
	}
}
