package tui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// How a send settles. A text command or a chime gets its requestId when the
// person presses enter, and keeps it: the quiet claim after lease_required,
// and any resend, reuse it, so the host replays the request instead of
// running it twice. Three outcomes:
//   - the host's answer: sent;
//   - a refusal the host sent (a *client.Error): the text goes back in the
//     composer;
//   - no answer (a transport failure or a timeout, after the client's own
//     retries): the send is unconfirmed, not refused. The text stays out of
//     the composer; the stream settles it (a text command's commandId is its
//     requestId, and any event of that command confirms it), and enter on an
//     empty composer sends the same request again.

// opChime is an outgoing chime's op.
const opChime = client.OpChime

// outgoing is a text command or a chime of this terminal's, as it was
// first sent: resending it is the same request.
type outgoing struct {
	op        string // prompt, follow_up, steer or chime
	requestID string // also the command's id
	text      string
	refs      []string // the context refs a text command carries
	kept      bool     // kept from an earlier run of the UI (with another client id)
}

// newOutgoing fixes the request of a send.
func (c *common) newOutgoing(op, text string) outgoing {
	return outgoing{op: op, requestID: c.cfg.Client.NewRequestID(), text: text}
}

// textRequest is a text command's body: its commandId is its requestId, so
// the stream names it.
func (o outgoing) textRequest() client.TextRequest {
	return client.TextRequest{RequestID: o.requestID, CommandID: o.requestID, Text: o.text, ContextRefs: o.refs}
}

// hostRefused reports whether err is a refusal the host sent (not a lost
// answer): only then does the text go back in the composer.
func hostRefused(err error) bool {
	var e *client.Error
	return errors.As(err, &e)
}

// landed settles a send or a chime of the open session and returns the
// session when the host took the text. A refusal puts the text back in the
// composer and shows why; a lost answer leaves the send unconfirmed. nil
// when the answer is not for the open session or the host did not take it.
func (m *Model) landed(gen int, out outgoing, err error) *session {
	s := m.current(gen)
	if s == nil {
		return nil
	}
	s.sending = false
	if s.outbound != nil && s.outbound.requestID == out.requestID {
		s.outbound = nil
	}
	switch {
	case out.kept && isConflict(err):
		// The host knows this requestId from the earlier run, whose body
		// named its own client id: it had taken the message then.
		s.unconfirmed = nil
		m.setErr(nil)
		m.note = "the host had taken your " + panes.OpWord(out.op) + " before the UI was reopened: it ran once"
		return nil
	case err == nil:
		m.setErr(nil)
		if s.unconfirmed != nil && s.unconfirmed.requestID == out.requestID {
			s.unconfirmed = nil
		}
		return s
	case hostRefused(err):
		m.failed(err)
		m.refused(err)
		if s.unconfirmed != nil && s.unconfirmed.requestID == out.requestID {
			s.unconfirmed = nil
		}
		m.composer.Restore(escapeSlash(out.text))
		m.refs = addRefs(out.refs, m.refs...)
		return nil
	}
	if out.op != opChime && s.knows(out.requestID) {
		m.confirmed(s, out) // the stream was first
		return nil
	}
	s.unconfirmed = &out
	m.setErr(err) // kept in the errors list, read whole there
	m.errText = ""
	m.note = unconfirmedNote(out.op, ui.KeyName(m.Keys.Send))
	return nil
}

// unconfirmedNote tells the person a send got no answer, and what to do.
func unconfirmedNote(op, send string) string {
	if op == opChime {
		return "no answer to your chime: " + send + " sends it again (the same request: it counts once)"
	}
	return "no answer yet: the stream will confirm your " + panes.OpWord(op) + "; " + send +
		" sends it again (the same request: it runs once)"
}

