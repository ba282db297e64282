package tui

import (
	"fmt"

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
	c.note.Say(fmt.Sprintf("not sent: %s is %s bytes, over the %s a message may hold; shorten it (%s edits it)",
		"the text", ui.Thousands(len(text)), ui.Thousands(client.MaxTextBytes)+" bytes", ui.KeyName(c.Keys.Editor)))
	return true
}
