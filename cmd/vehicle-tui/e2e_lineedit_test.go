package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestLineEditingInATerminal types a sentence in the demo with a shell's
// line-editing keys as a terminal sends them (control bytes): they edit
// the draft as readline does and act on nothing (ctrl+e opened $EDITOR,
// ctrl+r renamed, ctrl+y cloned); ctrl+s with no run says so; ctrl+r
// searches what was sent; ctrl+x ctrl+e, bash's key, opens $EDITOR.
func TestLineEditingInATerminal(t *testing.T) {
	t.Parallel()
	bin := buildVehicle(t)
	home := t.TempDir()
	editor := filepath.Join(home, "append-editor")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\nprintf ' and then edited' >>\"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	term := ptytest.Start(t, bin, 30, 100, ptyEnv(home, "EDITOR="+editor), "demo")
	term.WaitFor("Welcome to vehicle", "you drive from this terminal")

	term.Type("the gate is open")
	term.Type("\x01so \x05 now") // ctrl+a, ctrl+e
	term.WaitFor("┃ so the gate is open now")
	term.Type("\x17\x17\x19\x04") // ctrl+w twice, ctrl+y, ctrl+d at the end
	term.Type("\x0b\x15")         // ctrl+k (nothing), ctrl+u (all of it)
	term.WaitFor("┃ write a message")
	term.Type("\x19\x12\x13") // ctrl+y, ctrl+r (nothing sent yet), ctrl+s with no run
	term.WaitFor("┃ so the gate is open now", "no run to steer")
	if s := term.Screen(); strings.Contains(s, "and then edited") || strings.Contains(s, "Title for") || strings.Contains(s, "cloned") {
		t.Fatalf("a line-editing key acted:\n%s", s)
	}
	term.Type("\r")
	term.WaitFor("You said: so the gate is open now")

	term.Type("\x12gate") // ctrl+r: the sent history, searched
	term.WaitFor("┃ so the gate is open now", "reverse search: “gate”")
	term.Type("\r")       // keeps the match, sends nothing
	term.Type("\x18\x05") // ctrl+x ctrl+e
	term.WaitFor("┃ so the gate is open now and then edited")
	term.Type("\r")
	term.WaitFor("You said: so the gate is open now and then edited")
}
