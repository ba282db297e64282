//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
)

// Synchronized output (DEC mode 2026): a frame's begin and end.
const (
	syncBegin = "\x1b[?2026h"
	syncEnd   = "\x1b[?2026l"
)

// term is a program in a pty whose output feeds a terminal emulator that
// answers its queries, counted as it comes.
type term struct {
	cmd *exec.Cmd
	pty *os.File

	mu     sync.Mutex
	emu    *vt.Emulator
	bytes  int  // everything the program wrote
	frames int  // synchronized frames begun
	inSync bool // between a begin and its end
	// outside is what the program wrote outside synchronized frames after
	// its first one (a frame drawn bare once the terminal said it could).
	outside int
	pend    [len(syncBegin)]byte // the start of what may be a marker
	npend   int
	done    chan struct{}
	raw     *os.File // where everything written is kept, when asked
}

// startTerm runs bin with args in a rows x cols pty. With sync, the
// emulator answers the program's query for mode 2026 as a terminal that
// supports it does (reset, ready to be set); without, as one that does not
// know the mode. With raw, everything the program writes is kept there too.
func startTerm(bin string, args []string, env []string, rows, cols int, sync bool, raw *os.File) (*term, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)})
	if err != nil {
		return nil, err
	}
	t := &term{cmd: cmd, pty: f, emu: vt.NewEmulator(cols, rows), done: make(chan struct{}), raw: raw}
	if sync {
		_, _ = t.emu.Write([]byte(syncEnd)) // the emulator now knows the mode
	}
	go t.pump()
	go func() { _, _ = io.Copy(f, t.emu) }() // the emulator's answers
	return t, nil
}

// pump feeds the program's output to the emulator and the counts.
func (t *term) pump() {
	defer close(t.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := t.pty.Read(buf)
		if n > 0 {
			t.mu.Lock()
			_, _ = t.emu.Write(buf[:n])
			t.count(buf[:n])
			if t.raw != nil {
				_, _ = t.raw.Write(buf[:n])
			}
			t.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// count adds a read to the counts: bytes, frames, and what came outside a
// frame once frames had begun. A marker cut between two reads is matched
// across them.
func (t *term) count(p []byte) {
	t.bytes += len(p)
	for _, c := range p {
		if t.npend == 0 && c != 0x1b {
			t.plain(1)
			continue
		}
		if c == 0x1b && t.npend > 0 {
			t.plain(t.npend) // an escape that was no marker
			t.npend = 0
		}
		t.pend[t.npend] = c
		t.npend++
		seq := string(t.pend[:t.npend])
		switch {
		case seq == syncBegin:
			if !t.inSync {
				t.frames++
			}
			t.inSync, t.npend = true, 0
		case seq == syncEnd:
			t.inSync, t.npend = false, 0
		case !strings.HasPrefix(syncBegin, seq) && !strings.HasPrefix(syncEnd, seq):
			t.plain(t.npend)
			t.npend = 0
		}
	}
}

// plain counts n bytes of output that are no marker.
func (t *term) plain(n int) {
	if !t.inSync && t.frames > 0 {
		t.outside += n
	}
}

// counts is what the program wrote so far.
func (t *term) counts() (written, frames, outside int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes, t.frames, t.outside
}

// screen is the emulator's screen as text.
func (t *term) screen() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.emu.String()
}

// waitFor waits until the screen shows text, at most limit.
func (t *term) waitFor(text string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for !strings.Contains(t.screen(), text) {
		if time.Now().After(deadline) {
			return fmt.Errorf("waited %v for %q; the screen:\n%s", limit, text, t.screen())
		}
		select {
		case <-t.done:
			return fmt.Errorf("the program ended while waiting for %q; the screen:\n%s", text, t.screen())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return nil
}

// typeText sends keys.
func (t *term) typeText(s string) error {
	_, err := t.pty.Write([]byte(s))
	return err
}

// stop kills the program and closes the pty.
func (t *term) stop() {
	_ = t.cmd.Process.Kill()
	_ = t.cmd.Wait()
	_ = t.pty.Close()
}
