//go:build !unix

package statefile

import (
	"fmt"
	"io/fs"
	"os"
)

// openNoFollow opens path for reading, refusing a symbolic link (checked
// just before the open: this system has no O_NOFOLLOW).
func openNoFollow(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is a symbolic link", path)
	}
	return os.Open(path)
}

// ownedByUs is true: this system's files have ACLs, not an owner to check.
func ownedByUs(fs.FileInfo) bool { return true }

// ownerOf names the owner of a file, for a message.
func ownerOf(fs.FileInfo) string { return "unknown" }

// hasModes reports whether files here have Unix modes to check.
func hasModes() bool { return false }

// syncDir does nothing: this system does not sync a folder.
func syncDir(string) error { return nil }

// processAlive reports whether a process with this id runs.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
