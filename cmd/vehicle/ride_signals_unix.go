//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
)

// rideStopSignals are the signals that stop a ride as the end of its input
// does (a second one closes it at once): SIGINT, SIGTERM and SIGHUP (the
// terminal closed), unless the ride was started with SIGHUP ignored
// (nohup), which means to ride on without the terminal.
func rideStopSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// catchBrokenPipe makes a write to an output whose reader has gone away
// fail with EPIPE, which ends the ride (its leases released, exit 1),
// instead of the SIGPIPE that kills a Go program writing to such a stdout.
// Call the returned function when the ride is over.
func catchBrokenPipe() (restore func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGPIPE)
	return func() { signal.Stop(c) }
}
