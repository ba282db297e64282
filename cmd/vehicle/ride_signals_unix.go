//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
)

// catchBrokenPipe makes a write to an output whose reader has gone away
// fail with EPIPE, which ends the ride (its leases released, exit 1),
// instead of the SIGPIPE that kills a Go program writing to such a stdout.
// Call the returned function when the ride is over.
func catchBrokenPipe() (restore func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGPIPE)
	return func() { signal.Stop(c) }
}
