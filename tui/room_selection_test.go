package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestRoomSelectionStaysVisible is trap 2: with a dozen chimes waiting,
// the selected one is always on screen and marked, the status names the
// chime a key acts on, and a long chime can be read whole.
func TestRoomSelectionStaysVisible(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	for i := 1; i <= 12; i++ {
		text := fmt.Sprintf("chime number %d", i)
		if i == 1 {
			text = "the first chime is long: " + strings.Repeat("every word of it matters to the driver ", 8) + "THE END"
		}
		feed(m, chimeArrives(m, int64(4+i), fmt.Sprintf("c%d", i), fmt.Sprintf("P%d", i), text))
	}
	visible := func(i int, after string) {
		t.Helper()
		want := fmt.Sprintf("▸ P%d · 09:30  chime number %d", i, i)
		if i == 1 {
			want = "▸ P1 · 09:30"
		}
		if got := screen(m); !strings.Contains(got, want) {
			t.Fatalf("after %s the selected chime P%d is not on screen:\n%s", after, i, got)
		}
	}
	feed(m, keyTab)
	visible(1, "tab")
	for i := 2; i <= 12; i++ {
		feed(m, keyDown)
		visible(i, "↓")
	}
	for i := 11; i >= 1; i-- {
		feed(m, keyUp)
		visible(i, "↑")
	}
	feed(m, press('x'))
	if got := screen(m); !strings.Contains(got, "x: enter rejects P1's chime “the first chime is long…”") {
		t.Errorf("the status does not name the chime x acts on:\n%s", got)
	}
	feed(m, keyUp, press('v'), keyEnter)
	got := strings.Join(strings.Fields(screen(m)), " ")
	if !strings.Contains(got, "Chime from P1") || !strings.Contains(got, "THE END") {
		t.Errorf("v does not show the long chime whole:\n%s", screen(m))
	}
	feed(m, keyEsc)
	if m.top() != nil || m.focus != focusRoom {
		t.Errorf("esc after reading: overlay %T, focus %d", m.top(), m.focus)
	}
}

// TestRoomActsOnlyOnTheMarkedChime refuses a chime that is not drawn.
func TestRoomActsOnlyOnTheMarkedChime(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, chimeArrives(m, 5, "c1", "Bo", "one"), chimeArrives(m, 6, "c2", "Cy", "two"), keyTab)
	m.room.SetSize(80, 1) // as when the pane had no room on screen
	_, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd != nil || !strings.Contains(m.note.Text(), "not on screen") {
		t.Errorf("enter acted on a chime not on screen: note %q", m.note.Text())
	}
}
