package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// click is a left click at column x, line y.
func click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

// lineOf is the screen line that holds text, -1 when none.
func lineOf(m *Model, text string) int {
	for i, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	return -1
}

// TestClickOpensAToolChip: a click on a tool chip's line opens the chip,
// another closes it; the key (o in the entries) does the same.
func TestClickOpensAToolChip(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	y := lineOf(m, "⚙ search_documents")
	if y < 0 {
		t.Fatalf("no chip on screen:\n%s", screen(m))
	}
	feed(m, click(4, y))
	if !strings.Contains(screen(m), "arguments") {
		t.Fatalf("the click did not open the chip:\n%s", screen(m))
	}
	feed(m, click(4, lineOf(m, "⚙ search_documents")))
	if strings.Contains(screen(m), "arguments") {
		t.Fatalf("a second click did not close the chip:\n%s", screen(m))
	}
}

// TestClickFocusesATileAndAPane: on a wall, a click on a tile gives it the
// focus; a click on the room pane focuses the room, on the composer the
// composer.
func TestClickFocusesATileAndAPane(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	y := lineOf(a.m, " Beta · ")
	a.send(click(10, y+2))
	a.see("▸ you type here · Beta")
	bo := person(t, srv, "bo-token", "cli-bo")
	if _, err := bo.Chime(t.Context(), a.m.tiles.Focused().ID(), "a thought"); err != nil {
		t.Fatal(err)
	}
	a.see("✉ chimes · 1 pending")
	a.send(click(5, lineOf(a.m, "✉ chimes")))
	if a.m.focus != focusRoom {
		t.Fatalf("a click on the room focused %d", a.m.focus)
	}
	a.send(click(5, lineOf(a.m, "╎ the keys are in the room pane")))
	if a.m.focus != focusSession {
		t.Fatalf("a click on the composer focused %d", a.m.focus)
	}
}

// TestWheelScrollsTheTileUnderThePointer: on a wall, the wheel over a tile
// without the focus scrolls that tile, and leaves the focused one.
func TestWheelScrollsTheTileUnderThePointer(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a, ids := wallOf(t, srv, 100, 30, "Alpha", "Beta")
	direct := person(t, srv, "ada-token", "cli-direct")
	if _, err := direct.Claim(t.Context(), ids[1], client.Takeover()); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, err := direct.Prompt(t.Context(), ids[1], "more "+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
	}
	a.see("You said: more f")
	beta := a.m.tiles.All()[1]
	y := lineOf(a.m, " Beta · ")
	a.send(tea.MouseWheelMsg{X: 10, Y: y + 3, Button: tea.MouseWheelUp})
	if viewOf(beta).Following() || !viewOf(a.m.tiles.All()[0]).Following() {
		t.Fatalf("the wheel over Beta: Beta follows %v, Alpha follows %v", viewOf(beta).Following(), viewOf(a.m.tiles.All()[0]).Following())
	}
	if a.m.tiles.Focused() != a.m.tiles.All()[0] {
		t.Fatal("the wheel moved the focus")
	}
}

// TestWheelMovesTheRoomsSelection: the wheel over the room pane selects
// the next chime (and back), and scrolls no transcript.
func TestWheelMovesTheRoomsSelection(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-wall")
	id := newSession(t, ada, "Alpha")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "room", cfg, 100, 30)
	a.see("you drive")
	bo := person(t, srv, "bo-token", "cli-bo")
	for _, text := range []string{"first thought", "second thought"} {
		if _, err := bo.Chime(t.Context(), id, text); err != nil {
			t.Fatal(err)
		}
	}
	a.see("✉ chimes · 2 pending")
	y := lineOf(a.m, "✉ chimes")
	a.send(tea.MouseWheelMsg{X: 5, Y: y + 1, Button: tea.MouseWheelDown})
	if got := a.m.room.Selected(); got != 1 {
		t.Fatalf("the wheel down over the room selects chime %d, want 1", got)
	}
	a.send(tea.MouseWheelMsg{X: 5, Y: y + 1, Button: tea.MouseWheelDown})
	if got := a.m.room.Selected(); got != 1 {
		t.Fatalf("the wheel went past the last chime: %d", got)
	}
	a.send(tea.MouseWheelMsg{X: 5, Y: y + 1, Button: tea.MouseWheelUp})
	if got := a.m.room.Selected(); got != 0 || !a.m.transcript.Following() {
		t.Fatalf("the wheel up over the room: chime %d, the transcript follows %v", got, a.m.transcript.Following())
	}
}

// TestClickSelectsInThePicker: a click selects a session, a double click
// opens it.
func TestClickSelectsInThePicker(t *testing.T) {
	t.Parallel()
	m := picking(t, 80, 24)
	y := lineOf(m, "Bo's notes")
	feed(m, click(10, y))
	if got := m.picker.SelectedID(); got != "s1" {
		t.Fatalf("the click selected %q, want s1", got)
	}
	_, cmd := m.Update(click(10, y))
	if cmd == nil || m.tiles.Focused() == nil || m.tiles.Focused().ID() != "s1" {
		t.Fatalf("the double click opened %v", m.tiles.Focused())
	}
}
