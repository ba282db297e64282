//go:build unix

package main

import "golang.org/x/sys/unix"

// watchTerminal calls gone once the terminal on fd is hung up (closed: its
// reads end, its writes fail), whether or not SIGHUP came. It waits in
// poll(2), which wakes only for that or for stop, and reads nothing. Call
// stop when the UI is over.
func watchTerminal(fd uintptr, gone func()) (stop func()) {
	var p [2]int
	if err := unix.Pipe(p[:]); err != nil {
		return func() {}
	}
	unix.CloseOnExec(p[0]) // a program the UI runs (the editor) inherits neither end
	unix.CloseOnExec(p[1])
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer unix.Close(p[0])
		fds := []unix.PollFd{{Fd: int32(fd)}, {Fd: int32(p[0]), Events: unix.POLLIN}}
		for {
			_, err := unix.Poll(fds, -1)
			switch {
			case err == unix.EINTR:
				continue
			case err != nil, fds[1].Revents != 0, fds[0].Revents&unix.POLLNVAL != 0:
				return // stopped, or a terminal poll cannot watch (macOS)
			case fds[0].Revents&(unix.POLLHUP|unix.POLLERR) != 0:
				gone()
				return
			}
		}
	}()
	return func() {
		_, _ = unix.Write(p[1], []byte{0})
		<-done
		_ = unix.Close(p[1])
	}
}
