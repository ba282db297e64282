package statefile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ReadPrivate reads the private file at path, at most max bytes. It opens
// the file without following a symbolic link and without blocking, and
// refuses anything but a regular file, a file another user owns, and a file
// larger than max; a file of ours that others may read is made 0600 first.
// A missing file is an error wrapping fs.ErrNotExist.
func ReadPrivate(path string, max int64) ([]byte, error) {
	return read(path, max, true)
}

// ReadShared reads a file of ours that holds no secret (the configuration
// file), at most max bytes: the same checks as ReadPrivate, but a file
// others may read is left so; one others may write is refused.
func ReadShared(path string, max int64) ([]byte, error) {
	return read(path, max, false)
}

// read is ReadPrivate (private true) or ReadShared.
func read(path string, max int64, private bool) ([]byte, error) {
	f, err := openNoFollow(path)
	if err != nil {
		if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			return nil, fmt.Errorf("%s is a symbolic link: vehicle never follows one in place of its files; replace it with the file itself", path)
		}
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if err := check(path, st, max, private); err != nil {
		return nil, err
	}
	if private && hasModes() && st.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			return nil, fmt.Errorf("cannot make %s private (mode 0600): %w", path, err)
		}
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if int64(len(b)) > max {
		return nil, tooLarge(path, max)
	}
	return b, nil
}

// check refuses an opened file that is not one of ours to read.
func check(path string, st fs.FileInfo, max int64, private bool) error {
	switch {
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file but %s: vehicle reads only a plain file there; remove it", path, kind(st.Mode()))
	case !ownedByUs(st):
		return fmt.Errorf("%s belongs to another user (%s): vehicle reads only files of its own; remove it", path, ownerOf(st))
	case !private && hasModes() && st.Mode().Perm()&0o022 != 0:
		return fmt.Errorf("others may write %s (mode %04o), so anyone could change your settings: chmod go-w %s", path, st.Mode().Perm(), path)
	case st.Size() > max:
		return tooLarge(path, max)
	}
	return nil
}

// tooLarge refuses a file past the size vehicle reads there.
func tooLarge(path string, max int64) error {
	return fmt.Errorf("%s is larger than %d bytes, more than vehicle keeps there: move it away", path, max)
}

// kind names what a file that is not a regular one is, for a message.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a plain file"
}
