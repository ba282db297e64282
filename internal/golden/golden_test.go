package golden

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFirstDiff(t *testing.T) {
	cases := []struct {
		want, got string
		line      int
		ok        bool
	}{
		{"a\nb\n", "a\nb\n", 0, true},
		{"a\nb\n", "a\nc\n", 2, false},
		{"a\n", "a\nb\n", 2, false},
		{"a\nb", "a\n", 2, false},
	}
	for _, c := range cases {
		line, _, _, ok := FirstDiff(c.want, c.got)
		if line != c.line || ok != c.ok {
			t.Errorf("FirstDiff(%q, %q) = %d %v, want %d %v", c.want, c.got, line, ok, c.line, c.ok)
		}
	}
}

// recorder is a testing.TB that keeps failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

func TestCheckWritesThenCompares(t *testing.T) {
	path := filepath.Join(t.TempDir(), "case", "x.golden")
	Check(t, path, "one\n", true)
	if b, err := os.ReadFile(path); err != nil || string(b) != "one\n" {
		t.Fatalf("update wrote %q %v", b, err)
	}
	Check(t, path, "one\n", false)
	r := &recorder{TB: t}
	Check(r, path, "two\n", false)
	if !r.failed {
		t.Error("a difference did not fail")
	}
}
