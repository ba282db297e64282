package ptytest

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// TestEmulateSurvivesOutputForTheOldSize: output drawn for a taller screen
// (a scroll of more lines than the screen has now, as a program sends when
// a resize reaches it late) does not end the test's terminal: it is counted,
// and what comes after it is emulated.
func TestEmulateSurvivesOutputForTheOldSize(t *testing.T) {
	term := &Terminal{t: t, emu: vt.NewEmulator(40, 12), mode: map[ansi.Mode]bool{}}
	term.emu.SetCallbacks(vt.Callbacks{})
	term.emulate([]byte("\x1b[3;20r\x1b[17S"))
	if term.faults != 1 {
		t.Fatalf("x/vt took a scroll past its screen (%d faults): this test no longer shows the fault", term.faults)
	}
	term.emulate([]byte("\x1b[r\x1b[H\x1b[2Jafter the resize"))
	if term.faults != 1 {
		t.Errorf("%d faults", term.faults)
	}
	if got := term.emu.String(); !strings.Contains(got, "after the resize") {
		t.Errorf("the screen after the fault:\n%s", got)
	}
}
