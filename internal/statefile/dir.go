package statefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// PrivateDir makes dir, and its missing parents, with mode 0700, and makes
// an existing dir 0700 if it is looser. A symbolic link or a file in its
// place, or a folder another user owns, is refused, never followed or used.
func PrivateDir(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return fmt.Errorf("cannot make the folder %s: %w; fix its permissions", filepath.Dir(dir), err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("cannot make the folder %s: %w; fix its permissions", dir, err)
	}
	return CheckDir(dir)
}

// privateDirs makes each of dirs private (PrivateDir), in order: the state
// folder first, then the folders in it. A folder that is checked alone is
// no safer than the one it is in: another user who owns the state folder
// (one they made first under a shared XDG_STATE_HOME) could move the
// folders in it away and put theirs in their place.
func privateDirs(dirs ...string) error {
	for _, dir := range dirs {
		if err := PrivateDir(dir); err != nil {
			return err
		}
	}
	return nil
}

// CheckDir checks that the existing folder dir is a private folder of ours,
// making it 0700 if it is looser: the check PrivateDir ends with, for a
// folder that is read and not made (the configuration's).
func CheckDir(dir string) error {
	st, err := os.Lstat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot use the folder %s: %w", dir, err)
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link, not a folder: vehicle keeps its files in a private folder of its own; remove the link", dir)
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder: remove it, and vehicle makes a private folder there", dir)
	case !ownedByUs(st):
		return fmt.Errorf("the folder %s belongs to another user (%s), who could plant files in it or read yours: vehicle uses only a folder of its own; remove it (as that user or root) and run vehicle again",
			dir, ownerOf(st))
	case st.Mode().Perm() == 0o700 || !hasModes():
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
