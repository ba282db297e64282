package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
)

// The pty helpers of the login test (TestRealKeyring); vehicle-tui's
// end-to-end tests have their own (cmd/vehicle-tui/e2e_test.go).

// e2eLimit bounds every wait in a terminal.
const e2eLimit = 30 * time.Second

// terminal is the built binary in a pty, its output fed to a terminal
// emulator whose replies go back to it.
type terminal struct {
	t    *testing.T
	pty  *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	emu  *vt.Emulator
	raw  bytes.Buffer
	read chan struct{} // closed when the pty's output ends
}

// startTerminal runs bin with args in a rows x cols pty.
func startTerminal(t *testing.T, bin string, rows, cols int, env []string, args ...string) *terminal {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)})
	if err != nil {
		t.Fatalf("cannot start %s in a pty: %v", bin, err)
	}
	term := &terminal{t: t, pty: f, cmd: cmd, emu: vt.NewEmulator(cols, rows), read: make(chan struct{})}
	go term.pump()
	go func() { _, _ = io.Copy(f, term.emu) }() // the emulator's answers to the program's queries
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = f.Close()
	})
	return term
}

// pump feeds the program's output to the emulator.
func (term *terminal) pump() {
	defer close(term.read)
	buf := make([]byte, 32<<10)
	for {
		n, err := term.pty.Read(buf)
		if n > 0 {
			term.mu.Lock()
			_, _ = term.emu.Write(buf[:n])
			term.raw.Write(buf[:n])
			term.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// screen is the emulator's screen as text.
func (term *terminal) screen() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.emu.String()
}

// waitFor waits until the screen shows every text.
func (term *terminal) waitFor(texts ...string) {
	term.t.Helper()
	deadline := time.Now().Add(e2eLimit)
	for {
		s := term.screen()
		ok := true
		for _, want := range texts {
			ok = ok && strings.Contains(s, want)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("waited %v for %q; the screen:\n%s", e2eLimit, texts, s)
		}
		select {
		case <-term.read:
			term.t.Fatalf("the program ended while waiting for %q; the screen:\n%s", texts, term.screen())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// typeText sends keys to the program.
func (term *terminal) typeText(s string) {
	term.t.Helper()
	if _, err := term.pty.Write([]byte(s)); err != nil {
		term.t.Fatalf("cannot type into the pty: %v", err)
	}
}
