//go:build linux

package tea

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPty opens a pseudo-terminal: its master and its slave.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatal(e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatal(e)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close(); _ = s.Close() })
	return m, s
}

// TestFrameWriterIsQuietOnATerminal: frames to a terminal go through a
// writer of their own that writes everything, in order, waiting while the
// terminal is full (far more than a pty holds is written here while it is
// read slowly); to anything else, to the output itself.
func TestFrameWriterIsQuietOnATerminal(t *testing.T) {
	master, slave := openPty(t)
	p := &Program{output: slave}
	w := p.frameWriter()
	q, ok := w.(*quietWriter)
	if !ok || p.frameOut == nil {
		t.Fatalf("frames to a terminal are written by %T", w)
	}
	var want bytes.Buffer
	for i := range 20000 {
		want.WriteString("frame line " + strconv.Itoa(i) + "; ") // no newline: the pty would add a CR
	}
	got := make(chan []byte)
	go func() {
		var b bytes.Buffer
		buf := make([]byte, 512)
		for b.Len() < want.Len() {
			n, err := master.Read(buf)
			if err != nil {
				break
			}
			b.Write(buf[:n])
		}
		got <- b.Bytes()
	}()
	for chunk := want.Bytes(); len(chunk) > 0; {
		n := min(len(chunk), 64<<10)
		if m, err := q.Write(chunk[:n]); err != nil || m != n {
			t.Fatalf("wrote %d of %d: %v", m, n, err)
		}
		chunk = chunk[n:]
	}
	if b := <-got; !bytes.Equal(b, want.Bytes()) {
		t.Fatalf("the terminal got %d bytes, want %d, or not in order", len(b), want.Len())
	}
	if err := p.frameOut.Close(); err != nil {
		t.Fatal(err)
	}

	r, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer pw.Close()
	for _, out := range []io.Writer{pw, &bytes.Buffer{}} {
		p := &Program{output: out}
		if w := p.frameWriter(); w != out || p.frameOut != nil {
			t.Errorf("frames to a %T are written by %T", out, w)
		}
	}
}

// TestFrameWriterClosedWhileFull: a frame write that waits for room in a
// terminal nobody reads ends with an error once the writer is closed, and
// the close does not wait for it longer than a wait's step.
func TestFrameWriterClosedWhileFull(t *testing.T) {
	_, slave := openPty(t)
	p := &Program{output: slave}
	q, ok := p.frameWriter().(*quietWriter)
	if !ok {
		t.Fatal("frames to a terminal are not written by the quiet writer")
	}
	done := make(chan error, 1)
	go func() {
		_, err := q.Write(bytes.Repeat([]byte("x"), 4<<20)) // far more than a pty holds
		done <- err
	}()
	// The write fills the terminal and waits; the close ends it.
	for q.mu.TryLock() {
		q.mu.Unlock() // not yet writing
		runtime.Gosched()
	}
	closed := make(chan error, 1)
	go func() { closed <- q.Close() }()
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrClosed) {
			t.Fatalf("the waiting write ended with %v, want os.ErrClosed", err)
		}
	case <-time.After(10 * time.Second): // a guard against a hang only
		t.Fatal("the waiting write did not end at the close")
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
}
