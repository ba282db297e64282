package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestExportForceOnAFullDiskKeepsTheOldFile exports with --force over an
// old export on a full disk (a small tmpfs, filled): the command fails,
// says the disk is full and the file is kept, and the old export is whole.
// It needs to mount a tmpfs (root on Linux); else it is skipped with the
// reason (statefile's TestFullDiskKeepsTheOldFile injects the failure).
func TestExportForceOnAFullDiskKeepsTheOldFile(t *testing.T) {
	id := exportHost(t)
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k,mode=0700"); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (%v): needs root on Linux", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, 0) })
	path := filepath.Join(dir, "barn.md")
	if code, _, errw := runExportTest(t, "--session", id, "-o", path); code != 0 {
		t.Fatalf("the first export: exit %d, %q", code, errw)
	}
	old, _ := os.ReadFile(path)
	fill(t, filepath.Join(dir, "filler"))
	code, _, errw := runExportTest(t, "--session", id, "-o", path, "--force")
	if code != 1 || !strings.Contains(errw, "the disk is full") || !strings.Contains(errw, "kept as it was") {
		t.Errorf("--force on a full disk: exit %d, %q", code, errw)
	}
	if got, _ := os.ReadFile(path); len(old) == 0 || !bytes.Equal(got, old) {
		t.Errorf("the old export is %d bytes, was %d", len(got), len(old))
	}
}

// fill writes path until the disk it is on is full.
func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 1024)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
}
