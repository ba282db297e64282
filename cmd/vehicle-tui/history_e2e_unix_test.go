//go:build unix

package main

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestHistoryAfterQuit runs the UI in a pty, sends a message and clears a
// draft with ctrl+c, quits, and opens the session again: ↑ brings back the
// draft, then the message (issue 24, item 5: the input history is kept in
// the state folder).
func TestHistoryAfterQuit(t *testing.T) {
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
	first.Type("what I sent")
	first.WaitFor("┃ what I sent")
	first.Type("\r")
	first.WaitFor("You said: what I sent", "idle")
	first.Type("what I cleared")
	first.WaitFor("┃ what I cleared")
	first.Type("\x03")
	first.WaitFor("draft cleared")
	first.Type("\x03")
	first.WaitFor("ctrl+c again quits")
	first.Type("\x03")
	first.WaitExit()

	again := ptytest.Start(t, bin, 30, 120, env, args...)
	again.WaitFor("you drive from this terminal")
	again.Type("\x1b[A")
	again.WaitFor("┃ what I cleared")
	again.Type("\x1b[A")
	again.WaitFor("┃ what I sent")
}
