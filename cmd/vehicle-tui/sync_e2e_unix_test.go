//go:build unix

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestFramesSynchronized: in a terminal that answers that it knows DEC mode
// 2026 (here over SSH, where the query used not to be made), every frame is
// drawn between the mode's begin and end, while a reply streams in and
// through a storm of resizes between 40x12 and 200x60; a terminal that does
// not know the mode, or does not answer, gets none.
func TestFramesSynchronized(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	for _, tc := range []struct {
		name    string
		sync    ptytest.Sync
		wrapped bool
	}{
		{"answered", ptytest.SyncSupported, true},
		{"unknown", ptytest.SyncUnknown, false},
		{"silent", ptytest.SyncSilent, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // the reply's start is read in everything written, not on a screen that may have moved on
			env := ptyEnv(t.TempDir(), "SSH_TTY=/dev/pts/9")
			term := ptytest.StartSync(t, bin, 60, 200, env, tc.sync, "demo", "--delta-delay", "10ms")
			term.WaitFor("Welcome to vehicle", "you drive from this terminal")
			term.Type("tell me more #long 30\r")
			// The reply began (drawn: a screen read may come after it ended).
			deadline := time.Now().Add(ptytest.Limit)
			for !strings.Contains(term.Raw(), "streaming…") {
				if time.Now().After(deadline) {
					t.Fatalf("no reply streaming in %v; the screen:\n%s", ptytest.Limit, term.Screen())
				}
				time.Sleep(10 * time.Millisecond)
			}
			for i := range 16 {
				n := term.Written()
				if i%2 == 0 {
					term.Resize(12, 40)
				} else {
					term.Resize(60, 200)
				}
				term.WaitWritten(n) // the frame at the new size
			}
			term.WaitFor("Paragraph 30.")
			raw := term.Raw()
			if got := strings.Contains(raw, "\x1b[?2026h"); got != tc.wrapped {
				t.Fatalf("frames synchronized: %v, want %v", got, tc.wrapped)
			}
			if bare := term.Unsynchronized(); bare != "" {
				t.Errorf("drawn outside a synchronized frame: %q", bare)
			}
		})
	}
}
