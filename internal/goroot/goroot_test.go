package goroot

import (
	"os"
	"path/filepath"
	"testing"
)

// The root the go command names holds the standard library's sources.
func TestDirHoldsTheSources(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "src", "fmt", "print.go")); err != nil {
		t.Fatalf("%s holds no standard library sources: %v", dir, err)
	}
}
