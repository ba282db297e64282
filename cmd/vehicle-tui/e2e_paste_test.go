package main

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestPastedEscapesAreSaid (issue 27, item 16): in a pty, a bracketed
// paste with escape sequences in it (a colour, a window title whose text
// the decoder dropped with it, a clear) reaches the composer with them
// taken out, the text around them whole, and the status line says what
// was taken, shown inert.
func TestPastedEscapesAreSaid(t *testing.T) {
	bin := buildVehicle(t)
	term := ptytest.Start(t, bin, 30, 120, ptyEnv(t.TempDir(), "EDITOR=true"), "demo")
	term.WaitFor("Welcome to vehicle", "you drive from this terminal")
	term.Type("\x1b[200~one \x1b[31mred\x1b[0m two \x1b]0;pwned\x07 three \x1b[2J four\x1b[201~")
	term.WaitFor("┃ one red two  three  four",
		"4 escape sequences in the paste were removed: ␛[31m ␛[0m ␛]0;pwned␇ ␛[2J")
	term.Type("\x03\x03\x03")
	term.WaitExit()
}
