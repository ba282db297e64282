package main

import (
	"os"
	"runtime"
	"testing"
)

// TestExportIsPrivateUnlessAsked: an export is 0600 whatever the umask;
// --mode 644 asks for a file others may read; a bad mode is a usage error.
func TestExportIsPrivateUnlessAsked(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have ACLs, not modes")
	}
	id := exportHost(t)
	for _, c := range []struct {
		args []string
		file string
		mode os.FileMode
	}{
		{[]string{"-o", "default.md"}, "default.md", 0o600},
		{[]string{"-o", "shared.md", "--mode", "644"}, "shared.md", 0o644},
		{[]string{}, "barn-plans-q4.md", 0o600},
	} {
		if code, _, errw := runExportTest(t, append([]string{"--session", id}, c.args...)...); code != 0 {
			t.Fatalf("%v: exit %d, %q", c.args, code, errw)
		}
		if st, err := os.Stat(c.file); err != nil || st.Mode().Perm() != c.mode {
			t.Errorf("%v: %s has mode %v (%v), want %v", c.args, c.file, st.Mode().Perm(), err, c.mode)
		}
	}
	if code, _, _ := runExportTest(t, "--session", id, "-o", "x.md", "--mode", "rw"); code != 2 {
		t.Errorf("--mode rw: exit %d, want 2", code)
	}
}
