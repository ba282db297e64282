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
