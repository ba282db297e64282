//go:build linux

package tea

import (
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/charmbracelet/x/term"
)

// frameWriter is what the renderer writes its frames to: the output, or,
// where the output is a terminal, that terminal opened again (an open file
// of its own, so the flag is not the shell's too) without blocking and
// written with raw system calls. A blocking write is a system call that
// wakes the runtime's sysmon thread from its sleep, to watch it, and sysmon
// then polls for a while: at every frame of a program that draws a dozen
// frames a second. The terminal is kept out of Go's poller: the poller
// watches a file for writing as well as reading, so each time the terminal
// took a frame's bytes it woke the process to say there was room again, at
// every frame, with nobody waiting. A write that finds the terminal full
// waits for room in poll(2) itself (rare: the terminal reads slower than
// the program draws). Anything else the program writes goes to the output
// as before, from the same goroutine, in order.
func (p *Program) frameWriter() io.Writer {
	f, ok := p.output.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return p.output
	}
	fd, err := syscall.Open("/proc/self/fd/"+strconv.Itoa(int(f.Fd())),
		syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return p.output
	}
	q := &quietWriter{fd: fd, name: f.Name()}
	p.frameOut = q
	return q
}

// quietWriter writes to a non-blocking terminal without entering the
// scheduler's system call path, and without Go's poller.
type quietWriter struct {
	mu     sync.Mutex // a write's, and Close's: the descriptor stays open while a write uses it
	fd     int
	name   string
	closed atomic.Bool
}

// fullWait is how long a write that finds the terminal full waits for room
// before it looks whether the writer was closed meanwhile.
const fullWait = 100 // ms

func (q *quietWriter) Write(b []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := 0
	for n < len(b) {
		if q.closed.Load() {
			return n, &os.PathError{Op: "write", Path: q.name, Err: os.ErrClosed}
		}
		r, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(q.fd), uintptr(unsafe.Pointer(&b[n])), uintptr(len(b)-n))
		switch {
		case e == syscall.EINTR:
		case e == syscall.EAGAIN:
			// The terminal is full: wait for room, as a system call the
			// scheduler sees (the wait may be long).
			pfd := struct {
				fd             int32
				events, revent int16
			}{int32(q.fd), pollOut, 0}
			_, _, _ = syscall.Syscall(syscall.SYS_POLL, uintptr(unsafe.Pointer(&pfd)), 1, fullWait)
		case e != 0:
			return n, &os.PathError{Op: "write", Path: q.name, Err: e}
		case r == 0:
			return n, &os.PathError{Op: "write", Path: q.name, Err: syscall.EIO}
		default:
			n += int(r)
		}
	}
	return n, nil
}

// pollOut is poll(2)'s POLLOUT.
const pollOut = 0x4

func (q *quietWriter) Close() error {
	if q.closed.Swap(true) {
		return nil
	}
	q.mu.Lock() // a write waiting for room gives up within fullWait
	defer q.mu.Unlock()
	return syscall.Close(q.fd)
}
