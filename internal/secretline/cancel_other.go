//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package secretline

import (
	"io"
	"os"

	"github.com/muesli/cancelreader"
)

// cancelable is f as a reader that cannot end a read in progress: on a
// console the reader's own way changes the console's input mode, and a
// cancelled prompt ends the process that asked soon after.
func cancelable(f *os.File) (cancelreader.CancelReader, error) { return uncancelable{f}, nil }

// uncancelable is a reader whose Cancel does nothing.
type uncancelable struct{ io.Reader }

func (uncancelable) Cancel() bool { return false }
func (uncancelable) Close() error { return nil }
