package session

import (
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The answers of the room's commands made from this session's panes:
// accepting or rejecting a chime, the room's policy, cancelling a queued
// command.

// onResolved says what became of a chime the driver accepted or rejected.
func (s *Session) onResolved(msg ResolvedMsg) ui.Action {
	if msg.Err != nil {
		return ui.Join(ui.Failed{Err: msg.Err}, ui.Note{})
	}
	verb := "rejected "
	if msg.Accept {
		verb = "accepted "
	}
	return ui.Join(ui.Failed{}, ui.Note{Text: verb + ui.Possessive(msg.Chime.Author) + " chime"})
}

// onPolicy shows the room's new policy, or why it did not change.
func (s *Session) onPolicy(msg PolicyMsg) ui.Action {
	if msg.Err != nil {
		return ui.Join(ui.Failed{Err: msg.Err}, ui.Note{})
	}
	return ui.Join(ui.Failed{}, ui.Note{Text: "room " + ui.NameLine(msg.Policy) + ": " + ui.PolicyMeaning(msg.Policy)})
}

// onCancelled shows a cancel's outcome; the queue's event takes the item
// off the lane.
func (s *Session) onCancelled(msg CancelledMsg) ui.Action {
	if msg.Err != nil {
		return ui.Join(ui.Failed{Err: msg.Err}, ui.Note{})
	}
	note := "cancelled " + ui.NameLine(msg.CommandID)
	if t := s.Texts[msg.CommandID]; t != "" {
		note = "cancelled “" + ui.SanitizeLine(ui.ClipRunes(t, 40)) + "”"
	}
	return ui.Join(ui.Failed{}, ui.Note{Text: note})
}
