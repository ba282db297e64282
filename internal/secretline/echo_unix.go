//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package secretline

import (
	"os"

	"golang.org/x/sys/unix"
)

// echoOff turns off f's echo, keeping line editing (erase, kill) and the
// signal keys (ctrl+c), and returns what puts f back as it was.
func echoOff(f *os.File) (restore func(), err error) {
	fd := int(f.Fd())
	was, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
	if err != nil {
		return nil, err
	}
	quiet := *was
	quiet.Lflag &^= unix.ECHO
	quiet.Lflag |= unix.ICANON | unix.ISIG
	quiet.Iflag |= unix.ICRNL
	if err := unix.IoctlSetTermios(fd, ioctlSetTermios, &quiet); err != nil {
		return nil, err
	}
	return func() { _ = unix.IoctlSetTermios(fd, ioctlSetTermios, was) }, nil
}
