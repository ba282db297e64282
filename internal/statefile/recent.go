package statefile

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// maxRecent bounds the recent sessions file read back.
const maxRecent = 64 << 10

// Recent keeps which sessions a person had open last on one host and graph
// in one terminal (one file per key, the three of them, named by a hash, in
// a private folder): what `vehicle --continue` opens again and the picker
// offers. It implements tui.Recent.
type Recent struct {
	state string // the state folder, checked as the recent folder is
	dir   string
	file  string
}

// NewRecent keeps the recent sessions of key (a host, a graph and a
// terminal) in the
// state folder's recent/; both folders are made private (0700) when
// missing, and checked at each load and save.
func NewRecent(state, key string) *Recent {
	sum := sha256.Sum256([]byte(key))
	dir := filepath.Join(state, RecentDir)
	return &Recent{state: state, dir: dir, file: filepath.Join(dir, hex.EncodeToString(sum[:12])+".recent")}
}

// Load is the sessions open last, in their order; none when nothing was
// kept.
func (r *Recent) Load() ([]string, error) {
	if err := privateDirs(r.state, r.dir); err != nil {
		return nil, err
	}
	b, err := ReadPrivate(r.file, maxRecent)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "." && l != ".." { // no session is named by a dot segment
			ids = append(ids, l)
		}
	}
	return ids, nil
}

// Save keeps ids as the sessions open last, whole or not at all.
func (r *Recent) Save(ids []string) error {
	if err := privateDirs(r.state, r.dir); err != nil {
		return err
	}
	return WriteFile(r.file, []byte(strings.Join(ids, "\n")+"\n"), 0o600)
}
