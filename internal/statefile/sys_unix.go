//go:build unix

package statefile

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"syscall"
)

// openNoFollow opens path for reading without following a symbolic link in
// its last element, and without blocking on a FIFO.
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

// ownedByUs reports whether the file st describes belongs to this process's
// user.
func ownedByUs(st fs.FileInfo) bool {
	s, ok := st.Sys().(*syscall.Stat_t)
	return !ok || int(s.Uid) == os.Geteuid()
}

// ownerOf names the owner of the file st describes, for a message.
func ownerOf(st fs.FileInfo) string {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return "uid " + strconv.FormatUint(uint64(s.Uid), 10)
	}
	return "unknown"
}

// hasModes reports whether files here have Unix modes to check.
func hasModes() bool { return true }

// syncDir makes a rename in dir durable. A file system that cannot sync a
// folder (EINVAL, ENOTSUP) is no failure: there is nothing more to do.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}

// processAlive reports whether a process with this id runs (or may: one
// of another user's answers EPERM).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
