//go:build !unix

package config

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
