package main

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestEndToEndDemo builds vehicle, runs `vehicle demo` (which becomes
// vehicle-tui) in a pty, types a
// prompt, sees the streamed reply on the screen, clears a draft with ctrl+c
// and quits with two more, and
// checks the terminal is restored (the alternate screen left, the cursor
// shown).
func TestEndToEndDemo(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	home := t.TempDir()
	term := ptytest.Start(t, bin, 36, 100, ptyEnv(home, "EDITOR=true"), "demo")

	term.WaitFor("Welcome to vehicle", "You said: What is vehicle", "search_documents", "you drive from this terminal")
	term.Type("hello from the pty #slow")
	term.WaitFor("hello from the pty #slow")
	term.Type("\r")
	term.WaitFor("streaming…")
	term.WaitFor("You said: hello from the pty #slow", "idle")

	term.Type("a draft")
	term.WaitFor("┃ a draft")
	term.Type("\x03") // ctrl+c clears the draft
	term.WaitFor("draft cleared")
	term.Type("\x03") // ctrl+c on an empty composer asks for another
	term.WaitFor("ctrl+c again quits")
	term.Type("\x03")
	term.WaitExit() // ctrl+c twice quits

	raw := term.Raw()
	enter, leave := strings.Index(raw, "\x1b[?1049h"), strings.LastIndex(raw, "\x1b[?1049l")
	if enter < 0 || leave < enter {
		t.Errorf("the alternate screen was not entered and left (enter at %d, leave at %d)", enter, leave)
	}
	if term.AltScreen() {
		t.Error("the terminal is still on the alternate screen")
	}
	if term.CursorHidden() {
		t.Error("the cursor is still hidden")
	}
}
