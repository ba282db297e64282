//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package secretline

import (
	"errors"
	"os"
)

// echoOff cannot turn echo off on this system.
func echoOff(*os.File) (func(), error) {
	return nil, errors.New("cannot turn a terminal's echo off on this system")
}
