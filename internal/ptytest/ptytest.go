// Package ptytest runs a built program in a pseudo-terminal whose output
// feeds a terminal emulator, so a test can type keys and read the screen.
// It is imported only by tests: the binaries never link it.
package ptytest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
)

// Limit bounds every wait of a Terminal.
const Limit = 30 * time.Second

// Terminal is a program running in a pty, its output fed to a terminal
// emulator whose replies go back to it.
type Terminal struct {
	t    testing.TB
	pty  *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	emu  *vt.Emulator
	mode map[ansi.Mode]bool // the modes the program set (true) or reset (false)
	raw  bytes.Buffer
	done chan struct{} // closed when the pty's output ends
	// faults counts the pieces of output the emulator could not take.
	faults int
	// news is closed, and replaced, when output arrives or the screen
	// is resized: a wait looks again then, and only then.
	news chan struct{}
	// gen counts those changes; shot is the screen as text at change
	// shotGen (Screen draws it once per change, not once per look).
	gen, shotGen int
	shot         string
}

// Start runs bin with args and env in a rows x cols pty. The test's cleanup
// kills the program and closes the pty. The emulator answers a query for
// synchronized output as a terminal that does not know the mode (StartSync
// chooses).
func Start(t testing.TB, bin string, rows, cols int, env []string, args ...string) *Terminal {
	t.Helper()
	return start(t, bin, rows, cols, env, SyncUnknown, nil, args)
}

// StartStderr is Start with the program's stderr on stderr instead of the
// pty (a pipe whose reader is gone, say).
func StartStderr(t testing.TB, bin string, rows, cols int, env []string, stderr *os.File, args ...string) *Terminal {
	t.Helper()
	return start(t, bin, rows, cols, env, SyncUnknown, stderr, args)
}

// start is Start with the emulator's answer to the query for mode 2026,
// and stderr on the pty when stderr is nil.
func start(t testing.TB, bin string, rows, cols int, env []string, sync Sync, stderr *os.File, args []string) *Terminal {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	if stderr != nil {
		cmd.Stderr = stderr
	}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)})
	if err != nil {
		t.Fatalf("cannot start %s in a pty: %v", bin, err)
	}
	f = pollable(f)
	term := &Terminal{t: t, pty: f, cmd: cmd, emu: vt.NewEmulator(cols, rows), mode: map[ansi.Mode]bool{},
		done: make(chan struct{}), news: make(chan struct{}), shotGen: -1}
	term.emu.SetCallbacks(vt.Callbacks{ // called from Write, under term.mu
		EnableMode:  func(m ansi.Mode) { term.mode[m] = true },
		DisableMode: func(m ansi.Mode) { term.mode[m] = false },
	})
	if sync == SyncSupported {
		_, _ = term.emu.Write([]byte(syncEnd)) // the emulator knows the mode from now on
	}
	go term.pump()
	go answer(f, term.emu, sync) // the emulator's answers to the program's queries
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = f.Close()
	})
	return term
}

