package secretline

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// tty is a pty pair: what the program reads (tty) and the terminal's side
// (typed into, its output gathered).
type tty struct {
	t      *testing.T
	master *os.File
	tty    *os.File
	mu     sync.Mutex
	shown  bytes.Buffer // everything the terminal received: output and echo
}

func openTTY(t *testing.T) *tty {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	p := &tty{t: t, master: master, tty: slave}
	go func() {
		buf := make([]byte, 1024)
		for {
			n, err := master.Read(buf)
			p.mu.Lock()
			p.shown.Write(buf[:n])
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { _ = slave.Close(); _ = master.Close() })
	return p
}

func (p *tty) echoing() bool {
	p.t.Helper()
	tio, err := unix.IoctlGetTermios(int(p.tty.Fd()), ioctlGetTermios)
	if err != nil {
		p.t.Fatal(err)
	}
	return tio.Lflag&unix.ECHO != 0
}

func (p *tty) typ(s string) {
	p.t.Helper()
	if _, err := p.master.WriteString(s); err != nil {
		p.t.Fatal(err)
	}
}

// promptWriter records, when the prompt is written, whether the terminal
// echoed then, and typing at once (as a paste right at the prompt).
type promptWriter struct {
	p        *tty
	typed    string
	echoing  bool
	prompted chan struct{}
	once     sync.Once
}

func (w *promptWriter) Write(b []byte) (int, error) {
	w.once.Do(func() {
		w.echoing = w.p.echoing()
		if w.typed != "" {
			w.p.typ(w.typed)
		}
		close(w.prompted)
	})
	return len(b), nil
}

func TestEchoIsOffBeforeThePrompt(t *testing.T) {
	t.Parallel()
	p := openTTY(t)
	if !p.echoing() {
		t.Fatal("a new pty should echo")
	}
	w := &promptWriter{p: p, typed: "ada-token\r", prompted: make(chan struct{})}
	line, err := Read(context.Background(), p.tty, w, "Token: ", 64)
	if err != nil || string(line) != "ada-token" {
		t.Fatalf("read %q, %v", line, err)
	}
	if w.echoing {
		t.Error("the terminal echoed when the prompt was written: a paste right at it would show")
	}
	if !p.echoing() {
		t.Error("echo is still off after the line was read")
	}
	p.mu.Lock()
	shown := p.shown.String()
	p.mu.Unlock()
	if strings.Contains(shown, "ada-token") {
		t.Errorf("the line was echoed: %q", shown)
	}
}

// TestCancelLeavesTheTerminalAsItWas runs alone (not in parallel): it
// looks for readers of the terminal left behind.
func TestCancelLeavesTheTerminalAsItWas(t *testing.T) {
	p := openTTY(t)
	ctx, cancel := context.WithCancel(context.Background())
	w := &promptWriter{p: p, prompted: make(chan struct{})}
	go func() { <-w.prompted; cancel() }()
	line, err := Read(ctx, p.tty, w, "Token: ", 64)
	if !errors.Is(err, ErrCancelled) || line != nil {
		t.Fatalf("read %q, %v; want ErrCancelled and nothing", line, err)
	}
	if !p.echoing() {
		t.Error("echo is still off after the cancel")
	}
	if n := readersLeft(); n != 0 {
		t.Errorf("%d reads of the terminal go on after the cancel: the next line typed would be taken", n)
	}
	// The next reader of the terminal gets the next line: the cancelled
	// read took nothing, and holds the terminal no more.
	w = &promptWriter{p: p, typed: "next\r", prompted: make(chan struct{})}
	line, err = Read(context.Background(), p.tty, w, "Again: ", 64)
	if err != nil || string(line) != "next" {
		t.Errorf("the read after a cancel got %q, %v; want the next line", line, err)
	}
}

// readersLeft is how many goroutines reading a line for Read are still
// there after a while: one that has handed its line over may not have
// ended yet when Read returns (a flake seen once, counted at once), while
// one still reading the terminal never ends.
func readersLeft() int {
	deadline := time.Now().Add(2 * time.Second)
	for {
		n := readers()
		if n == 0 || time.Now().After(deadline) {
			return n
		}
		runtime.Gosched()
	}
}

// readers counts the goroutines reading a line for Read.
func readers() int {
	buf := make([]byte, 1<<20)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "created by github.com/sophia-labs/vehicle/internal/secretline.Read")
}

func TestLineEditingAndLimits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, typed, want string
	}{
		{"erase", "adx\x7fa-token\r", "ada-token"},
		{"kill the line", "wrong\x15ada-token\r", "ada-token"},
		{"end of input on an empty line", "\x04", ""},
		{"too long: the first limit+1 bytes", strings.Repeat("t", 40) + "\r", strings.Repeat("t", 9)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := openTTY(t)
			w := &promptWriter{p: p, typed: tc.typed, prompted: make(chan struct{})}
			done := make(chan struct{})
			var line []byte
			var err error
			go func() {
				defer close(done)
				line, err = Read(context.Background(), p.tty, w, "Token: ", 8)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Read did not return")
			}
			if err != nil || string(line) != tc.want {
				t.Errorf("read %q, %v; want %q", line, err, tc.want)
			}
		})
	}
}

func TestReadLine(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"tok\n", "tok"},
		{"tok\r\n", "tok"},
		{"tok", "tok"},
		{"", ""},
		{"0123456789\nrest", "012345"},
	}
	for _, tc := range cases {
		got, err := readLine(io.MultiReader(strings.NewReader(tc.in)), 5)
		if err != nil || string(got) != tc.want {
			t.Errorf("readLine(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
