//go:build unix

package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// procState is the state letter of process pid (R, S, T, ...), "" when it
// cannot be read.
func procState(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	_, after, ok := strings.Cut(string(b), ") ") // the name may hold spaces
	if !ok || after == "" {
		return ""
	}
	return after[:1]
}

// waitStopped waits, at most ptytest.Limit, for the process to be stopped
// with the terminal given back: the normal screen, mouse reporting off.
func waitStopped(t *testing.T, term *ptytest.Terminal) {
	t.Helper()
	deadline := time.Now().Add(ptytest.Limit)
	for procState(term.Pid()) != "T" || term.AltScreen() || term.MouseReporting() {
		if time.Now().After(deadline) {
			t.Fatalf("not suspended: state %q, alternate screen %v, mouse reporting %v; the screen:\n%s",
				procState(term.Pid()), term.AltScreen(), term.MouseReporting(), term.Screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSuspendAndResume: ctrl+z in the UI, and a SIGTSTP from outside, give
// the terminal back (the normal screen, no mouse reporting) and stop the
// process, as full-screen programs do; after SIGCONT (fg) the UI takes the
// terminal again, draws itself, and takes keys.
func TestSuspendAndResume(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if procState(os.Getpid()) == "" {
		t.Skip("no /proc to read a process's state in")
	}
	bin := buildVehicle(t)
	for _, how := range []string{"ctrl+z", "SIGTSTP"} {
		t.Run(how, func(t *testing.T) {
			home := t.TempDir()
			term := ptytest.Start(t, bin, 30, 100, ptyEnv(home, "EDITOR=true"), "demo")
			term.WaitFor("Welcome to vehicle", "you drive from this terminal")
			if !term.AltScreen() || !term.MouseReporting() {
				t.Fatalf("the UI did not take the terminal: alternate screen %v, mouse %v", term.AltScreen(), term.MouseReporting())
			}
			term.Type("before")
			term.WaitFor("┃ before")
			if how == "ctrl+z" {
				term.Type("\x1a")
			} else if err := syscall.Kill(term.Pid(), syscall.SIGTSTP); err != nil {
				t.Fatal(err)
			}
			waitStopped(t, term)
			if err := syscall.Kill(term.Pid(), syscall.SIGCONT); err != nil {
				t.Fatal(err)
			}
			term.WaitFor("you drive from this terminal", "┃ before")
			if !term.AltScreen() || !term.MouseReporting() {
				t.Errorf("after SIGCONT: alternate screen %v, mouse %v", term.AltScreen(), term.MouseReporting())
			}
			term.Type(" and after")
			term.WaitFor("┃ before and after")
		})
	}
}

// TestSuspendWhileEditing: ctrl+z while $EDITOR has the terminal stops the
// editor and the UI together, as one job of an interactive shell; the
// shell's fg goes on with both, the editor first.
func TestSuspendWhileEditing(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if procState(os.Getpid()) == "" {
		t.Skip("no /proc to read a process's state in")
	}
	shell, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for job control")
	}
	bin := buildVehicle(t)
	home := t.TempDir()
	editor := fakeEditor(t, home, "edited", "", "read line")
	term := ptytest.Start(t, shell, 30, 100, ptyEnv(home, "EDITOR="+editor, "PS1=job$ "), "--norc", "--noprofile", "-i")
	term.WaitFor("job$")
	term.Type(bin + " demo\r")
	term.WaitFor("Welcome to vehicle", "you drive from this terminal")
	term.Type("\x07") // ctrl+g
	pid, _ := started(t, home)
	ui := parent(t, pid)
	term.Type("\x1a") // the terminal is the editor's, in its own modes: ^Z stops the job
	deadline := time.Now().Add(2 * ptytest.Limit)
	for procState(pid) != "T" || procState(ui) != "T" {
		if time.Now().After(deadline) {
			t.Fatalf("the editor is %q and the UI %q, not both stopped; the screen:\n%s", procState(pid), procState(ui), term.Screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
	term.WaitFor("Stopped", "job$")
	term.Type("fg\r")
	for procState(pid) == "T" || procState(ui) == "T" { // the shell gives the job the terminal, then continues it
		if time.Now().After(deadline) {
			t.Fatalf("fg did not continue the editor (%q) and the UI (%q)", procState(pid), procState(ui))
		}
		time.Sleep(20 * time.Millisecond)
	}
	term.Type("\r") // the editor reads its line and ends
	term.WaitFor("┃ edited", "you drive from this terminal")
	// The UI ends, keeping its draft, before the test's folder is removed
	// (the shell's end would leave it writing there meanwhile).
	_ = syscall.Kill(ui, syscall.SIGTERM)
	for st := procState(ui); st != "" && st != "Z"; st = procState(ui) {
		if time.Now().After(deadline.Add(ptytest.Limit)) {
			t.Fatalf("the UI did not end after SIGTERM (%q)", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// parent is the parent process id of pid.
func parent(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(b), ") ")
	f := strings.Fields(after)
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		t.Fatal(err)
	}
	return ppid
}
