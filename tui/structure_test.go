package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestViewIsPure draws without changing anything: the layout and the
// selections change in Update, and View hands over what Update drew.
func TestViewIsPure(t *testing.T) {
	m := driven(t, 80, 24)
	feed(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	h, focused := m.transcript.height, m.composer.focused()
	m.sess.roomSel = 99
	m.high = 12 // a change Update has not seen yet
	first := m.View().Content
	if again := m.View().Content; again != first {
		t.Error("two Views in a row drew different screens")
	}
	if m.sess.roomSel != 99 || m.transcript.height != h || m.composer.focused() != focused {
		t.Errorf("View changed the state: roomSel %d, transcript height %d (was %d), composer focused %v",
			m.sess.roomSel, m.transcript.height, h, m.composer.focused())
	}
	feed(m, tea.WindowSizeMsg{Width: 80, Height: 12})
	if m.sess.roomSel != 0 || m.transcript.height >= h {
		t.Errorf("Update did not lay out: roomSel %d, transcript height %d", m.sess.roomSel, m.transcript.height)
	}
	if n := strings.Count(m.View().Content, "\n") + 1; n != 12 {
		t.Errorf("the screen is %d lines at 80x12", n)
	}
}

// TestOverlayStack opens the help over a dialog-free screen, then a dialog
// over the picker: the top one takes the keys, and closing it shows what
// is under it again, focus unchanged.
func TestOverlayStack(t *testing.T) {
	m := driven(t, 80, 24)
	feed(m, keyF1)
	if _, ok := m.top().(*helpDialog); !ok {
		t.Fatalf("f1 opened %T, want the help", m.top())
	}
	feed(m, typing("hello")...)
	if m.composer.value() != "" {
		t.Errorf("keys went under the help to the composer: %q", m.composer.value())
	}
	feed(m, keyEsc)
	if m.top() != nil || m.focus != focusSession {
		t.Errorf("esc left overlay %T, focus %d", m.top(), m.focus)
	}
	m.offer(m.sess, lease("user:ada", "cli-two"))
	feed(m, keyF1)
	if _, ok := m.top().(*offerDialog); !ok {
		t.Errorf("f1 over the offer replaced it: top is %T", m.top())
	}
	if !strings.Contains(screen(m), "Take over or watch?") {
		t.Error("the offer is not on screen")
	}
	feed(m, press('w'))
	if m.top() != nil || m.sess.role != roleWatch {
		t.Errorf("w did not close the offer and watch: top %T, role %d", m.top(), m.sess.role)
	}
}