// onSent notes what became of a send.
func (m *Model) onSent(msg sentMsg) {
	s := m.landed(msg.gen, msg.out, msg.err)
	if s == nil {
		return
	}
	m.refusal = nil
	if msg.acc != nil && msg.acc.CommandID != "" {
		s.texts[msg.acc.CommandID] = msg.out.text
	}
	if a := m.account; a != nil && a.Kind != client.AccountMember && (msg.acc == nil || !msg.acc.Replayed) {
		a.TurnsToday++ // the host counted it; the next look-up says so too
	}
	s.role, s.stale = roleDrive, false
	switch {
	case msg.out.op == client.OpSteer:
		m.note = "steered the run"
	case msg.acc != nil && msg.acc.Disposition == "queued":
		m.note = "queued as a follow-up"
	default:
		m.note = ""
	}
}

// knows reports whether the state has a command with this id.
func (s *session) knows(commandID string) bool {
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

// confirmFromStream settles an unconfirmed text command once the stream
// shows the host took it.
func (m *Model) confirmFromStream(s *session) {
	if u := s.unconfirmed; u != nil && u.op != opChime && s.knows(u.requestID) {
		m.confirmed(s, *u)
	}
}

// confirmed settles a text command the stream showed the host took.
func (m *Model) confirmed(s *session, out outgoing) {
	s.unconfirmed = nil
	s.texts[out.requestID] = out.text
	s.role, s.stale = roleDrive, false
	m.note = "the host took your " + panes.OpWord(out.op) + " (confirmed by the stream)"
}

// resend sends the unconfirmed request again, unchanged: the host replays
// it when it already ran it. One kept from an earlier run goes as a prompt
// or a follow-up as the run is now (the host replays by requestId).
func (c *common) resend(s *session) tea.Cmd {
	out := *s.unconfirmed
	if out.kept && out.op != client.OpSteer && out.op != opChime {
		out.op = client.OpPrompt
		if s.state.Run == client.RunRunning {
			out.op = client.OpFollowUp
		}
		s.unconfirmed.op = out.op
	}
	s.sending, s.outbound = true, &out
	c.note = "sending it again (the same request)…"
	if out.op == opChime {
		return sendChime(s.ctx, c.cfg.Client, s.gen, s.id, out, false)
	}
	rel, _ := s.state.LeaseAt(c.cfg.Now())
	return sendText(s.ctx, c.cfg.Client, s.gen, s.id, out, rel != client.LeaseMine || s.stale, c.cfg.ClaimTTL)
}

// unanswered is the text command of this terminal's that has no answer
// yet: on its way, or its answer lost; nil when there is none.
func (s *session) unanswered() *outgoing {
	if s.outbound != nil && s.outbound.op != opChime {
		return s.outbound
	}
	return s.unconfirmed
}

// isConflict reports whether err is the host's request_id_conflict.
func isConflict(err error) bool {
	var e *client.Error
	return errors.As(err, &e) && e.Code == client.CodeRequestIDConflict
}

// unconfirmedItem is the unconfirmed send as a line of the queue lane, so
// its text stays in sight; none when there is none.
func (s *session) unconfirmedItem() []panes.LaneItem {
	u := s.unconfirmed
	if u == nil {
		return nil
	}
	return []panes.LaneItem{{CommandID: u.requestID, Op: u.op, Text: u.text, Unconfirmed: true}}
}

// onChimed shows what the room did with a chime of this terminal's: into
// another person's session, the only kind there is (visit.go).
func (m *Model) onChimed(msg chimedMsg) { m.onVisitChimed(msg) }

// tooLong refuses, before it is sent, a text over the size a message may
// have (the host would refuse it): the status line says so, and the text
// stays in the composer.
func (c *common) tooLong(text string) bool {
	if len(text) <= client.MaxTextBytes {
		return false
	}
	c.note = fmt.Sprintf("not sent: %s is %s bytes, over the %s a message may hold; shorten it (%s edits it)",
		"the text", ui.Thousands(len(text)), ui.Thousands(client.MaxTextBytes)+" bytes", ui.KeyName(c.Keys.Editor))
	return true
}
