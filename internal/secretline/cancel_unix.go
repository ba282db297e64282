//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package secretline

import (
	"os"

	"github.com/muesli/cancelreader"
)

// cancelable is f as a reader whose read in progress Cancel ends without
// taking input (it waits until f is readable, and reads only then).
func cancelable(f *os.File) (cancelreader.CancelReader, error) { return cancelreader.NewReader(f) }
