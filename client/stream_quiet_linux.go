//go:build linux

package client

import (
	"crypto/tls"
	"io"
	"net"
	"os"
	"sync/atomic"
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
	raw  syscall.RawConn
	held atomic.Bool  // holdArrivals: the socket's low-water mark is raised
	mark atomic.Int32 // the mark it raises it to, learnt once (-1: none)
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
			if errno == syscall.EAGAIN && c.held.Swap(false) {
				// About to wait in the poller: an arrival must wake it
				// again (what came meanwhile does at once).
				setLowWater(fd, 1)
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

// holdArrivals keeps what comes on the socket from waking the process while
// its reader waits by design (a stream read at a pace, sseConn.wait): Go's
// poller is woken by every arrival on a socket it watches, read or not (a
// reply's deltas 10 ms apart woke it a hundred times a second while the
// reader slept for its 60 ms). It raises the socket's low-water mark
// (SO_RCVLOWAT), so the kernel signals the socket readable only once
// holdBytes have come (or the peer closed); a read takes what came as
// ever, and the first read that finds nothing lowers the mark again, before
// it waits. It reports whether the mark was raised.
func (c *quietConn) holdArrivals() bool {
	ok := false
	_ = c.raw.Control(func(fd uintptr) {
		mark := c.mark.Load()
		if mark == 0 {
			// The kernel may grow the receive buffer, and clamp the
			// window, to make room for a mark: stay well inside the
			// buffer it has (-1: too small a buffer to hold any).
			mark = -1
			if buf, errno := getSockInt(fd, syscall.SO_RCVBUF); errno == 0 && buf/4 >= 1024 {
				mark = int32(min(holdBytes, buf/4))
			}
			c.mark.Store(mark)
		}
		if mark < 0 {
			return
		}
		c.held.Store(true)
		if ok = setLowWater(fd, int(mark)); !ok {
			c.held.Store(false)
		}
	})
	return ok
}

// holdBytes is the most a held socket gathers before it wakes the process:
// about a second of a reply's deltas.
const holdBytes = 16 << 10

// setLowWater sets a socket's SO_RCVLOWAT, with a raw system call (a plain
// one would wake sysmon, as a plain read does).
func setLowWater(fd uintptr, n int) bool {
	v := int32(n)
	_, _, errno := syscall.RawSyscall6(syscall.SYS_SETSOCKOPT, fd, syscall.SOL_SOCKET, syscall.SO_RCVLOWAT,
		uintptr(unsafe.Pointer(&v)), unsafe.Sizeof(v), 0)
	return errno == 0
}

// getSockInt reads an int socket option with a raw system call.
func getSockInt(fd uintptr, opt int) (int, syscall.Errno) {
	var v int32
	l := uint32(unsafe.Sizeof(v))
	_, _, errno := syscall.RawSyscall6(syscall.SYS_GETSOCKOPT, fd, syscall.SOL_SOCKET, uintptr(opt),
		uintptr(unsafe.Pointer(&v)), uintptr(unsafe.Pointer(&l)), 0)
	return int(v), errno
}

// holder is c's quiet connection (under TLS too), nil for any other.
func holder(c net.Conn) arrivalHolder {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	if q, ok := c.(*quietConn); ok {
		return q
	}
	return nil
}
