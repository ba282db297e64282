package ptytest

import (
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// Sync is how the terminal answers a program's query (DECRQM) for
// synchronized output, DEC mode 2026.
type Sync int

// The answers.
const (
	SyncUnknown   Sync = iota // that it does not know the mode (the emulator's own answer)
	SyncSupported             // that it knows the mode and it is reset, as kitty, WezTerm or foot do
	SyncSilent                // none at all, as tmux 3.3a
)

// Synchronized output: a frame's begin and end.
const (
	syncBegin = "\x1b[?2026h"
	syncEnd   = "\x1b[?2026l"
)

// syncReport is the emulator's answer about mode 2026.
var syncReport = regexp.MustCompile(`\x1b\[\?2026;\d+\$y`)

// StartSync is Start with the terminal answering the query for synchronized
// output as sync says.
func StartSync(t testing.TB, bin string, rows, cols int, env []string, sync Sync, args ...string) *Terminal {
	t.Helper()
	return start(t, bin, rows, cols, env, sync, nil, args)
}

// answer copies the emulator's answers to the program, less the one about
// mode 2026 when the terminal is silent.
func answer(f *os.File, emu io.Reader, sync Sync) {
	buf := make([]byte, 4096)
	for {
		n, err := emu.Read(buf)
		if n > 0 {
			out := buf[:n]
			if sync == SyncSilent {
				out = syncReport.ReplaceAll(out, nil)
			}
			if _, werr := f.Write(out); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// Resize makes the terminal rows x cols, as dragging a window's corner does:
// the emulator first, then the pty, whose program gets SIGWINCH.
func (term *Terminal) Resize(rows, cols int) {
	term.t.Helper()
	term.mu.Lock()
	term.emu.Resize(cols, rows)
	term.changed()
	term.mu.Unlock()
	if err := pty.Setsize(term.pty, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}); err != nil {
		term.t.Fatalf("cannot resize the pty: %v", err)
	}
}

// Written is how many bytes the program has written so far.
func (term *Terminal) Written() int {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.raw.Len()
}

// WaitWritten waits until the program has written more than n bytes. It
// fails the test if Limit passes or the program's output ends first.
func (term *Terminal) WaitWritten(n int) {
	term.t.Helper()
	held, ended := term.wait(func() bool { return term.Written() > n })
	switch {
	case held:
	case ended:
		term.t.Fatalf("the program ended before writing more")
	default:
		term.t.Fatalf("waited %v for the program to write", Limit)
	}
}

// Unsynchronized is what the program drew outside synchronized frames
// after its first one: text and the escape sequences that move, erase or
// style. Sequences that draw nothing (mode changes, queries, OSC strings
// such as a title, a bell) are left out. A program whose every frame is
// synchronized has drawn nothing there.
func (term *Terminal) Unsynchronized() string {
	raw := term.Raw()
	first := strings.Index(raw, syncBegin)
	if first < 0 {
		return ""
	}
	var out strings.Builder
	for rest := raw[first:]; rest != ""; {
		begin := strings.Index(rest, syncBegin)
		if begin < 0 {
			out.WriteString(rest)
			break
		}
		out.WriteString(rest[:begin])
		end := strings.Index(rest[begin:], syncEnd)
		if end < 0 {
			break // a frame still being written
		}
		rest = rest[begin+end+len(syncEnd):]
	}
	return drawless.ReplaceAllString(out.String(), "")
}

// drawless matches what draws nothing: private mode changes and queries,
// keyboard protocol settings, OSC strings, bells.
var drawless = regexp.MustCompile(`\x1b\[\?[\d;]*(h|l|\$p)|\x1b\[[<>=][\d;]*[a-zA-Z]|\x1b\[\?u|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x07`)
