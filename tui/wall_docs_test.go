package tui

import (
	"os"
	"strings"
	"testing"
)

// wallDocs is where docs/tui.md shows the wall; the screen follows the
// marker in a fenced block.
const (
	wallDocs   = "../docs/tui.md"
	wallMarker = "<!-- the wall at 160x48: go test ./tui -run TestDocsShowTheWall -update -->"
)

// TestDocsShowTheWall: three sessions open at 160x48 lay out as a wall (two
// side by side over one, or three across), the focused one with the
// composer, a chime marking another; docs/tui.md shows this very screen.
func TestDocsShowTheWall(t *testing.T) {
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 160, 48, "Census of the herd", "Fence repairs", "Grazing plan")
	a.see("you drive")
	bo := person(t, srv, "bo-token", "cli-bo")
	if _, err := bo.Chime(t.Context(), ids[2], "the north fence is down again"); err != nil {
		t.Fatal(err)
	}
	s := a.see("▸ you type here · Census of the herd", "Fence repairs · chat", "! Grazing plan", "a chime waits for you")
	if a.m.wall.shown != 3 {
		t.Fatalf("three sessions at 160x48 show %d tiles:\n%s", a.m.wall.shown, s)
	}
	b, err := os.ReadFile(wallDocs)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(b), wallMarker+"\n```text\n")
	if !ok {
		t.Fatalf("%s has no %q followed by a ```text block", wallDocs, wallMarker)
	}
	shown, after, ok := strings.Cut(rest, "```\n")
	if !ok {
		t.Fatalf("%s: the wall's block does not end", wallDocs)
	}
	if *update {
		doc := before + wallMarker + "\n```text\n" + s + "```\n" + after
		if err := os.WriteFile(wallDocs, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if shown != s {
		t.Errorf("%s shows another wall than the UI draws: go test ./tui -run TestDocsShowTheWall -update\nthe UI draws:\n%s", wallDocs, s)
	}
}
