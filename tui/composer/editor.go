package composer

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// EditedMsg hands back the draft edited in $EDITOR.
type EditedMsg struct {
	Text string
	Err  error
}

// editDraft opens the draft in the person's editor, suspending the UI, and
// hands the edited text back.
func editDraft(editor, draft string) tea.Cmd {
	e := &editorRun{editor: editor, draft: draft}
	return tea.Exec(e, func(err error) tea.Msg {
		return EditedMsg{Text: e.result, Err: err}
	})
}

// editorRun is $EDITOR on a temporary file holding the draft.
type editorRun struct {
	editor string
	draft  string
	result string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// Run writes the draft, runs the editor on it and reads it back.
func (e *editorRun) Run() error {
	f, err := os.CreateTemp("", "vehicle-draft-*.md")
	if err != nil {
		return errors.New("cannot make a file for the editor: " + err.Error())
	}
	path := f.Name()
	defer os.Remove(path)
	if _, err := f.WriteString(e.draft); err != nil {
		f.Close()
		return errors.New("cannot write the draft for the editor: " + err.Error())
	}
	f.Close()
	args := strings.Fields(e.editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	cmd := exec.Command(args[0], append(args[1:], path)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	if err := cmd.Run(); err != nil {
		return errors.New("the editor " + args[0] + " failed (" + err.Error() + "); set $EDITOR to one that works")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return errors.New("cannot read the edited draft: " + err.Error())
	}
	e.result = strings.TrimRight(string(b), "\n")
	return nil
}

// SetStdin sets the editor's input.
func (e *editorRun) SetStdin(r io.Reader) { e.stdin = r }

// SetStdout sets the editor's output.
func (e *editorRun) SetStdout(w io.Writer) { e.stdout = w }

// SetStderr sets the editor's error output.
func (e *editorRun) SetStderr(w io.Writer) { e.stderr = w }
