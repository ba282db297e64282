package ptytest

import (
	"os"
	"strings"
	"testing"
)

// script enters the alternate screen and hides the cursor, echoes one line
// read from the terminal, then restores both and prints the line again.
const script = `printf '\033[?1049h\033[?25lready> '; read line; printf 'got %s\n' "$line"; ` +
	`read more; printf '\033[?1049l\033[?25hafter: %s\n' "$line"`

func TestTerminal(t *testing.T) {
	env := []string{"TERM=xterm-256color", "PATH=" + os.Getenv("PATH")}
	term := Start(t, "/bin/sh", 10, 40, env, "-c", script)
	term.WaitFor("ready>")
	if !term.AltScreen() || !term.CursorHidden() {
		t.Errorf("after entering: alt screen %v, cursor hidden %v", term.AltScreen(), term.CursorHidden())
	}
	term.Type("abc\r")
	term.WaitFor("ready> abc", "got abc")
	term.WaitRaw("\x1b[?1049h", "got abc")
	term.Type("\r")
	if err := term.Wait(); err != nil {
		t.Fatalf("the script: %v\n%s", err, term.Screen())
	}
	<-term.Done()
	if term.AltScreen() || term.CursorHidden() {
		t.Errorf("after leaving: alt screen %v, cursor hidden %v", term.AltScreen(), term.CursorHidden())
	}
	if s := term.Screen(); !strings.Contains(s, "after: abc") || strings.Contains(s, "got abc") {
		t.Errorf("the main screen after leaving:\n%s", s)
	}
	if raw := term.Raw(); !strings.Contains(raw, "\x1b[?1049l") || !strings.Contains(raw, "after: abc") {
		t.Errorf("the raw output lacks the end:\n%q", raw)
	}
}
