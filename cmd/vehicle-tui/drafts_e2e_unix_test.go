//go:build unix

package main

import (
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
	second.Type("w") // watch: the first terminal drives
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
