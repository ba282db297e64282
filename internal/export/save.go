package export

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

// DefaultPerm is an export's mode unless asked otherwise: a transcript is
// the person's own, readable by them alone.
const DefaultPerm fs.FileMode = 0o600

// Save writes snap's transcript to path in format f, with mode perm, whole
// or not at all (statefile.Write): on a full disk or any failure the file
// that was at path is kept as it was, and the error says so. Without force
// an existing file is never replaced: the error then wraps fs.ErrExist and
// says what to do.
func Save(path string, snap *client.Snapshot, f Format, force bool, perm fs.FileMode) error {
	mode := statefile.Keep
	if force {
		mode = statefile.Replace
	}
	err := statefile.Write(path, perm, mode, func(w io.Writer) error { return Write(w, snap, f) })
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists: pass --force to replace it: %w", path, fs.ErrExist)
	}
	return err
}

// SaveDefault saves the export in dir under the first of Names that does
// not exist yet, and returns its path. With force it takes the first name,
// replacing a file of that name.
func SaveDefault(dir string, snap *client.Snapshot, f Format, force bool, perm fs.FileMode) (string, error) {
	names := Names(snap.Session, f)
	if force {
		names = names[:1]
	}
	for _, n := range names {
		path := filepath.Join(dir, n)
		err := Save(path, snap, f, force, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return path, err
	}
	return "", fmt.Errorf("%s already exists in %s: pass --force to replace it, or -o PATH to write elsewhere: %w",
		strings.Join(names, " and "), dir, fs.ErrExist)
}
