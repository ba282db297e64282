package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
)

// A queued or steering command of this terminal's that ends cancelled or
// interrupted before it was delivered, without the person cancelling it,
// comes back: into the composer when it is empty, else into the queue lane
// marked so, where enter sends it again. Text a person typed is never lost
// silently.

// giveBack puts the text of a command the host ended undelivered back
// where the person finds it.
func (m *Model) giveBack(s *session.Session, commandID, op, text string) {
	what := panes.OpWord(op)
	if op == client.OpSteer {
		what = "steer"
	}
	if m.composer.Blank() {
		m.composer.SetValue(text)
		m.note = "the host cancelled your " + what + ": back in the composer"
		return
	}
	s.Returned = append(s.Returned, panes.LaneItem{CommandID: commandID, Op: op, Text: text, Cancelled: true})
	m.note = "the host cancelled your " + what + ": see the queue lane"
}
