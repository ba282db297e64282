//go:build unix

package cli

import (
	"os"
	"os/signal"
	"syscall"
)

// StopSignals are the signals that end a command as its own end does
// (vehicle ride: as the end of its input; the TUI: as quitting): SIGINT,
// SIGTERM, and SIGHUP (its terminal closed) unless the command was started
// with SIGHUP ignored (nohup), which asks it to go on without its terminal.
func StopSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// CatchBrokenPipe makes a write to a stdout or stderr whose reader has gone
// away fail with EPIPE instead of raising the SIGPIPE that kills a Go
// program writing to such a descriptor (exit 141): the write's error is
// then the program's to handle. Call the returned function to restore the
// default. A program this one runs (the editor) starts with the default,
// as the signal is caught, not ignored.
func CatchBrokenPipe() (restore func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGPIPE)
	return func() { signal.Stop(c) }
}
