package session

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// giveBack gives the text of a command of this terminal's the host ended
// undelivered back to the person (GiveBack): a queued or steering command
// that ends cancelled or interrupted before it was delivered, without the
// person cancelling it, comes back into the composer when it is empty,
// else into the queue lane marked so, where enter sends it again. Text a
// person typed is never lost silently.
func (s *Session) giveBack(commandID, op, text string) ui.Action {
	what := ui.OpWord(op)
	if op == client.OpSteer {
		what = "steer"
	}
	return GiveBack{Gen: s.gen, What: what, Item: ui.LaneItem{CommandID: commandID, Op: op, Text: text, Cancelled: true}}
}

// giveBackFailed gives the text of a command of this terminal's that
// failed (an agent's body that died, a model's error) back to the person,
// as giveBack does: the composer, else the queue lane, where enter sends
// it again.
func (s *Session) giveBackFailed(v client.CommandValue) ui.Action {
	op := client.OpPrompt
	for i := len(s.state.Commands) - 1; i >= 0; i-- {
		if c := s.state.Commands[i]; c.CommandID == v.CommandID {
			op = ui.Or(c.Op, op)
			break
		}
	}
	what := ui.OpWord(op)
	if op == client.OpSteer {
		what = "steer"
	}
	it := ui.LaneItem{CommandID: v.CommandID, Op: op, Text: s.texts[v.CommandID], Cancelled: true, Failed: true}
	return GiveBack{Gen: s.gen, What: what, Item: it, Failed: ui.Or(v.Error, "the host gave no reason")}
}

// Return puts a command the host gave back in the queue lane.
func (s *Session) Return(it ui.LaneItem) { s.returned = append(s.returned, it) }
