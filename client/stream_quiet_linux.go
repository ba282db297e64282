//go:build linux

package client

import (
	"io"
	"net"
	"os"
	"syscall"
	"unsafe"
)

// quietConn is a TCP connection whose reads do not enter the scheduler's
// system call path: the socket is non-blocking (Go's poller waits for it),
// so a read returns at once, with data or EAGAIN, and needs no thread of its
// own; a plain read of an idle process wakes sysmon, which then polls every
// 20 µs until the process sleeps again. Writes, deadlines and Close are the
// connection's own.
type quietConn struct {
	net.Conn
	raw syscall.RawConn
}

// quiet wraps a TCP connection; any other is returned as it is.
func quiet(c net.Conn) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return c
	}
	return &quietConn{Conn: c, raw: raw}
}

// Read reads what the socket has, waiting in Go's poller while it has
// nothing.
func (c *quietConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n uintptr
	var errno syscall.Errno
	err := c.raw.Read(func(fd uintptr) bool {
		for {
			n, _, errno = syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
			if raceOn && errno == 0 {
				// The race detector orders memory by the I/O it sees: a
				// plain read (of nothing) tells it what was read came
				// after what the writer did before writing it.
				_, _ = syscall.Read(int(fd), nil)
			}
			if errno != syscall.EINTR {
				return errno != syscall.EAGAIN
			}
		}
	})
	switch {
	case err != nil: // closed, or past a deadline: an *net.OpError
		if oe, ok := err.(*net.OpError); ok {
			oe.Op = "read"
		}
		return 0, err
	case errno != 0:
		return 0, &net.OpError{Op: "read", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: os.NewSyscallError("read", errno)}
	case n == 0:
		return 0, io.EOF
	}
	return int(n), nil
}
