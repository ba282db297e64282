package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Outgoing is a text command of this terminal's, as it was first sent
// (ui.Outgoing): resending it is the same request.
type Outgoing = ui.Outgoing

// knows reports whether the state has a command with this id.
func (s *Session) knows(commandID string) bool {
	if s.state == nil {
		return false
	}
	for i := len(s.state.Commands) - 1; i >= 0; i-- {
		if s.state.Commands[i].CommandID == commandID {
			return true
		}
	}
	return false
}

// Unanswered is the text command of this terminal's that has no answer
// yet: on its way, or its answer lost; nil when there is none.
func (s *Session) Unanswered() *Outgoing {
	if s.outbound != nil && s.outbound.Op != client.OpChime {
		return s.outbound
	}
	return s.unconfirmed
}

// unconfirmedItem is the unconfirmed send as a line of the queue lane, so
// its text stays in sight; none when there is none.
func (s *Session) unconfirmedItem() []ui.LaneItem {
	u := s.unconfirmed
	if u == nil {
		return nil
	}
	return []ui.LaneItem{{CommandID: u.RequestID, Op: u.Op, Text: u.Text, Unconfirmed: true}}
}

// undelivered is the text of a command of this terminal's that an event is
// about to end before the agent saw it, "" for any other event. It looks
// at the command before the event is folded in.
func (s *Session) undelivered(ev client.Event) (commandID, op, text string) {
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

// How a send settles. A text command gets its requestId when the person
// presses enter, and keeps it: the quiet claim after lease_required, and
// any resend, reuse it, so the host replays the request instead of running
// it twice. Three outcomes:
//   - the host's answer: sent;
//   - a refusal the host sent (a *client.Error): the text goes back in the
//     composer;
//   - no answer (a transport failure or a timeout, after the client's own
//     retries): the send is unconfirmed, not refused. The text stays out of
//     the composer; the stream settles it (a text command's commandId is its
//     requestId, and any event of that command confirms it), and enter on an
//     empty composer sends the same request again.

// newOutgoing fixes the request of a send.
func (s *Session) newOutgoing(op, text string) Outgoing {
	return Outgoing{Op: op, RequestID: s.cfg.Client.NewRequestID(), Text: text}
}

// landed settles a send and reports whether the host took the text. A
// refusal puts the text back in the composer and shows why; a lost answer
// leaves the send unconfirmed.
func (s *Session) landed(out Outgoing, err error) (bool, ui.Action) {
	s.sending = false
	if s.outbound != nil && s.outbound.RequestID == out.RequestID {
		s.outbound = nil
	}
	switch {
	case out.Kept && ui.IsConflict(err):
		// The host knows this requestId from the earlier run, whose body
		// named its own client id: it had taken the message then.
		s.unconfirmed = nil
		return false, ui.Join(ui.Failed{}, ui.Note{Text: "the host had taken your " + ui.OpWord(out.Op) +
			" before the UI was reopened: it ran once"})
	case err == nil:
		if s.unconfirmed != nil && s.unconfirmed.RequestID == out.RequestID {
			s.unconfirmed = nil
		}
		return true, ui.Failed{}
	case ui.HostRefused(err):
		if s.unconfirmed != nil && s.unconfirmed.RequestID == out.RequestID {
			s.unconfirmed = nil
		}
		return false, ui.Join(ui.Failed{Err: err}, ui.Note{}, Refused{Err: err},
			Restore{Text: out.Text, Refs: out.Refs, Sent: true})
	}
	if out.Op != client.OpChime && s.knows(out.RequestID) {
		return false, s.confirmed(out) // the stream was first
	}
	s.unconfirmed = &out
	return false, ui.Join(Unanswered{Err: err}, ui.Note{Text: ui.UnconfirmedNote(out.Op, ui.KeyName(s.cfg.UI.Keys.Send))})
}

// onSent notes what became of a send, then sends the next held follow-up
// the person chose to send, if any.
func (s *Session) onSent(msg SentMsg) (tea.Cmd, ui.Action) {
	ok, act := s.landed(msg.Out, msg.Err)
	if ok {
		if msg.Acc != nil && msg.Acc.CommandID != "" {
			s.texts[msg.Acc.CommandID] = msg.Out.Text
		}
		s.role, s.stale = RoleDrive, false
		note := ""
		switch {
		case msg.Out.Op == client.OpSteer:
			note = "steered the run"
			s.sentSteer(msg.Out.RequestID, msg.Acc)
		case msg.Acc != nil && msg.Acc.Disposition == "queued":
			note = "queued as a follow-up"
		}
		act = ui.Join(act, Accepted{Replayed: msg.Acc != nil && msg.Acc.Replayed}, ui.Note{Text: note})
	}
	cmd, next := s.sendNextHeld(msg)
	return cmd, ui.Join(act, next)
}

// ConfirmFromStream settles an unconfirmed text command once the stream
// shows the host took it.
func (s *Session) ConfirmFromStream() ui.Action {
	if u := s.unconfirmed; u != nil && u.Op != client.OpChime && s.knows(u.RequestID) {
		return s.confirmed(*u)
	}
	return nil
}

// confirmed settles a text command the stream showed the host took.
func (s *Session) confirmed(out Outgoing) ui.Action {
	s.unconfirmed = nil
	s.texts[out.RequestID] = out.Text
	s.role, s.stale = RoleDrive, false
	return ui.Note{Text: "the host took your " + ui.OpWord(out.Op) + " (confirmed by the stream)"}
}

// Resend sends the unconfirmed text command again, unchanged: the host
// replays it when it already ran it. One kept from an earlier run goes as
// a prompt or a follow-up as the run is now (the host replays by
// requestId).
func (s *Session) Resend() (tea.Cmd, ui.Action) {
	out := *s.unconfirmed
	if out.Op == client.OpChime { // kept from a visit: the root sends chimes
		s.sending, s.outbound = true, &out
		return nil, ui.Join(ui.Note{Text: "sending it again (the same request)…"}, ResendChime{Gen: s.gen, Out: out})
	}
	if out.Kept && out.Op != client.OpSteer {
		out.Op = client.OpPrompt
		if s.state.Run == client.RunRunning {
			out.Op = client.OpFollowUp
		}
		s.unconfirmed.Op = out.Op
	}
	s.sending, s.outbound = true, &out
	return s.post(out), ui.Note{Text: "sending it again (the same request)…"}
}

// post sends out, claiming the lease quietly first when this terminal
// does not hold it (or the host restarted since it did).
func (s *Session) post(out Outgoing) tea.Cmd {
	rel, _ := s.state.LeaseAt(s.cfg.UI.Now())
	return sendText(s.ctx, s.cfg.Client, s.gen, s.id, out, rel != client.LeaseMine || s.stale, s.claimTTL())
}

// Send sends text as a text command of the person's own session (op; ""
// is a prompt while idle, a follow-up while a run is under way) carrying
// refs: when nobody holds the lease it is claimed quietly first; when the
// person's other terminal holds it, the take-over is offered (the text
// waits); a viewer is told it only reads. sent reports whether it went:
// the composer empties then.
func (s *Session) Send(op, text string, refs []string) (cmd tea.Cmd, act ui.Action, sent bool) {
	if s.state == nil || s.sending {
		return nil, nil, false
	}
	if s.cfg.UI.Watch {
		return nil, ui.Note{Text: "watching read-only: this terminal cannot send"}, false
	}
	rel, holder := s.state.LeaseAt(s.cfg.UI.Now())
	switch {
	case s.reduced:
		return nil, ui.Note{Text: "your role here is viewer: you may read this session, not drive it; nothing was sent"}, false
	case rel == client.LeaseMyOtherClient:
		s.offer = holder
		return nil, ui.Join(CloseOffer{}, Offer{Gen: s.gen, Holder: holder, FromText: true},
			ui.Note{Text: "your other terminal drives: nothing was sent"}), false
	case rel == client.LeaseOther:
		return nil, ui.Note{Text: ui.NameLine(holder.Principal) + " holds this session's lease: nothing was sent"}, false
	}
	if op == "" {
		op = client.OpPrompt
		if s.state.Run == client.RunRunning {
			op = client.OpFollowUp
		}
	}
	s.sending = true
	out := s.newOutgoing(op, text)
	out.Refs = refs
	s.outbound = &out
	s.texts[out.RequestID] = out.Text // the command's id: its events may come before the answer
	return s.post(out), ui.Note{Text: "sending…"}, true
}

// Forget takes a cancelled or unconfirmed item of the person's off the
// queue lane.
func (s *Session) Forget(it ui.LaneItem) {
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

// SendAgain sends a cancelled lane item again, as a new command: a
// follow-up while a run is under way, else a prompt. ok is false when
// nothing was sent.
func (s *Session) SendAgain(it ui.LaneItem) (cmd tea.Cmd, act ui.Action, ok bool) {
	if s.sending || s.cfg.UI.Watch {
		return nil, nil, false
	}
	rel, holder := s.state.LeaseAt(s.cfg.UI.Now())
	switch {
	case rel == client.LeaseOther:
		return nil, ui.Note{Text: ui.NameLine(holder.Principal) + " holds this session's lease: nothing was sent"}, false
	case s.role == RoleWatch && rel == client.LeaseMyOtherClient:
		return nil, ui.Note{Text: "only the driver sends: " + ui.KeyName(s.cfg.UI.Keys.TakeOver) + " takes over"}, false
	case s.role == RoleWatch:
		return nil, ui.Note{Text: "only the driver sends: " + ui.KeyName(s.cfg.UI.Keys.TakeOver) + " claims the lease"}, false
	}
	s.Forget(it)
	op := client.OpPrompt
	if s.state.Run == client.RunRunning {
		op = client.OpFollowUp
	}
	s.sending = true
	out := s.newOutgoing(op, it.Text)
	s.outbound = &out
	s.texts[out.RequestID] = out.Text // its events may come before the answer
	return s.post(out), ui.Note{Text: "sending again…"}, true
}
