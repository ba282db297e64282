package tui

import (
	"fmt"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
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

// TestRoomAnswersSayTheOutcome: accept's answer says whose chime went in;
// an answer for another session says nothing.
func TestRoomAnswersSayTheOutcome(t *testing.T) {
	t.Parallel()
	m := withChimes(t, 2)
	feed(m, session.ResolvedMsg{Gen: m.tiles.Gen(), Chime: client.Chime{ChimeID: "c0", Author: "Bo"}, Accept: true})
	if m.note.Text() != "accepted Bo's chime" {
		t.Errorf("the answer says %q", m.note.Text())
	}
	feed(m, session.ResolvedMsg{Gen: m.tiles.Gen(), Chime: client.Chime{ChimeID: "c1", Author: "Jess"}})
	if m.note.Text() != "rejected Jess' chime" {
		t.Errorf("the answer says %q", m.note.Text())
	}
	m.note.Say("")
	feed(m, session.ResolvedMsg{Gen: m.tiles.Gen() - 1, Chime: client.Chime{ChimeID: "c1", Author: "Bo"}, Accept: true})
	if m.note.Text() != "" {
		t.Errorf("another session's answer spoke: %q", m.note.Text())
	}
}
