package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
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

// forget takes a cancelled item off the lane.
func (c *common) forget(it panes.LaneItem) {
	s := c.sess
	if it.Unconfirmed {
		s.Unconfirmed = nil
		return
	}
	kept := s.Returned[:0]
	for _, r := range s.Returned {
		if r.CommandID != it.CommandID {
			kept = append(kept, r)
		}
	}
	s.Returned = kept
}

// sendAgain sends a cancelled lane item again, as a new command: a
// follow-up while a run is under way, else a prompt.
func (c *common) sendAgain(it panes.LaneItem) (tea.Cmd, bool) {
	s := c.sess
	if s.Sending || c.cfg.Watch {
		return nil, false
	}
	rel, _ := s.State.LeaseAt(c.cfg.Now())
	if s.Role == session.RoleWatch || rel == client.LeaseOther {
		c.note = "only the driver sends: " + ui.KeyName(c.Keys.TakeOver) + " takes over"
		return nil, false
	}
	c.forget(it)
	op := client.OpPrompt
	if s.State.Run == client.RunRunning {
		op = client.OpFollowUp
	}
	s.Sending = true
	c.note = "sending again…"
	out := c.newOutgoing(op, it.Text)
	s.Outbound = &out
	s.Texts[out.RequestID] = out.Text // its events may come before the answer
	return sendText(s.Ctx, c.cfg.Client, s.Gen, s.ID, out, rel != client.LeaseMine || s.Stale, c.cfg.ClaimTTL), true
}
