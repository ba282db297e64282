package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// hostCancels is the host cancelling the queued follow-up c2 on its own
// (an abort or the budget guard), and the run settling.
func hostCancels(m *Model) []tea.Msg {
	return []tea.Msg{
		on(m, event(8, client.EvCommandCancelled, `{"commandId":"c2"}`)),
		on(m, event(9, client.EvQueueUpdated, `{"queue":[]}`)),
		on(m, event(10, client.EvRunSettled, `{"runId":"r1","reason":"aborted"}`)),
	}
}

// TestCancelledTextComesBack is trap 3: a queued command the host cancels
// without the person asking comes back, into an empty composer, or else
// into the queue lane, where enter sends it again.
func TestCancelledTextComesBack(t *testing.T) {
	t.Parallel()
	t.Run("into the empty composer", func(t *testing.T) {
		m := driven(t, 100, 24)
		feed(m, laneSteps(m)...)
		feed(m, hostCancels(m)...)
		if got := m.composer.Value(); got != "and then this" {
			t.Errorf("the composer holds %q, want the cancelled follow-up", got)
		}
		if !strings.Contains(screen(m), "the host cancelled your follow-up: back in the composer") {
			t.Errorf("no note says where the text went:\n%s", screen(m))
		}
	})
	t.Run("into the lane while the person writes", func(t *testing.T) {
		m := driven(t, 80, 24)
		feed(m, laneSteps(m)...)
		feed(m, typing("new words")...)
		feed(m, hostCancels(m)...)
		if got := m.composer.Value(); got != "new words" {
			t.Errorf("the composer holds %q, want what the person is writing", got)
		}
		got := screen(m)
		if !strings.Contains(got, "✗ cancelled: enter sends again · and then this") {
			t.Fatalf("the lane does not offer the cancelled text:\n%s", got)
		}
		feed(m, keyTab)
		if m.focus != focusQueue {
			feed(m, keyTab)
		}
		if m.focus != focusQueue {
			t.Fatalf("tab did not reach the queue lane: focus %d", m.focus)
		}
		if n := keys(m, keyEnter); n != 1 {
			t.Fatalf("enter on the cancelled item made %d requests, want the send", n)
		}
		if strings.Contains(screen(m), "cancelled: enter sends again") || m.focus != focusSession {
			t.Errorf("the item stayed after sending it again, focus %d:\n%s", m.focus, screen(m))
		}
	})
	t.Run("not when the person cancelled it", func(t *testing.T) {
		m := driven(t, 80, 24)
		feed(m, laneSteps(m)...)
		feed(m, keyTab, keyTab, press('x'), keyEnter, session.CancelledMsg{Gen: m.tiles.Gen(), CommandID: "c2"})
		feed(m, hostCancels(m)...)
		if got := m.composer.Value(); got != "" || strings.Contains(screen(m), "enter sends again") {
			t.Errorf("a cancel the person asked for came back: composer %q\n%s", got, screen(m))
		}
	})
}
