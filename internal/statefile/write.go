package statefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Mode says what Write does when the file exists already.
type Mode int

const (
	// Replace puts the new file in the old one's place, in one step.
	Replace Mode = iota
	// Keep leaves an existing file alone: Write then fails with an error
	// wrapping fs.ErrExist.
	Keep
)

// WriteFile writes data to path whole or not at all, with mode perm,
// replacing the file there (see Write).
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, Replace, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write writes the file at path whole or not at all: fill writes the
// content to a temporary file in the same folder (mode 0600), which is
// synced, given mode perm and renamed to path (Replace), or linked there only
// if nothing is (Keep); then the folder is synced. A symbolic link at path
// is replaced itself, never followed. On any failure (fill's error, a full
// disk, a failed sync) the temporary file is removed, the file at path is
// as it was, and the error says so.
func Write(path string, perm fs.FileMode, mode Mode, fill func(io.Writer) error) error {
	return write(path, perm, mode, fill, nil)
}

// wrapWriter stands between a temporary file and what fills it: the tests'
// way to make a disk full.
type wrapWriter func(io.Writer) io.Writer

// write is Write, with the temporary file's writer wrapped by wrap when not
// nil.
func write(path string, perm fs.FileMode, mode Mode, fill func(io.Writer) error, wrap wrapWriter) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return writeError(path, mode, "cannot create a temporary file beside it", err)
	}
	name := tmp.Name()
	defer os.Remove(name) // gone after the rename or link; removed on a failure
	var w io.Writer = tmp
	if wrap != nil {
		w = wrap(tmp)
	}
	ferr := fill(w)
	serr := tmp.Sync()
	merr := tmp.Chmod(perm)
	cerr := tmp.Close()
	if err := errors.Join(ferr, serr, merr, cerr); err != nil {
		return writeError(path, mode, "cannot write it", err)
	}
	if err := place(name, path, mode); err != nil {
		return err
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("wrote %s, but cannot sync its folder (%w): it may be lost if the system stops now", path, err)
	}
	return nil
}

// place puts the written temporary file at path: a rename (Replace), or a
// link that fails on an existing file (Keep). A file system without links
// falls back to a rename after a check, which a writer at the same moment
// could race.
func place(tmp, path string, mode Mode) error {
	if mode == Replace {
		if err := os.Rename(tmp, path); err != nil {
			return writeError(path, mode, "cannot put the new file in its place", err)
		}
		return nil
	}
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s already exists: %w", path, fs.ErrExist)
	}
	if _, serr := os.Lstat(path); serr == nil {
		return fmt.Errorf("%s already exists: %w", path, fs.ErrExist)
	}
	if err := os.Rename(tmp, path); err != nil {
		return writeError(path, mode, "cannot put the new file in its place", err)
	}
	return nil
}

// writeError says what failed while writing path, that the old file (if
// any) is kept, and, for a full disk, what to do.
func writeError(path string, mode Mode, what string, err error) error {
	kept := "the file there is kept as it was"
	if mode == Keep {
		kept = "nothing was written"
	}
	if errors.Is(err, syscall.ENOSPC) {
		return fmt.Errorf("cannot write %s: the disk is full (%w): %s; free some space and try again", path, err, kept)
	}
	return fmt.Errorf("cannot write %s: %s (%w): %s", path, what, err, kept)
}
