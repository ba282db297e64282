package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// copyLastReply starts the demo in a pty with env, selects the last reply
// (tab past the room to the entries) and copies it (y, enter).
func copyLastReply(t *testing.T, env []string) *ptytest.Terminal {
	t.Helper()
	term := ptytest.Start(t, buildVehicle(t), 36, 110, env, "demo")
	term.WaitFor("Welcome to vehicle", `fmt.Println("Find the notes about leases #tool")`, "● live · idle")
	term.Type("\t")
	term.WaitFor("✉ chimes · room suggest") // the room first, for the driver
	term.Type("\t")
	term.WaitFor("▌")
	term.Type("y")
	term.WaitFor("y: enter")
	term.Type("\r")
	return term
}

// TestCopyOutsideTmuxSaysOSC52: a copy is sent to the terminal as OSC 52,
// and the status line says that, not that it reached the clipboard (issue
// 36, item 6).
func TestCopyOutsideTmuxSaysOSC52(t *testing.T) {
	t.Parallel()
	term := copyLastReply(t, ptyEnv(t.TempDir(), "EDITOR=true"))
	term.WaitFor("sent the entry to the terminal as OSC 52")
	term.WaitRaw("\x1b]52;c;")
	term.Type("\x03\x03")
	term.WaitExit()
}

// TestCopyInsideTmuxUsesItsBuffer: inside tmux ($TMUX set), a copy goes
// through tmux's own buffer (tmux load-buffer -w -), which tmux's default
// set-clipboard external takes, and the status line says so; no OSC 52 is
// sent (issue 36, item 6).
func TestCopyInsideTmuxUsesItsBuffer(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	bin := filepath.Join(home, "bin")
	if err := os.Mkdir(bin, 0o700); err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(home, "buffer")
	script := "#!/bin/sh\n[ \"$*\" = 'load-buffer -w -' ] || exit 2\ncat > '" + got + "'\n"
	if err := os.WriteFile(filepath.Join(bin, "tmux"), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	env := append(ptyEnv(home, "EDITOR=true", "TMUX=/tmp/tmux-test/default,1,0"), "PATH="+bin+":"+os.Getenv("PATH"))
	term := copyLastReply(t, env)
	term.WaitFor("copied the entry into tmux's paste buffer")
	b, err := os.ReadFile(got)
	if err != nil || !strings.Contains(string(b), `fmt.Println("Find the notes about leases #tool")`) {
		t.Errorf("tmux's buffer got %q (%v)", b, err)
	}
	if enc := base64.StdEncoding.EncodeToString(b); strings.Contains(term.Raw(), "\x1b]52;c;"+enc[:8]) {
		t.Error("OSC 52 was sent too, which tmux drops")
	}
	term.Type("\x03\x03")
	term.WaitExit()
}
