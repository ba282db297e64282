//go:build !unix

package main

import (
	"os"
	"syscall"
)

// rideStopSignals are the signals that stop a ride as the end of its input
// does (a second one closes it at once).
func rideStopSignals() []os.Signal { return []os.Signal{os.Interrupt, syscall.SIGTERM} }

// catchBrokenPipe does nothing here: a write to a closed pipe fails with an
// error, which ends the ride, and kills nothing.
func catchBrokenPipe() (restore func()) { return func() {} }
