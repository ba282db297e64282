package tui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
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

// newOutgoing fixes the request of a send.
func (c *common) newOutgoing(op, text string) session.Outgoing {
	return session.Outgoing{Op: op, RequestID: c.cfg.Client.NewRequestID(), Text: text}
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
func (m *Model) landed(gen int, out session.Outgoing, err error) *session.Session {
	s := m.current(gen)
	if s == nil {
		return nil
	}
	s.Sending = false
	if s.Outbound != nil && s.Outbound.RequestID == out.RequestID {
		s.Outbound = nil
	}
	switch {
	case out.Kept && isConflict(err):
		// The host knows this requestId from the earlier run, whose body
		// named its own client id: it had taken the message then.
		s.Unconfirmed = nil
		m.setErr(nil)
		m.note = "the host had taken your " + panes.OpWord(out.Op) + " before the UI was reopened: it ran once"
		return nil
	case err == nil:
		m.setErr(nil)
		if s.Unconfirmed != nil && s.Unconfirmed.RequestID == out.RequestID {
			s.Unconfirmed = nil
		}
		return s
	case hostRefused(err):
		m.failed(err)
		m.refused(err)
		if s.Unconfirmed != nil && s.Unconfirmed.RequestID == out.RequestID {
			s.Unconfirmed = nil
		}
		m.composer.Restore(escapeSlash(out.Text))
		m.refs = addRefs(out.Refs, m.refs...)
		return nil
	}
	if out.Op != opChime && s.Knows(out.RequestID) {
		m.confirmed(s, out) // the stream was first
		return nil
	}
	s.Unconfirmed = &out
	m.setErr(err) // kept in the errors list, read whole there
	m.errText = ""
	m.note = unconfirmedNote(out.Op, ui.KeyName(m.Keys.Send))
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
func (m *Model) onSent(msg session.SentMsg) {
	s := m.landed(msg.Gen, msg.Out, msg.Err)
	if s == nil {
		return
	}
	m.refusal = nil
	if msg.Acc != nil && msg.Acc.CommandID != "" {
		s.Texts[msg.Acc.CommandID] = msg.Out.Text
	}
	if a := m.account; a != nil && a.Kind != client.AccountMember && (msg.Acc == nil || !msg.Acc.Replayed) {
		a.TurnsToday++ // the host counted it; the next look-up says so too
	}
	s.Role, s.Stale = session.RoleDrive, false
	switch {
	case msg.Out.Op == client.OpSteer:
		m.note = "steered the run"
	case msg.Acc != nil && msg.Acc.Disposition == "queued":
		m.note = "queued as a follow-up"
	default:
		m.note = ""
	}
}

// confirmFromStream settles an unconfirmed text command once the stream
// shows the host took it.
func (m *Model) confirmFromStream(s *session.Session) {
	if u := s.Unconfirmed; u != nil && u.Op != opChime && s.Knows(u.RequestID) {
		m.confirmed(s, *u)
	}
}

// confirmed settles a text command the stream showed the host took.
func (m *Model) confirmed(s *session.Session, out session.Outgoing) {
	s.Unconfirmed = nil
	s.Texts[out.RequestID] = out.Text
	s.Role, s.Stale = session.RoleDrive, false
	m.note = "the host took your " + panes.OpWord(out.Op) + " (confirmed by the stream)"
}

// resend sends the unconfirmed request again, unchanged: the host replays
// it when it already ran it. One kept from an earlier run goes as a prompt
// or a follow-up as the run is now (the host replays by requestId).
func (c *common) resend(s *session.Session) tea.Cmd {
	out := *s.Unconfirmed
	if out.Kept && out.Op != client.OpSteer && out.Op != opChime {
		out.Op = client.OpPrompt
		if s.State.Run == client.RunRunning {
			out.Op = client.OpFollowUp
		}
		s.Unconfirmed.Op = out.Op
	}
	s.Sending, s.Outbound = true, &out
	c.note = "sending it again (the same request)…"
	if out.Op == opChime {
		return sendChime(s.Ctx, c.cfg.Client, s.Gen, s.ID, out, false)
	}
	rel, _ := s.State.LeaseAt(c.cfg.Now())
	return sendText(s.Ctx, c.cfg.Client, s.Gen, s.ID, out, rel != client.LeaseMine || s.Stale, c.cfg.ClaimTTL)
}

// isConflict reports whether err is the host's request_id_conflict.
func isConflict(err error) bool {
	var e *client.Error
	return errors.As(err, &e) && e.Code == client.CodeRequestIDConflict
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
