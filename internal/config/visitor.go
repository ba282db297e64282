package config

import (
	"errors"
	"fmt"
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

// StateDir is the folder vehicle keeps its state in:
// $XDG_STATE_HOME/vehicle, else $HOME/.local/state/vehicle. A relative
// XDG_STATE_HOME is ignored, as the XDG spec says.
func StateDir(env Env) (string, error) {
	if x, _ := env.lookup("XDG_STATE_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "vehicle"), nil
	}
	if h, _ := env.lookup("HOME"); h != "" {
		return filepath.Join(h, ".local", "state", "vehicle"), nil
	}
	return "", errors.New("cannot find a folder for the visitor id: set XDG_STATE_HOME or HOME, or give one with " + giveVisitor)
}

// VisitorID returns the visitor id kept in dir/visitor-id, creating it (a
// random id, mode 0600, in a folder of mode 0700) the first time, so a
// visitor is the same from one ride to the next.
func VisitorID(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("cannot make the folder for the visitor id %s: %w; fix its permissions or give one with "+giveVisitor, dir, err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return "", fmt.Errorf("cannot make %s private (mode 0700): %w", dir, err)
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

// readVisitorID reads and checks a visitor id file, making it private if it
// is not.
func readVisitorID(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file: remove it and ride again for a new visitor id", path)
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, 0o600); err != nil {
			return "", fmt.Errorf("cannot make %s private (mode 0600): %w", path, err)
		}
	}
	b, err := os.ReadFile(path)
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
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), 0o600)); err != nil {
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
