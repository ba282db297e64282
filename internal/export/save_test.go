package export_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/export"
)

// TestSaveDefault takes the title's name, then the id's, then refuses;
// with force it replaces the first, whole.
func TestSaveDefault(t *testing.T) {
	dir := t.TempDir()
	title := "Barn plans"
	snap := &client.Snapshot{Session: client.Summary{SessionID: "s-42", Title: &title}}
	for _, want := range []string{"barn-plans.md", "session-s-42.md"} {
		if got, err := export.SaveDefault(dir, snap, export.Markdown, false, export.DefaultPerm); err != nil || filepath.Base(got) != want {
			t.Fatalf("got %q, %v; want %q", got, err, want)
		}
	}
	if _, err := export.SaveDefault(dir, snap, export.Markdown, false, export.DefaultPerm); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("a third export = %v, want fs.ErrExist", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "barn-plans.md"), []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := export.SaveDefault(dir, snap, export.Markdown, true, export.DefaultPerm); err != nil || filepath.Base(got) != "barn-plans.md" {
		t.Fatalf("with force: %q, %v", got, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "barn-plans.md")); string(b) == "old" {
		t.Errorf("force did not replace the file")
	}
	if extra, _ := filepath.Glob(filepath.Join(dir, ".*")); len(extra) > 0 {
		t.Errorf("temporary files left: %v", extra)
	}
}
