package tui

import (
	"os"
	"strings"
	"testing"

	gold "github.com/sophia-labs/vehicle/internal/golden"
)

// wallDocs are where the docs show the wall; the screen follows the marker
// in a fenced block.
var wallDocs = []string{"../docs/tui.md", "../README.md"}

// wallMarker precedes the wall's screen in the docs.
const wallMarker = "<!-- the wall at 160x48: go test ./tui -run TestDocsShowTheWall -update -->"

// TestDocsShowTheWall: three sessions open at 160x48 lay out as a wall (two
// side by side over one, or three across), the focused one with the
// composer, a chime marking another; docs/tui.md and the README show this
// very screen.
func TestDocsShowTheWall(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 160, 48, "Census of the herd", "Fence repairs", "Grazing plan")
	everyTileDrives(a)
	bo := person(t, srv, "bo-token", "cli-bo")
	if _, err := bo.Chime(t.Context(), ids[2], "the north fence is down again"); err != nil {
		t.Fatal(err)
	}
	s := a.see("▸ you type here · Census of the herd", "Fence repairs · chat", "! Grazing plan", "a chime waits for you", "● live")
	if _, _, shown := a.m.screen.Grid(); shown != 3 {
		t.Fatalf("three sessions at 160x48 show %d tiles:\n%s", shown, s)
	}
	for _, doc := range wallDocs {
		checkShown(t, doc, s)
	}
}

// checkShown compares the screen shown in doc after wallMarker with s, or
// with -update writes s there.
func checkShown(t *testing.T, doc, s string) {
	t.Helper()
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(b), wallMarker+"\n```text\n")
	if !ok {
		t.Fatalf("%s has no %q followed by a ```text block", doc, wallMarker)
	}
	shown, after, ok := strings.Cut(rest, "```\n")
	if !ok {
		t.Fatalf("%s: the wall's block does not end", doc)
	}
	if *update {
		if err := os.WriteFile(doc, []byte(before+wallMarker+"\n```text\n"+s+"```\n"+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if line, want, got, same := gold.FirstDiff(shown, s); !same {
		t.Errorf("%s shows another wall than the UI draws (line %d: %q, drawn %q): go test ./tui -run TestDocsShowTheWall -update\nthe UI draws:\n%s",
			doc, line, want, got, s)
	}
}
