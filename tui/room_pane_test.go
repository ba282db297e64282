package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// withChimes is a driven session with n pending chimes (c0 the oldest) and
// the room pane focused.
func withChimes(t *testing.T, n int) *Model {
	t.Helper()
	m := driven(t, 80, 24)
	for i := 0; i < n; i++ {
		feed(m, chimeArrives(m, int64(5+i), fmt.Sprintf("c%d", i), "Bo", fmt.Sprintf("chime number %d", i)))
	}
	m.focus = focusRoom
	return m
}

// TestRoomPaneKeepsTheSelectionInItsWindow places the window of a dozen
// chimes so the selected one is drawn and marked, at the top or the end.
func TestRoomPaneKeepsTheSelectionInItsWindow(t *testing.T) {
	m := withChimes(t, 12)
	for _, sel := range []int{11, 0, 6} {
		m.sess.roomSel = sel
		m.room.SetSize(80, 5)
		view := xansi.Strip(m.room.View())
		if n := strings.Count(view, "\n") + 1; n > 5 {
			t.Errorf("sel %d: the pane drew %d lines in 5", sel, n)
		}
		want := fmt.Sprintf("▸ Bo · 09:30  chime number %d", sel)
		if !strings.Contains(view, want) {
			t.Errorf("sel %d: the selected chime is not marked on screen:\n%s", sel, view)
		}
		if m.room.shown != fmt.Sprintf("c%d", sel) {
			t.Errorf("sel %d: shown is %q", sel, m.room.shown)
		}
	}
	m.room.SetSize(80, 1) // only the header fits
	if m.room.shown != "" {
		t.Errorf("a chime counts as shown with no line for it: %q", m.room.shown)
	}
}

// TestRoomPaneAcceptsOnTheSecondPress arms on the first a, acts on the
// second, and names the chime both times; the answer words the outcome.
func TestRoomPaneAcceptsOnTheSecondPress(t *testing.T) {
	m := withChimes(t, 2)
	m.sess.roomSel = 0
	m.room.SetSize(80, 5)
	cmd, acted := m.room.Update(press('a'))
	if cmd != nil || acted {
		t.Fatalf("the first a acted: cmd %v, acted %v", cmd != nil, acted)
	}
	if !strings.Contains(m.note, "a again accepts Bo's chime “chime number 0”") {
		t.Errorf("the first a says %q", m.note)
	}
	cmd, acted = m.room.Update(press('a'))
	if cmd == nil || !acted {
		t.Fatalf("the second a did not act: cmd %v, acted %v", cmd != nil, acted)
	}
	if m.note != "accepting Bo's chime “chime number 0”…" {
		t.Errorf("the second a says %q", m.note)
	}
	m.room.Update(resolvedMsg{gen: m.gen, chime: client.Chime{ChimeID: "c0", Author: "Bo"}, accept: true})
	if m.note != "accepted Bo's chime" {
		t.Errorf("the answer says %q", m.note)
	}
}

// TestRoomPaneRefusesAnUnshownChime acts on nothing it has not marked.
func TestRoomPaneRefusesAnUnshownChime(t *testing.T) {
	m := withChimes(t, 3)
	m.room.SetSize(80, 5)
	m.room.shown = ""
	cmd, acted := m.room.Update(press('x'))
	if cmd != nil || acted || !strings.Contains(m.note, "not on screen") {
		t.Errorf("x on an unshown chime: cmd %v, acted %v, note %q", cmd != nil, acted, m.note)
	}
}

// TestRoomPaneKeysAreItsHelp lists the keys the pane binds, and the pane's
// hint on screen follows a rebinding.
func TestRoomPaneKeysAreItsHelp(t *testing.T) {
	cfg := testConfig(t)
	km := ui.DefaultKeyMap()
	km.Reject.SetKeys("r")
	km.Reject.SetHelp("r", "reject a chime")
	cfg.Keys = &km
	m := opened(t, cfg, 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, chimeArrives(m, 5, "c0", "Bo", "hello"))
	m.focus = focusRoom
	m.room.SetSize(80, 5)
	if !strings.Contains(xansi.Strip(m.room.View()), "r reject") {
		t.Errorf("the hint does not follow the rebinding:\n%s", xansi.Strip(m.room.View()))
	}
	var names []string
	for _, b := range m.room.ShortHelp() {
		names = append(names, b.Help().Key)
	}
	if got := strings.Join(names, " "); !strings.Contains(got, "r") || !strings.Contains(got, "v") {
		t.Errorf("the room's help keys are %q", got)
	}
	if _, acted := m.room.Update(tea.KeyPressMsg{Code: 'z', Text: "z"}); acted {
		t.Error("a key the pane does not bind acted")
	}
}
