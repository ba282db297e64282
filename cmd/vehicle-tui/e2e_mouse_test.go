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
//
// It runs alone, not beside the package's other terminals: under the race
// detector with several UIs at once, its click was lost now and then (2 of
// about 6 full runs on 2026-12-01, never alone; cause not found yet).
func TestClickLandsWhereTheScreenShows(t *testing.T) {
	bin := buildVehicle(t)
	term := ptytest.Start(t, bin, 36, 100, ptyEnv(t.TempDir(), "EDITOR=true"), "demo")
	// The demo's last reply whole and the run idle: nothing moves the chip
	// between reading where it is and clicking there.
	term.WaitFor("Welcome to vehicle", "⚙ search_documents", "you drive from this terminal",
		`fmt.Println("Find the notes about leases #tool")`, "● live · idle")
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
