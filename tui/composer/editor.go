package composer

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
)

// editorGrace is how long an editor asked to end, as the UI ends (its
// terminal closed), may take before it is killed.
const editorGrace = 2 * time.Second

// EditedMsg hands back the draft edited in $EDITOR. Err is a failure to
// run the editor or to read its file; Exit is the editor's exit code when
// it ran and ended with another than 0 (vim after an error, :cq), in which
// case Text is still what its file held and Changed says whether that
// differs from the draft it was given.
type EditedMsg struct {
	Text    string
	Err     error
	Exit    int
	Changed bool
	Editor  string // the editor's command name, for the status line
}

// EditorRun is how the composer runs $EDITOR: the command, the UI's
// context (when it ends, the editor is asked to end too, and its file
// removed), and Lend, told when the terminal is lent to the editor and
// given back (job control stops the whole UI meanwhile). Any may be zero.
type EditorRun struct {
	Command string
	Context context.Context
	Lend    func(lent bool)
}

// editDraft opens the draft in the person's editor, suspending the UI, and
// hands the edited text back.
func editDraft(e *editorRun) tea.Cmd {
	return tea.Exec(e, func(err error) tea.Msg {
		msg := EditedMsg{Text: e.result, Err: err, Changed: e.result != strings.TrimRight(e.draft, "\n"), Editor: e.name}
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 0 && e.read {
			msg.Err, msg.Exit = nil, exit.ExitCode()
		}
		return msg
	})
}

// editorRun is $EDITOR on a temporary file holding the draft.
type editorRun struct {
	run    EditorRun
	name   string // the editor's command name
	draft  string
	result string // the file's text after the editor, once read
	read   bool   // result is what the file held after the editor
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// newEditorRun is the editor run on draft.
func newEditorRun(run EditorRun, draft string) *editorRun {
	args := strings.Fields(run.Command)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	return &editorRun{run: run, name: filepath.Base(args[0]), draft: draft, result: strings.TrimRight(draft, "\n")}
}

// Run writes the draft to a file in a private temporary folder, runs the
// editor on it and reads it back. The folder is removed whatever happens
// (with what the editor put beside the file, such as a swap file), the
// UI's end included: the editor is then
// asked to end (SIGTERM), killed after editorGrace, and what it saved is
// kept (cut reports it). The editor inherits no descriptor of the UI's
// but the terminal.
func (e *editorRun) Run() error {
	dir, err := os.MkdirTemp("", "vehicle-draft-*") // private (0700), with whatever the editor puts beside the file (a swap file)
	if err != nil {
		return errors.New("cannot make a folder for the editor: " + err.Error())
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "vehicle-draft.md")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return errors.New("cannot make a file for the editor: " + err.Error())
	}
	if _, err := f.WriteString(e.draft); err != nil {
		f.Close()
		return errors.New("cannot write the draft for the editor: " + err.Error())
	}
	f.Close()
	ctx := e.run.Context
	if ctx == nil {
		ctx = context.Background()
	}
	args := strings.Fields(e.run.Command)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	cmd := exec.CommandContext(ctx, args[0], append(args[1:], path)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = editorGrace
	closeOnExec()
	if e.run.Lend != nil {
		e.run.Lend(true)
		defer e.run.Lend(false)
	}
	runErr := cmd.Run()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return errors.New("the editor " + e.name + " failed (" + runErr.Error() + "); set $EDITOR to one that works")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return errors.New("cannot read the edited draft: " + err.Error())
	}
	e.result, e.read = strings.TrimRight(string(b), "\n"), true
	if runErr != nil {
		return runErr // an exit code: the edit is kept (EditedMsg.Exit)
	}
	return nil
}

// cut is the text the editor saved when the UI ended while it ran, and
// whether there is one that differs from the draft.
func (e *editorRun) cut() (string, bool) {
	if e == nil || !e.read || e.run.Context == nil || e.run.Context.Err() == nil {
		return "", false
	}
	return e.result, e.result != strings.TrimRight(e.draft, "\n")
}

// exitWords says how the editor ended with an exit code.
func exitWords(msg EditedMsg) string {
	s := "the editor " + msg.Editor + " exited with code " + strconv.Itoa(msg.Exit)
	if msg.Changed {
		return s + ": your edit is kept"
	}
	return s + ": the draft is as it was"
}

// SetStdin sets the editor's input.
func (e *editorRun) SetStdin(r io.Reader) { e.stdin = r }

// SetStdout sets the editor's output.
func (e *editorRun) SetStdout(w io.Writer) { e.stdout = w }

// SetStderr sets the editor's error output.
func (e *editorRun) SetStderr(w io.Writer) { e.stderr = w }
