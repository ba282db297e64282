package tui

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// The wall (item 14): each of its words true for the tile it is on.

// TestWallUnfocusedTileNamesNoKey: an unfocused tile scrolled up says where
// it is, but names no key: the keys act on the focused tile.
func TestWallUnfocusedTileNamesNoKey(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 120, 16, "Beta", "Alpha")
	a.send(keyPgUp)
	a.see("ctrl+end follows")
	a.send(keyAltRight)
	s := a.see("▸ you type here · Alpha", "message 1 of 3")
	if strings.Contains(s, "ctrl+end follows") {
		t.Errorf("the unfocused tile scrolled up names a key that acts on another:\n%s", s)
	}
}

// TestWallMarkedTileKeepsItsReason: a long title is cut so that why the
// tile is marked still shows whole.
func TestWallMarkedTileKeepsItsReason(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 120, 16, "Beta", "Alpha")
	everyTileDrives(a)
	long := "Alpha " + strings.Repeat("with a very long title that goes on ", 4)
	if _, err := person(t, srv, "ada-token", "cli-wall").Rename(t.Context(), ids[1], &long); err != nil {
		t.Fatal(err)
	}
	a.see("Alpha with a very long")
	if _, err := person(t, srv, "bo-token", "cli-bo").Chime(t.Context(), ids[1], "look at the census"); err != nil {
		t.Fatal(err)
	}
	a.see("! Alpha with a very long", "… · a chime waits for you\n") // the whole reason, the title cut
}

// TestWallQuitWarnsOfARunElsewhere: the first ctrl+c says that a run under
// way in another tile this terminal drives goes on with nobody driving.
func TestWallQuitWarnsOfARunElsewhere(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 120, 30, "Beta", "Alpha")
	everyTileDrives(a)
	if _, err := person(t, srv, "ada-token", "cli-wall").Prompt(t.Context(), ids[1], "hold on #hold"); err != nil {
		t.Fatal(err)
	}
	a.until("the run under way in Alpha", func(string) bool {
		st := a.m.tiles.All()[1].State()
		return st != nil && st.Run == client.RunRunning
	})
	a.send(keyCtrlC)
	a.see("ctrl+c again quits, but a run is under way in “Alpha” (another tile)")
	srv.Proceed(ids[1])
}

// TestWallKeepsNewSessionsAndForks: ctrl+n and a fork made from a wall
// open the new session as a tile of it, focused, and say so.
func TestWallKeepsNewSessionsAndForks(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 160, 40, "Beta", "Alpha")
	everyTileDrives(a)
	a.send(keyAltRight)
	a.see("▸ you type here · Alpha")
	if _, err := person(t, srv, "bo-token", "cli-bo").Chime(t.Context(), ids[0], "look at the census"); err != nil {
		t.Fatal(err)
	}
	a.see("! Beta · a chime waits for you")
	a.send(keyCtrlN)
	a.see("New session")
	a.send(keyEnter)
	a.see("is new: it joined the wall: 3 sessions open", "! Beta · a chime waits for you") // the mark stays
	if n, id := len(a.m.tiles.All()), a.m.tiles.Focused().ID(); n != 3 || id == ids[0] || id == ids[1] {
		t.Fatalf("after ctrl+n the wall has %d tiles, the focus on %s", n, id)
	}
	a.send(keyAltRight) // round to Beta, the first tile
	a.see("▸ you type here · Beta")
	a.send(keyTab, keyTab, keyUp)
	a.send(press('f'), keyEnter)
	a.see("forked as", "it joined the wall: 4 sessions open")
	if n := len(a.m.tiles.All()); n != 4 {
		t.Fatalf("after the fork the wall has %d tiles", n)
	}
}
