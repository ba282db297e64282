//go:build unix

package composer

import (
	"os"
	"strconv"
	"syscall"
)

// closeOnExec marks every descriptor of the process but the standard
// three close-on-exec, so that a program it runs (the editor) inherits
// none: libraries open some without the flag (an input reader's epoll).
func closeOnExec() {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil { // no /proc: the usual range
		for fd := 3; fd < 1024; fd++ {
			syscall.CloseOnExec(fd)
		}
		return
	}
	for _, e := range ents {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}
