//go:build unix

package statefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadRefusesWhatIsNotOurFile: a link (to a file, to /dev/zero), a
// FIFO (answered at once, never waited on), a device, a file past the
// bound; a missing file is fs.ErrNotExist.
func TestReadRefusesWhatIsNotOurFile(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	if err := os.WriteFile(plain, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	link, zero, fifo, big := filepath.Join(dir, "link"), filepath.Join(dir, "zero"), filepath.Join(dir, "fifo"), filepath.Join(dir, "big")
	_ = os.Symlink(plain, link)
	_ = os.Symlink("/dev/zero", zero)
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, make([]byte, 2048), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ path, says string }{
		"link":      {link, "symbolic link"},
		"dev zero":  {zero, "symbolic link"},
		"fifo":      {fifo, "not a regular file"},
		"device":    {"/dev/null", "not a regular file"},
		"too large": {big, "larger than 1024 bytes"},
	} {
		for _, read := range []func(string, int64) ([]byte, error){ReadPrivate, ReadShared} {
			if _, err := read(c.path, 1024); err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("%s: %v, want an error saying %q", name, err, c.says)
			}
		}
	}
	if _, err := ReadPrivate(filepath.Join(dir, "none"), 1024); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestReadModes: a private file others may read is made 0600; a shared file
// others may write is refused.
func TestReadModes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(path, 0o644)
	if b, err := ReadShared(path, 10); err != nil || string(b) != "x" {
		t.Fatalf("ReadShared of a 0644 file: %q %v", b, err)
	}
	if b, err := ReadPrivate(path, 10); err != nil || string(b) != "x" {
		t.Fatalf("ReadPrivate: %q %v", b, err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("a private file others could read was left %v", st.Mode().Perm())
	}
	_ = os.Chmod(path, 0o666)
	if _, err := ReadShared(path, 10); err == nil || !strings.Contains(err.Error(), "chmod go-w") {
		t.Errorf("a file others may write: %v", err)
	}
}

// TestAnotherUsersFilesAreRefused: a folder and a file another user owns
// (made so with chown, which needs root) are refused.
func TestAnotherUsersFilesAreRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user (chown); TestPlantedStateFolder covers it with a real second user")
	}
	dir := filepath.Join(t.TempDir(), "vehicle")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "draft")
	if err := os.WriteFile(file, []byte("planted"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, file} {
		if err := os.Chown(p, 4242, 4242); err != nil {
			t.Fatal(err)
		}
	}
	if err := PrivateDir(dir); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Errorf("PrivateDir of another user's folder: %v", err)
	}
	if _, err := ReadPrivate(file, 100); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Errorf("ReadPrivate of another user's file: %v", err)
	}
}

// TestPrivateDirMakesAndTightens makes a missing folder 0700, tightens a
// loose one, and refuses a link in its place.
func TestPrivateDirMakesAndTightens(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a", "vehicle")
	if err := PrivateDir(dir); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("made %v", st.Mode().Perm())
	}
	_ = os.Chmod(dir, 0o755)
	if err := PrivateDir(dir); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("left %v", st.Mode().Perm())
	}
	link := filepath.Join(base, "link")
	_ = os.Symlink(dir, link)
	if err := PrivateDir(link); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a link in place of the folder: %v", err)
	}
}
