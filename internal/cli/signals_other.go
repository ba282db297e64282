//go:build !unix

package cli

import (
	"os"
	"syscall"
)

// StopSignals are the signals that end a command as its own end does.
func StopSignals() []os.Signal { return []os.Signal{os.Interrupt, syscall.SIGTERM} }

// CatchBrokenPipe does nothing here: a write to a closed pipe fails with
// an error, and kills nothing.
func CatchBrokenPipe() (restore func()) { return func() {} }
