//go:build unix

package composer

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// fakeEditor is an editor program for the tests: it copies the file it is
// given (its last argument) to got, writes its path to at, says "editing"
// on its output, writes text into the file and exits with code.
func fakeEditor(t *testing.T, text, code string) (command, got, at string) {
	t.Helper()
	dir := t.TempDir()
	got, at = filepath.Join(dir, "got"), filepath.Join(dir, "at")
	script := "#!/bin/sh\nfor f; do :; done\ncp \"$f\" '" + got + "'\nprintf '%s' \"$f\" > '" + at + "'\necho editing\n" +
		"printf '" + text + "' > \"$f\"\nexit " + code + "\n"
	command = filepath.Join(dir, "edit")
	if err := os.WriteFile(command, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return command + " --wait", got, at
}

// TestEditorRunsOnTheDraft: the editor gets the draft whole (a paste's
// chip expanded) in a file of a private folder that is gone after it, the
// terminal is lent to it and given back, and what it saved is the answer.
func TestEditorRunsOnTheDraft(t *testing.T) {
	command, got, at := fakeEditor(t, "edited\\n\\n", "0")
	c := New(uitest.Context(), command)
	c.SetSize(80, 4)
	c.Update(tea.PasteMsg{Content: "look: "})
	c.Update(tea.PasteMsg{Content: paste2000})
	var lent []bool
	c.SetEditorRun(context.Background(), func(on bool) { lent = append(lent, on) })
	if c.Edit() == nil {
		t.Fatal("the editor key made no command")
	}
	var out bytes.Buffer
	c.editing.SetStdin(strings.NewReader(""))
	c.editing.SetStdout(&out)
	c.editing.SetStderr(&out)
	if err := c.editing.Run(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(got); string(b) != "look: "+paste2000 {
		t.Errorf("the editor got %d bytes, want the draft whole", len(b))
	}
	path, _ := os.ReadFile(at)
	if _, err := os.Stat(filepath.Dir(string(path))); !errors.Is(err, os.ErrNotExist) || filepath.Base(string(path)) != "vehicle-draft.md" {
		t.Errorf("the editor's file %s is left: %v", path, err)
	}
	if len(lent) != 2 || !lent[0] || lent[1] || out.String() != "editing\n" {
		t.Errorf("the terminal lent %v, the editor said %q", lent, out.String())
	}
	if c.editing.result != "edited" || c.editing.name != "edit" {
		t.Errorf("the answer is %q from %q", c.editing.result, c.editing.name)
	}
	if c.Kept() != c.Value() {
		t.Error("the UI goes on, yet Kept is not the draft")
	}
}

// TestEditorExitCodeKeepsTheFile: an editor that exits with a code still
// had its file read; one that cannot run says so and how to fix it.
func TestEditorExitCodeKeepsTheFile(t *testing.T) {
	command, _, _ := fakeEditor(t, "half done", "3")
	e := newEditorRun(EditorRun{Command: command}, "draft")
	err := e.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || !e.read || e.result != "half done" {
		t.Errorf("an editor exiting 3: %v, read %v, %q", err, e.read, e.result)
	}
	e = newEditorRun(EditorRun{Command: filepath.Join(t.TempDir(), "no-such-editor")}, "draft")
	err = e.Run()
	if err == nil || !strings.HasPrefix(err.Error(), "the editor no-such-editor failed (") ||
		!strings.HasSuffix(err.Error(), "); set $EDITOR to one that works") || e.read {
		t.Errorf("a missing editor: %v", err)
	}
	if e := newEditorRun(EditorRun{}, "x"); e.name != "vi" {
		t.Errorf("with no command the editor is %q", e.name)
	}
}

// TestKeptWhenTheUIEndsWhileEditing: the UI ending while the editor ran
// keeps what the editor saved, not the draft it was given; the editor's
// answer coming back ends that.
func TestKeptWhenTheUIEndsWhileEditing(t *testing.T) {
	command, _, _ := fakeEditor(t, "saved at the end", "0")
	c := New(uitest.Context(), command)
	c.SetSize(80, 4)
	c.SetValue("the draft")
	ctx, cancel := context.WithCancel(context.Background())
	c.SetEditorRun(ctx, nil)
	c.Edit()
	if err := c.editing.Run(); err != nil {
		t.Fatal(err)
	}
	cancel() // the UI ends
	if got := c.Kept(); got != "saved at the end" {
		t.Errorf("kept %q, want what the editor saved", got)
	}
	c.Update(EditedMsg{Text: "answered"})
	if got := c.Kept(); got != "answered" {
		t.Errorf("after the answer, kept %q", got)
	}
}

// TestEditorAnswers: the editor's text replaces the draft; a failure keeps
// the draft and is shown as an error; an empty file empties the draft.
func TestEditorAnswers(t *testing.T) {
	c := New(uitest.Context(), "true")
	c.SetSize(80, 4)
	c.SetValue("the draft")
	boom := errors.New("cannot read the edited draft: boom")
	if _, act := c.Update(EditedMsg{Err: boom}); act != (ui.Failed{Err: boom}) || c.Value() != "the draft" {
		t.Errorf("a failure: %#v, draft %q", act, c.Value())
	}
	if _, act := c.Update(EditedMsg{Text: "new text"}); act != (ui.Failed{}) || c.Value() != "new text" {
		t.Errorf("an answer: %#v, draft %q", act, c.Value())
	}
	if c.Update(EditedMsg{}); c.Value() != "" {
		t.Errorf("an empty file left %q", c.Value())
	}
	if _, act := c.Update(EditedMsg{Exit: 1, Editor: "vim"}); act != (ui.Note{Text: "the editor vim exited with code 1: the draft is as it was"}) {
		t.Errorf("an exit code with nothing changed: %#v", act)
	}
}
