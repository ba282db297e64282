//go:build linux

package client

import (
	"io"
	"net"
	"os"
	"syscall"
	"unsafe"
)

// quietConn is a TCP connection whose reads and writes do not enter the
// scheduler's system call path: the socket is non-blocking (Go's poller
// waits for it), so a read or a write returns at once, having moved what it
// could or with EAGAIN, and needs no thread of its own; a plain one of an
// idle process wakes sysmon, which then polls every 20 µs until the process
// sleeps again (a lease renewal's request did). Deadlines and Close are the
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

// Write writes all of p, waiting in Go's poller while the socket's buffer
// is full.
func (c *quietConn) Write(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var w uintptr
		var errno syscall.Errno
		err := c.raw.Write(func(fd uintptr) bool {
			if raceOn {
				// What the reader of this data sees came after what was
				// done before writing it (as Read tells the race detector).
				_, _ = syscall.Write(int(fd), nil)
			}
			for {
				w, _, errno = syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&p[n])), uintptr(len(p)-n))
				if errno != syscall.EINTR {
					return errno != syscall.EAGAIN
				}
			}
		})
		switch {
		case err != nil: // closed, or past a deadline
			if oe, ok := err.(*net.OpError); ok {
				oe.Op = "write"
			}
			return n, err
		case errno != 0:
			return n, &net.OpError{Op: "write", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: os.NewSyscallError("write", errno)}
		}
		n += int(w)
	}
	return n, nil
}
