//go:build unix

package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// closedPipe is the write end of a pipe whose reader is gone: a write to
// it fails with EPIPE (and raises SIGPIPE).
func closedPipe(t *testing.T) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	_ = r.Close()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

// stateOf is env's state folder (XDG_STATE_HOME/vehicle).
func stateOf(env []string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			return filepath.Join(v, "vehicle")
		}
	}
	return ""
}

// exitOf is how a program ended, from its Wait's error: its exit code, or
// the signal that killed it.
func exitOf(t *testing.T, err error) (code int, sig syscall.Signal) {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, 0
	case !errors.As(err, &ee):
		t.Fatal(err)
	}
	ws := ee.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return -1, ws.Signal()
	}
	return ws.ExitStatus(), 0
}

// fullDisk mounts a small tmpfs at dir and fills it, leaving room for the
// folders the UI makes there but not for a draft. It needs root (mount);
// otherwise the test is skipped with the reason.
func fullDisk(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k,mode=0700"); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (%v): needs root on Linux; the other cases say something at exit another way", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for {
		if _, err := f.Write(make([]byte, 4096)); err != nil {
			break // full
		}
	}
}

// fullPipe is the write end of a pipe whose buffer is full and whose
// reader reads nothing until drain is called: a write to it blocks.
func fullPipe(t *testing.T) (w *os.File, drain func()) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close(); _ = w.Close() })
	_ = w.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	for {
		if _, err := w.Write(make([]byte, 4096)); err != nil {
			break // full: the write waited until its deadline
		}
	}
	_ = w.SetWriteDeadline(time.Time{})
	return w, func() { go func() { _, _ = io.Copy(io.Discard, r) }() }
}

// TestStderrAtExit: the UI drives a wall of two sessions and has something
// to say on stderr at its end (the drafts cannot be kept: their folder is a
// file; or it ended on an error, an unknown session's), and stderr is a
// pipe whose reader is gone, or one that is full. SIGTERM ends it: it never
// dies of SIGPIPE, and it gives up its leases before it says anything, so
// a stderr that fails or blocks holds none.
func TestStderrAtExit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	for _, tc := range []struct{ name, stderr, say string }{
		{"reader gone, draft not kept", "closed", "draft"},
		{"reader gone, unknown session", "closed", "error"},
		{"stderr full, draft not kept", "full", "draft"},
		{"reader gone, disk full", "closed", "disk"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := testHost(t)
			a, b := hangupSession(t, srv.URL), hangupSession(t, srv.URL)
			env := adaEnv(t)
			args := []string{"--gardend", srv.URL, "--graph", "demo", "--session", a, "--session", b}
			switch tc.say {
			case "error":
				args = append(args, "--session", "s-bogus")
			case "disk":
				fullDisk(t, stateOf(env))
			default:
				if err := os.MkdirAll(stateOf(env), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(stateOf(env), "drafts"), nil, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			stderr, drain := closedPipe(t), func() {}
			if tc.stderr == "full" {
				stderr, drain = fullPipe(t)
			}
			term := ptytest.StartStderr(t, bin, 40, 160, env, stderr, args...)
			term.WaitForCount("· you drive", 2) // both tiles claimed
			term.Type("half a thought")
			term.WaitFor("half a thought")
			if err := syscall.Kill(term.Pid(), syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{a, b} {
				waitReleased(t, srv, id)
			}
			drain()
			if code, sig := exitOf(t, term.WaitEnd()); sig != 0 {
				t.Fatalf("killed by %v (exit %d): a write to stderr killed it", sig, code)
			}
		})
	}
}

// waitReleased waits, at most ptytest.Limit, for the last event of session
// id to be lease.released.
func waitReleased(t *testing.T, srv *vehicletest.Server, id string) {
	t.Helper()
	deadline := time.Now().Add(ptytest.Limit)
	for {
		evs := srv.Events(id)
		last := evs[len(evs)-1].Type
		if last == client.EvLeaseReleased {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the lease is still held after %v: the last event is %s", id, ptytest.Limit, last)
		}
		time.Sleep(10 * time.Millisecond) // the host has no wait for an event
	}
}
