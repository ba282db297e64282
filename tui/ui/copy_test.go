package ui_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// fakeTmux puts a tmux on PATH that runs script (sh) with what it was
// given on stdin in $in and its arguments in "$@"; it returns the folder
// where script may write.
func fakeTmux(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	body := "#!/bin/sh\nin=$(cat)\n" + script + "\n"
	if err := os.WriteFile(filepath.Join(dir, "tmux"), []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir
}

// TestCopySaysWhatWasDone: outside tmux a copy is sent to the terminal as
// OSC 52 and the note says so, not that it reached the clipboard; inside
// tmux it goes through tmux's buffer (tmux load-buffer -w -) and the note
// says tmux took it; when tmux refuses, OSC 52 goes instead and the note
// says how to let it through (issue 36, item 6).
func TestCopySaysWhatWasDone(t *testing.T) {
	ctx := uitest.Context()
	cmd, act := ui.Copy(ctx, "héllo", "the entry")
	n, ok := act.(ui.Note)
	if !ok || n.Text != "sent the entry to the terminal as OSC 52 (5 characters): the clipboard, if it allows" || cmd == nil {
		t.Fatalf("outside tmux: %#v", act)
	}
	if strings.Contains(n.Text, "copied") {
		t.Errorf("the note says the text was copied, which the terminal never confirms: %q", n.Text)
	}

	ctx.Tmux = true
	dir := fakeTmux(t, `printf '%s\n' "$*" > "$(dirname "$0")/args"; printf '%s' "$in" > "$(dirname "$0")/text"`)
	cmd, act = ui.Copy(ctx, "héllo", "the entry")
	if act != nil || cmd == nil {
		t.Fatalf("inside tmux the copy said %#v before tmux answered", act)
	}
	msg, ok := cmd().(ui.CopiedMsg)
	if !ok || msg.Err != nil {
		t.Fatalf("tmux's answer: %#v", msg)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	text, _ := os.ReadFile(filepath.Join(dir, "text"))
	if string(args) != "load-buffer -w -\n" || string(text) != "héllo" {
		t.Errorf("tmux ran with %q and got %q", args, text)
	}
	again, act := msg.Outcome()
	if again != nil || act != (ui.Note{Text: "copied the entry into tmux's paste buffer (5 characters; " +
		"tmux load-buffer -w also hands it to your terminal's clipboard when it can)"}) {
		t.Errorf("tmux took it: %#v", act)
	}

	fakeTmux(t, `echo "no server running on /tmp/tmux-1/default" >&2; exit 1`)
	msg = func() ui.CopiedMsg { c, _ := ui.Copy(ctx, "héllo", "the entry"); return c().(ui.CopiedMsg) }()
	again, act = msg.Outcome()
	if again == nil {
		t.Fatal("tmux refused, and nothing was sent as OSC 52 instead")
	}
	if got := fmt.Sprintf("%T", again()); got != "tea.setClipboardMsg" {
		t.Errorf("the fallback sends %s, not the clipboard's OSC 52", got)
	}
	want := "tmux did not take the entry (no server running on /tmp/tmux-1/default): sent it to the terminal as " +
		"OSC 52 (5 characters): the clipboard, if it allows; inside tmux it passes with set -g set-clipboard on"
	if act != (ui.Note{Text: want}) {
		t.Errorf("tmux refused: %#v\nwant %q", act, want)
	}
}
