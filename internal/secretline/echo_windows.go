package secretline

import (
	"os"

	"golang.org/x/sys/windows"
)

// echoOff turns off the console's echo, keeping line input and ctrl+c, and
// returns what puts the console back as it was.
func echoOff(f *os.File) (restore func(), err error) {
	h := windows.Handle(f.Fd())
	var was uint32
	if err := windows.GetConsoleMode(h, &was); err != nil {
		return nil, err
	}
	quiet := was&^windows.ENABLE_ECHO_INPUT | windows.ENABLE_LINE_INPUT | windows.ENABLE_PROCESSED_INPUT
	if err := windows.SetConsoleMode(h, quiet); err != nil {
		return nil, err
	}
	return func() { _ = windows.SetConsoleMode(h, was) }, nil
}
