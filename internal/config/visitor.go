package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// VisitorIDFile is the name of the file that keeps the visitor id, in the
// state folder (see StateDir).
const VisitorIDFile = "visitor-id"

// maxVisitorID bounds a visitor id, from the file or --visitor-id.
const maxVisitorID = 128

// VisitorID returns the visitor id kept in dir/visitor-id, creating it (a
// random id, mode 0600, in a folder of mode 0700) the first time, so a
// visitor is the same from one ride to the next. A symbolic link in place of
// the folder or the file is refused, never followed.
func VisitorID(dir string) (string, error) {
	if err := PrivateDir(dir); err != nil {
		return "", fmt.Errorf("%w; or give a visitor id with "+giveVisitor, err)
	}
	path := filepath.Join(dir, VisitorIDFile)
	id, err := readVisitorID(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return id, err
	}
	if err := createVisitorID(dir, path); err != nil {
		return "", err
	}
	return readVisitorID(path)
}

// PrivateDir makes dir, and its missing parents, with mode 0700, and makes
// an existing dir 0700 if it is looser. A symbolic link or a file in its
// place is refused, never followed.
func PrivateDir(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return fmt.Errorf("cannot make the folder %s: %w; fix its permissions", filepath.Dir(dir), err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("cannot make the folder %s: %w; fix its permissions", dir, err)
	}
	st, err := os.Lstat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot use the folder %s: %w", dir, err)
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link, not a folder: vehicle keeps its state in a private folder of its own; remove the link", dir)
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder: remove it, and vehicle makes a private folder there", dir)
	case st.Mode().Perm() == 0o700:
		return nil
	}
	d, err := openNoFollow(dir)
	if err != nil {
		return fmt.Errorf("cannot make %s private (mode 0700): %w", dir, err)
	}
	defer d.Close()
	if err := d.Chmod(0o700); err != nil {
		return fmt.Errorf("cannot make %s private (mode 0700): %w", dir, err)
	}
	return nil
}

// readVisitorID reads and checks a visitor id file, making it private if it
// is not. The file is opened without following a link, and only the opened
// file is changed.
func readVisitorID(path string) (string, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file (a link or a device is never followed): remove it and ride again for a new visitor id", path)
	}
	f, err := openNoFollow(path)
	if err != nil {
		return "", fmt.Errorf("cannot read the visitor id from %s: %w; remove it and ride again for a new one", path, err)
	}
	defer f.Close()
	if fst, err := f.Stat(); err != nil || !os.SameFile(st, fst) {
		return "", fmt.Errorf("%s changed while it was read: remove it and ride again for a new visitor id", path)
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			return "", fmt.Errorf("cannot make %s private (mode 0600): %w", path, err)
		}
	}
	b, err := io.ReadAll(io.LimitReader(f, maxVisitorID+2))
	if err != nil {
		return "", fmt.Errorf("cannot read the visitor id from %s: %w", path, err)
	}
	id := strings.TrimSpace(string(b))
	if err := CheckVisitorID(id); err != nil {
		return "", fmt.Errorf("%s does not hold a usable visitor id (%v): remove it and ride again for a new one", path, err)
	}
	return id, nil
}

// createVisitorID writes a new random id to path, atomically: a temporary
// file linked into place, so a ride started at the same moment reads either
// nothing or the whole id, and the first one written wins.
func createVisitorID(dir, path string) error {
	tmp, err := os.CreateTemp(dir, ".visitor-id-*")
	if err != nil {
		return fmt.Errorf("cannot write a visitor id in %s: %w; fix its permissions or give one with "+giveVisitor, dir, err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(client.RandomID() + client.RandomID() + "\n")
	merr := tmp.Chmod(0o600)
	cerr := tmp.Close()
	if err := errors.Join(werr, merr, cerr); err != nil {
		return fmt.Errorf("cannot write a visitor id in %s: %w", dir, err)
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("cannot keep the visitor id in %s: %w", path, err)
	}
	return nil
}

// CheckVisitorID accepts an id that can travel in a header: 1 to 128
// printable ASCII characters, no spaces.
func CheckVisitorID(id string) error {
	if id == "" || len(id) > maxVisitorID {
		return fmt.Errorf("a visitor id has 1 to %d characters", maxVisitorID)
	}
	for _, r := range id {
		if r <= ' ' || r > '~' {
			return errors.New("a visitor id has printable ASCII characters only, no spaces")
		}
	}
	return nil
}
