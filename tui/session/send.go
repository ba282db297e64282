package session

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Outgoing is a text command or a chime of this terminal's, as it was
// first sent: resending it is the same request.
type Outgoing struct {
	Op        string // prompt, follow_up, steer or chime
	RequestID string // also the command's id
	Text      string
	Refs      []string // the context refs a text command carries
	Kept      bool     // kept from an earlier run of the UI (with another client id)
}

// TextRequest is a text command's body: its commandId is its requestId, so
// the stream names it.
func (o Outgoing) TextRequest() client.TextRequest {
	return client.TextRequest{RequestID: o.RequestID, CommandID: o.RequestID, Text: o.Text, ContextRefs: o.Refs}
}

// Knows reports whether the state has a command with this id.
func (s *Session) Knows(commandID string) bool {
	if s.State == nil {
		return false
	}
	for i := len(s.State.Commands) - 1; i >= 0; i-- {
		if s.State.Commands[i].CommandID == commandID {
			return true
		}
	}
	return false
}

// Unanswered is the text command of this terminal's that has no answer
// yet: on its way, or its answer lost; nil when there is none.
func (s *Session) Unanswered() *Outgoing {
	if s.Outbound != nil && s.Outbound.Op != client.OpChime {
		return s.Outbound
	}
	return s.Unconfirmed
}

// UnconfirmedItem is the unconfirmed send as a line of the queue lane, so
// its text stays in sight; none when there is none.
func (s *Session) UnconfirmedItem() []ui.LaneItem {
	u := s.Unconfirmed
	if u == nil {
		return nil
	}
	return []ui.LaneItem{{CommandID: u.RequestID, Op: u.Op, Text: u.Text, Unconfirmed: true}}
}

// Undelivered is the text of a command of this terminal's that an event is
// about to end before the agent saw it, "" for any other event. It looks
// at the command before the event is folded in.
func (s *Session) Undelivered(ev client.Event) (commandID, op, text string) {
	if ev.Type != client.EvCommandCancelled && ev.Type != client.EvCommandInterrupted {
		return "", "", ""
	}
	var v client.CommandValue
	if ev.Decode(&v) != nil || s.Texts[v.CommandID] == "" || s.Cancelling[v.CommandID] {
		return "", "", ""
	}
	for i := len(s.State.Commands) - 1; i >= 0; i-- {
		c := s.State.Commands[i]
		if c.CommandID != v.CommandID {
			continue
		}
		if c.Status != client.StatusAccepted && c.Status != client.StatusQueued {
			return "", "", "" // delivered, or ended already
		}
		return c.CommandID, c.Op, s.Texts[c.CommandID]
	}
	return "", "", ""
}