// pump feeds the program's output to the emulator and the raw record.
func (term *Terminal) pump() {
	defer close(term.done)
	buf := make([]byte, 32<<10)
	for {
		n, err := term.pty.Read(buf)
		if n > 0 {
			term.mu.Lock()
			term.emulate(buf[:n])
			term.raw.Write(buf[:n])
			term.changed()
			term.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// emulate feeds p to the emulator, under term.mu. Output drawn for the
// size before a resize may reach the emulator after it (a scroll of more
// lines than the screen has now): a terminal clamps it, the emulator
// panics (x/vt's DeleteLineArea). That output is dropped, counted in
// EmulatorFaults; the program's next frame, drawn for the new size,
// draws the screen whole again.
func (term *Terminal) emulate(p []byte) {
	defer func() {
		if r := recover(); r != nil {
			term.faults++
			defer func() { _ = recover() }()
			_, _ = term.emu.Write([]byte{0x18}) // CAN: the parser back to its ground state
		}
	}()
	_, _ = term.emu.Write(p)
}

// changed tells the waits that the output or the screen changed; under
// term.mu.
func (term *Terminal) changed() {
	term.gen++
	close(term.news)
	term.news = make(chan struct{})
}

// wait looks at the output now and after each change until ok holds
// (true), the output ends (false, ended) or Limit passes (false). ok is
// called without term.mu.
func (term *Terminal) wait(ok func() bool) (held, ended bool) {
	limit := time.NewTimer(Limit)
	defer limit.Stop()
	for {
		term.mu.Lock()
		news := term.news // taken before the look: a change during it wakes the next select
		term.mu.Unlock()
		if ok() {
			return true, false
		}
		select {
		case <-news:
		case <-term.done:
			return ok(), true
		case <-limit.C:
			return false, false
		}
	}
}

// EmulatorFaults is how many pieces of output the emulator could not take
// (see emulate).
func (term *Terminal) EmulatorFaults() int {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.faults
}

// Screen is the emulator's screen as text, without its blank last lines
// (a failure's message then ends with what the screen shows, not with the
// empty rows below it).
func (term *Terminal) Screen() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	if term.shotGen != term.gen {
		term.shot, term.shotGen = strings.TrimRight(term.emu.String(), " \n"), term.gen
	}
	return term.shot
}

// Raw is everything the program has written to the terminal so far.
func (term *Terminal) Raw() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.raw.String()
}

// AltScreen reports whether the emulator shows the alternate screen.
func (term *Terminal) AltScreen() bool {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.emu.IsAltScreen()
}

// MouseReporting reports whether the program left any mouse reporting on
// (clicks, drags, motion).
func (term *Terminal) MouseReporting() bool {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.mode[ansi.ModeMouseNormal] || term.mode[ansi.ModeMouseButtonEvent] || term.mode[ansi.ModeMouseAnyEvent]
}

// Pid is the program's process id.
func (term *Terminal) Pid() int { return term.cmd.Process.Pid }

// CursorHidden reports whether the program left the cursor hidden.
func (term *Terminal) CursorHidden() bool {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.emu.CursorHidden()
}

// Hangup closes the terminal, as closing a terminal's window does: the
// pty's master side is closed, so the program's terminal is hung up (its
// session gets SIGHUP, its reads end, its writes fail).
func (term *Terminal) Hangup() { _ = term.pty.Close() }

// Done is closed when the program's output ends.
func (term *Terminal) Done() <-chan struct{} { return term.done }

// Wait waits for the program to exit and returns its exit error, as
// exec.Cmd.Wait; call it once.
func (term *Terminal) Wait() error { return term.cmd.Wait() }

// WaitEnd waits, at most Limit, for the program to exit and its output to
// end, and returns its exit error, as exec.Cmd.Wait; it fails the test,
// with the screen, when the program does not exit. Call it once, instead
// of Wait.
func (term *Terminal) WaitEnd() error {
	term.t.Helper()
	done := make(chan error, 1)
	go func() { done <- term.cmd.Wait() }()
	select {
	case err := <-done:
		<-term.done
		return err
	case <-time.After(Limit):
		term.t.Fatalf("the program did not exit within %v; the screen:\n%s", Limit, term.Screen())
		return nil
	}
}

// WaitExit waits, at most Limit, for the program to exit by itself with
// status 0, and for its output to end; it fails the test, with the screen,
// when the program exits otherwise or not at all.
func (term *Terminal) WaitExit() {
	term.t.Helper()
	done := make(chan error, 1)
	go func() { done <- term.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			term.t.Fatalf("the program exited with %v; the screen:\n%s", err, term.Screen())
		}
	case <-time.After(Limit):
		term.t.Fatalf("the program did not exit within %v; the screen:\n%s", Limit, term.Screen())
	}
	<-term.done
}

// Type sends s to the program as typed keys.
func (term *Terminal) Type(s string) {
	term.t.Helper()
	if _, err := term.pty.Write([]byte(s)); err != nil {
		term.t.Fatalf("cannot type into the pty: %v", err)
	}
}

// WaitFor waits until the screen shows every text. It fails the test if
// Limit passes or the program's output ends first.
func (term *Terminal) WaitFor(texts ...string) {
	term.t.Helper()
	held, ended := term.wait(func() bool { return missing(term.Screen(), texts) == "" })
	switch {
	case held:
	case ended:
		term.t.Fatalf("the program ended while waiting for %q; the screen:\n%s", texts, term.Screen())
	default:
		term.t.Fatalf("waited %v for %q; the screen:\n%s", Limit, texts, term.Screen())
	}
}

// WaitForCount waits until the screen shows text at least n times. It
// fails the test if Limit passes or the program's output ends first.
func (term *Terminal) WaitForCount(text string, n int) {
	term.t.Helper()
	held, ended := term.wait(func() bool { return strings.Count(term.Screen(), text) >= n })
	switch {
	case held:
	case ended:
		term.t.Fatalf("the program ended while waiting for %q %d times; the screen:\n%s", text, n, term.Screen())
	default:
		term.t.Fatalf("waited %v for %q %d times; the screen:\n%s", Limit, text, n, term.Screen())
	}
}

// WaitRaw waits until the program has written every text to the terminal.
// It fails the test if Limit passes or the program's output ends first.
func (term *Terminal) WaitRaw(texts ...string) {
	term.t.Helper()
	gone := ""
	held, ended := term.wait(func() bool {
		term.mu.Lock()
		defer term.mu.Unlock()
		gone = ""
		for _, want := range texts { // in place: the record is not copied for each look
			if !bytes.Contains(term.raw.Bytes(), []byte(want)) {
				gone = want
				break
			}
		}
		return gone == ""
	})
	switch {
	case held:
	case ended:
		term.t.Fatalf("the program ended before writing %q", gone)
	default:
		term.t.Fatalf("waited %v for the program to write %q", Limit, gone)
	}
}

// missing is the first of texts that s does not contain, or "".
func missing(s string, texts []string) string {
	for _, want := range texts {
		if !strings.Contains(s, want) {
			return want
		}
	}
	return ""
}
