package statefile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRecentKeepsTheLastSessions: nothing kept reads as none; a set saved
// reads back in its order, per host and graph, from a private file.
func TestRecentKeepsTheLastSessions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "recent")
	r := NewRecent(dir, "https://a.example demo")
	if ids, err := r.Load(); err != nil || ids != nil {
		t.Fatalf("nothing kept: %v, %v", ids, err)
	}
	if err := r.Save([]string{"s3", "s1", "s2"}); err != nil {
		t.Fatal(err)
	}
	if ids, err := r.Load(); err != nil || !slices.Equal(ids, []string{"s3", "s1", "s2"}) {
		t.Fatalf("read back %v, %v", ids, err)
	}
	if err := os.WriteFile(r.file, []byte("s3\n..\n.\n\ns1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if ids, err := r.Load(); err != nil || !slices.Equal(ids, []string{"s3", "s1"}) {
		t.Fatalf("a file with dot segments read back as %v, %v: no session is named so", ids, err)
	}
	if ids, _ := NewRecent(dir, "https://a.example other").Load(); ids != nil {
		t.Fatalf("another graph's sessions: %v", ids)
	}
	st, err := os.Stat(r.file)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the file: %v, %v", st, err)
	}
}
