package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
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
	if t := s.texts[msg.CommandID]; t != "" {
		note = "cancelled “" + ui.SanitizeLine(ui.ClipRunes(t, 40)) + "”"
	}
	return ui.Join(ui.Failed{}, ui.Note{Text: note})
}

// Resolve accepts or rejects a pending chime (the driver's).
func (s *Session) Resolve(ch client.Chime, accept bool) (tea.Cmd, ui.Action) {
	verb := "reject"
	if accept {
		verb = "accept"
	}
	return resolveChime(s.ctx, s.cfg.Client, s.gen, s.id, ch, accept), ui.Note{Text: verb + "ing " + ui.ChimeName(ch) + "…"}
}

// SetPolicy sets the room's policy (the driver's).
func (s *Session) SetPolicy(policy string) (tea.Cmd, ui.Action) {
	return setPolicy(s.ctx, s.cfg.Client, s.gen, s.id, policy), ui.Note{Text: "setting the room to " + policy + "…"}
}

// CancelQueued cancels a queued command of the lane (the driver's); its
// cancel gives nothing back.
func (s *Session) CancelQueued(it ui.LaneItem) (tea.Cmd, ui.Action) {
	s.cancelling[it.CommandID] = true
	return cancelQueued(s.ctx, s.cfg.Client, s.gen, s.id, it.CommandID),
		ui.Note{Text: "cancelling the " + ui.OpWord(it.Op) + "…"}
}

// laneLook is how far back from the newest command the lane looks for
// steers waiting to be delivered.
const laneLook = 64

// LaneItems are the session's waiting commands: pi's queue, then the
// steers waiting for the turn under way to end.
func (s *Session) LaneItems() (out []ui.LaneItem) {
	if s == nil || s.state == nil {
		return nil
	}
	seen := make(map[string]bool, len(s.state.Queue))
	for _, q := range s.state.Queue {
		seen[q.CommandID] = true
		it := ui.LaneItem{CommandID: q.CommandID, Op: q.Op, Text: s.texts[q.CommandID]}
		if c, ok := s.state.ChimeOf(q.CommandID); ok && it.Text == "" {
			it.Text, it.Author = c.Text, ui.Or(c.Author, "a collaborator")
		}
		out = append(out, it)
	}
	defer func() { out = append(append(out, s.returned...), s.unconfirmedItem()...) }()
	if s.state.Run != client.RunRunning {
		return out
	}
	cs := s.state.Commands
	var steers []ui.LaneItem
	for i := len(cs) - 1; i >= 0 && i >= len(cs)-laneLook; i-- { // steers wait among the latest commands
		if c := cs[i]; c.Op == client.OpSteer && c.Status == client.StatusAccepted && !seen[c.CommandID] {
			steers = append([]ui.LaneItem{{CommandID: c.CommandID, Op: c.Op, Text: s.texts[c.CommandID]}}, steers...)
		}
	}
	return append(out, steers...)
}
