package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A queued or steering command of this terminal's that ends cancelled or
// interrupted before it was delivered, without the person cancelling it,
// comes back: into the composer when it is empty, else into the queue lane
// marked so, where enter sends it again. Text a person typed is never lost
// silently.

// undelivered is the text of a command of this terminal's that an event is
// about to end before the agent saw it, "" for any other event. It looks
// at the command before the event is folded in.
func (s *session) undelivered(ev client.Event) (commandID, op, text string) {
	if ev.Type != client.EvCommandCancelled && ev.Type != client.EvCommandInterrupted {
		return "", "", ""
	}
	var v client.CommandValue
	if ev.Decode(&v) != nil || s.texts[v.CommandID] == "" || s.cancelling[v.CommandID] {
		return "", "", ""
	}
	for i := len(s.state.Commands) - 1; i >= 0; i-- {
		c := s.state.Commands[i]
		if c.CommandID != v.CommandID {
			continue
		}
		if c.Status != client.StatusAccepted && c.Status != client.StatusQueued {
			return "", "", "" // delivered, or ended already
		}
		return c.CommandID, c.Op, s.texts[c.CommandID]
	}
	return "", "", ""
}

// giveBack puts the text of a command the host ended undelivered back
// where the person finds it.
func (m *Model) giveBack(s *session, commandID, op, text string) {
	what := panes.OpWord(op)
	if op == client.OpSteer {
		what = "steer"
	}
	if m.composer.Blank() {
		m.composer.SetValue(text)
		m.note = "the host cancelled your " + what + ": back in the composer"
		return
	}
	s.returned = append(s.returned, panes.LaneItem{CommandID: commandID, Op: op, Text: text, Cancelled: true})
	m.note = "the host cancelled your " + what + ": see the queue lane"
}

// forget takes a cancelled item off the lane.
func (c *common) forget(it panes.LaneItem) {
	s := c.sess
	if it.Unconfirmed {
		s.unconfirmed = nil
		return
	}
	kept := s.returned[:0]
	for _, r := range s.returned {
		if r.CommandID != it.CommandID {
			kept = append(kept, r)
		}
	}
	s.returned = kept
}

// sendAgain sends a cancelled lane item again, as a new command: a
// follow-up while a run is under way, else a prompt.
func (c *common) sendAgain(it panes.LaneItem) (tea.Cmd, bool) {
	s := c.sess
	if s.sending || c.cfg.Watch {
		return nil, false
	}
	rel, _ := s.state.LeaseAt(c.cfg.Now())
	if s.role == roleWatch || rel == client.LeaseOther {
		c.note = "only the driver sends: " + ui.KeyName(c.Keys.TakeOver) + " takes over"
		return nil, false
	}
	c.forget(it)
	op := client.OpPrompt
	if s.state.Run == client.RunRunning {
		op = client.OpFollowUp
	}
	s.sending = true
	c.note = "sending again…"
	out := c.newOutgoing(op, it.Text)
	s.outbound = &out
	s.texts[out.requestID] = out.text // its events may come before the answer
	return sendText(s.ctx, c.cfg.Client, s.gen, s.id, out, rel != client.LeaseMine || s.stale, c.cfg.ClaimTTL), true
}
