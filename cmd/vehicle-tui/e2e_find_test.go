package main

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestFindFromTheScreen (issue 36) runs `vehicle demo` in a pty as a
// newcomer: at 80 columns the status line keeps "f1 help" and the lease
// line the room's policy; the palette finds Watch by that word, asks for
// an id and says the host has no session of it for this person; an
// unknown slash command names the nearest; at 40x12 the help (f1) stays
// inside its border at every line it scrolls to.
func TestFindFromTheScreen(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	term := ptytest.Start(t, bin, 24, 80, ptyEnv(t.TempDir(), "EDITOR=true"), "demo")
	term.WaitFor("Welcome to vehicle", "you drive", "room suggest ──", "f1 help")

	term.Type("\x10") // ctrl+p
	term.WaitFor("Commands")
	term.Type("watch")
	term.WaitFor("▸ Watch a session by its id")
	term.Type("\r")
	term.WaitFor("Session id:")
	term.Type("s9\r")
	term.WaitFor("No session to watch", "The host has no session s9")
	term.Type("\x1b")
	term.WaitFor("┃ write a message") // the dialog closed: the composer has the keys again

	term.Type("/clear\r")
	term.WaitFor("/clear is not a command; the nearest is /new")
	term.Type("\x1b")
	term.WaitFor("┃ /clear") // kept in the composer, which has the keys again
	term.Type("\x03")
	term.WaitFor("draft cleared")

	term.Resize(12, 40)
	term.WaitFor("f1 help")
	term.Type("\x1bOP") // f1
	term.WaitFor("Keys")
	for range 60 {
		checkBox(t, term.Screen())
		term.Type("\x1b[B") // ↓
	}
	term.Type("\x1b")
	term.WaitFor("┃ write a message")
	term.Type("\x03")
	term.WaitFor("ctrl+c again quits")
	term.Type("\x03")
	term.WaitExit()
}

// checkBox fails unless every row of the box on screen is its full width,
// between its border.
func checkBox(t *testing.T, screen string) {
	t.Helper()
	in := false
	for _, row := range strings.Split(screen, "\n") {
		row = strings.TrimRight(row, " ")
		switch {
		case strings.HasPrefix(row, "╭"):
			in = true
		case !in:
			continue
		}
		end := []rune(row)
		if len(end) != 40 || !strings.ContainsRune("╮│╯", end[len(end)-1]) {
			t.Fatalf("a row of the help is not inside its border: %q\n%s", row, screen)
		}
		if strings.HasPrefix(row, "╰") {
			return
		}
	}
	if in {
		t.Fatalf("the help's box has no bottom border:\n%s", screen)
	}
}
