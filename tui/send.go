package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// opChime is an outgoing chime's op.
const opChime = client.OpChime

// newOutgoing fixes the request of a send.
func (c *common) newOutgoing(op, text string) session.Outgoing {
	return session.Outgoing{Op: op, RequestID: c.cfg.Client.NewRequestID(), Text: text}
}

// resend sends the unconfirmed request of s again, unchanged
// (session.Session.Resend); a chime kept from a visit goes as a chime.
func (m *Model) resend(s *session.Session) tea.Cmd {
	if out := *s.Unconfirmed; out.Op == opChime {
		s.Sending, s.Outbound = true, &out
		m.note = "sending it again (the same request)…"
		return sendChime(s.Ctx, m.cfg.Client, s.Gen, s.ID, out, false)
	}
	cmd, act := s.Resend()
	return tea.Batch(cmd, m.act(act, nil))
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
