package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestClickLandsWhereTheScreenShows: in a pty, a mouse click (as a
// terminal sends it, SGR encoded) on the line where the screen shows the
// demo's tool chip opens that chip: the UI's idea of where things are is
// the screen's.
func TestClickLandsWhereTheScreenShows(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	term := ptytest.Start(t, bin, 36, 100, ptyEnv(t.TempDir(), "EDITOR=true"), "demo")
	// The demo's last reply whole, the run idle and the account pane drawn
	// (the host's answer on who Ada is may come after the rest; the pane's
	// line moves the transcript up one: a click read before it landed a line
	// off, 1 run in 36 with three at once under the race detector): nothing
	// moves the chip between reading where it is and clicking there.
	term.WaitFor("Welcome to vehicle", "⚙ search_documents", "you drive from this terminal",
		`fmt.Println("Find the notes about leases #tool")`, "● live · idle", "◆ member user:ada")
	x, y := -1, -1
	for i, l := range strings.Split(term.Screen(), "\n") {
		if c := strings.Index(l, "⚙ search_documents"); c >= 0 {
			x, y = len([]rune(l[:c])), i
		}
	}
	if y < 0 {
		t.Fatalf("no chip on the screen:\n%s", term.Screen())
	}
	// Press and release of the left button at (x, y), 1-based.
	term.Type(fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", x+2, y+1, x+2, y+1))
	term.WaitFor("arguments", "result")
	term.Type("\x03\x03")
	term.WaitExit()
}
