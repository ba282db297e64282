//go:build !unix

package main

import (
	"os"
	"syscall"
)

// stopSignals are the signals that end the UI as quitting does.
func stopSignals() []os.Signal { return []os.Signal{os.Interrupt, syscall.SIGTERM} }

// watchTerminal does nothing here: a console that closes ends its
// programs.
func watchTerminal(uintptr, func()) (stop func()) { return func() {} }
