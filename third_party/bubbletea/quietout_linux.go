//go:build linux

package tea

import (
	"io"
	"os"
	"strconv"
	"syscall"
	"unsafe"

	"github.com/charmbracelet/x/term"
)

// frameWriter is what the renderer writes its frames to: the output, or,
// where the output is a terminal, that terminal opened again (an open file
// of its own, so the flag is not the shell's too) without blocking and
// written with raw system calls, waiting in Go's poller while the terminal
// takes no more. A blocking write is a system call that wakes the runtime's
// sysmon thread from its sleep, to watch it, and sysmon then polls for a
// while: at every frame of a program that draws a dozen frames a second.
// Anything else the program writes goes to the output as before, from the
// same goroutine, in order.
func (p *Program) frameWriter() io.Writer {
	f, ok := p.output.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return p.output
	}
	tty, err := os.OpenFile("/proc/self/fd/"+strconv.Itoa(int(f.Fd())), os.O_WRONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return p.output
	}
	rc, err := tty.SyscallConn()
	if err != nil {
		_ = tty.Close()
		return p.output
	}
	q := &quietWriter{f: tty, rc: rc}
	p.frameOut = q
	return q
}

// quietWriter writes to a non-blocking terminal without entering the
// scheduler's system call path.
type quietWriter struct {
	f  *os.File
	rc syscall.RawConn
}

func (q *quietWriter) Write(b []byte) (int, error) {
	n := 0
	var errno syscall.Errno
	err := q.rc.Write(func(fd uintptr) bool {
		for n < len(b) {
			r, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[n])), uintptr(len(b)-n))
			switch {
			case e == syscall.EINTR:
			case e == syscall.EAGAIN:
				return false // wait in the poller until the terminal takes more
			case e != 0:
				errno = e
				return true
			case r == 0:
				errno = syscall.EIO
				return true
			default:
				n += int(r)
			}
		}
		return true
	})
	if err == nil && errno != 0 {
		err = &os.PathError{Op: "write", Path: q.f.Name(), Err: errno}
	}
	return n, err
}

func (q *quietWriter) Close() error { return q.f.Close() }
