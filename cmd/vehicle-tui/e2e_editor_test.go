package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestEditorRoundTrip runs the demo in a pty, opens the draft in $EDITOR
// with ctrl+x ctrl+e (an editor that appends to the file), and checks that on the
// way back the whole UI is drawn again (the renderer stopped for the editor
// and draws on demand: the return must wake it) with the edited draft in
// the composer, and that it is sent as edited.
func TestEditorRoundTrip(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	home := t.TempDir()
	editor := filepath.Join(home, "append-editor")
	script := "#!/bin/sh\nprintf ' and then edited' >>\"$1\"\n"
	if err := os.WriteFile(editor, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	term := ptytest.Start(t, bin, 30, 100, ptyEnv(home, "EDITOR="+editor), "demo")

	term.WaitFor("Welcome to vehicle", "you drive from this terminal")
	term.Type("typed first")
	term.WaitFor("┃ typed first")
	term.Type("\x18\x05") // ctrl+x ctrl+e, as bash has it
	term.WaitFor("┃ typed first and then edited", "Welcome to vehicle", "you drive from this terminal")
	if !term.AltScreen() {
		t.Error("the UI did not return to the alternate screen after the editor")
	}
	term.Type("\r")
	term.WaitFor("You said: typed first and then edited")
}
