package statefile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRealFullDisk writes a 63 KB file over an 18 KB one on a 48 KiB tmpfs,
// which fills mid-write: the old file is whole and the error says the disk
// is full. It needs to mount a tmpfs (root, and a system that lets it);
// otherwise it is skipped with the reason, and TestFullDiskKeepsTheOldFile
// covers the same with an injected failure.
func TestRealFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=48k,mode=0700"); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (%v): needs root on Linux; TestFullDiskKeepsTheOldFile injects the failure instead", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, 0) })
	path := filepath.Join(dir, "draft.txt")
	old, next := words(18<<10, "kept"), words(63<<10, "lost")
	if err := WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, next, 0o600)
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "kept as it was") {
		t.Errorf("writing past a full disk: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
		t.Errorf("the old file changed: %d bytes, want %d", len(got), len(old))
	}
	if extra := leftovers(t, dir, "draft.txt"); len(extra) > 0 {
		t.Errorf("left behind: %v", extra)
	}
}
