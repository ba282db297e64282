//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestDraftsOutliveSIGKILL: the UI drives a wall of two sessions; a draft
// typed in one tile, the focus moved to the other, a draft typed there and
// left to rest, then SIGKILL (nothing of the UI runs at its end): the next
// run has both drafts back, each in its tile. They were kept as the UI
// ran: when the focus moved, and at the pause in typing.
func TestDraftsOutliveSIGKILL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	srv := testHost(t)
	a, b := hangupSession(t, srv.URL), hangupSession(t, srv.URL)
	env := adaEnv(t)
	args := []string{"--gardend", srv.URL, "--graph", "demo", "--session", a, "--session", b}
	term := ptytest.Start(t, bin, 40, 160, env, args...)
	term.WaitForCount("· you drive", 2) // both tiles claimed
	term.Type("the first tile's thought")
	term.WaitFor("the first tile's thought")
	term.Type("\x1b[1;3C") // alt+→: the focus moves to the other tile
	waitDraftKept(t, stateOf(env), "the first tile's thought")
	term.Type("the second tile's thought")
	term.WaitFor("the second tile's thought")
	waitDraftKept(t, stateOf(env), "the second tile's thought") // the pause in typing
	if err := syscall.Kill(term.Pid(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if _, sig := exitOf(t, term.WaitEnd()); sig != syscall.SIGKILL {
		t.Fatalf("the UI ended by %v, not SIGKILL", sig)
	}

	// The leases of the UI killed are held still: the next run asks.
	again := ptytest.Start(t, bin, 40, 160, env, args...)
	again.WaitFor("Take over or watch?", "the first tile's thought", "your draft is back in the composer")
	again.Type("\x1b[B") // ↓ to take over (watching is the marked answer)
	again.Type("\r")
	again.WaitFor("┃ the first tile's thought") // the focused tile's composer, with the keys
	again.Type("\x1b[1;3C")
	again.WaitFor("the second tile's thought")
}

// waitDraftKept waits, at most ptytest.Limit, for a draft file under the
// state folder that holds text: its own, not the temporary file a write
// renames it from (a kill before the rename leaves the draft kept before).
func waitDraftKept(t *testing.T, state, text string) {
	t.Helper()
	deadline := time.Now().Add(ptytest.Limit)
	for {
		found := false
		_ = filepath.WalkDir(filepath.Join(state, "drafts"), func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && !strings.HasPrefix(d.Name(), ".") {
				if b, err := os.ReadFile(path); err == nil && strings.Contains(string(b), text) {
					found = true
				}
			}
			return nil
		})
		if found {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no draft holding %q was kept in %v", text, ptytest.Limit)
		}
		time.Sleep(20 * time.Millisecond) // a file has no event to wait for
	}
}
