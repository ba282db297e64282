//go:build unix

package ptytest

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// pollable returns the pty's master as a file in non-blocking mode, which
// Go's poller serves: a Read in progress then ends when the file is closed,
// so Hangup closes the master at once instead of after the program's next
// output. f is closed; on a failure f itself is returned.
func pollable(f *os.File) *os.File {
	// A copy closed on exec, as Go's own files are: a program started
	// later must not hold this terminal open.
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return f
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		_ = syscall.Close(fd)
		return f
	}
	p := os.NewFile(uintptr(fd), f.Name())
	_ = f.Close()
	return p
}
