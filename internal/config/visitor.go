package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/statefile"
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
// place, or a folder of another user, is refused, never followed
// (statefile.PrivateDir).
func PrivateDir(dir string) error { return statefile.PrivateDir(dir) }

// readVisitorID reads and checks a visitor id file, making it private if it
// is not: never through a link, never a file of another user
// (statefile.ReadPrivate).
func readVisitorID(path string) (string, error) {
	b, err := statefile.ReadPrivate(path, maxVisitorID+2)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", err
	case err != nil:
		return "", fmt.Errorf("cannot use the visitor id: %w (or remove it and ride again for a new id)", err)
	}
	id := strings.TrimSpace(string(b))
	if err := CheckVisitorID(id); err != nil {
		return "", fmt.Errorf("%s does not hold a usable visitor id (%v): remove it and ride again for a new one", path, err)
	}
	return id, nil
}

// createVisitorID writes a new random id to path, whole and only if there
// is none yet, so a ride started at the same moment reads either nothing or
// the whole id, and the first one written wins.
func createVisitorID(dir, path string) error {
	err := statefile.Write(path, 0o600, statefile.Keep, func(w io.Writer) error {
		_, err := io.WriteString(w, client.RandomID()+client.RandomID()+"\n")
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("cannot keep a visitor id in %s: %w; fix its permissions or give one with "+giveVisitor, dir, err)
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
