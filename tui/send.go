package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// tooLong refuses, before it is sent, a text over the size a message may
// have (the host would refuse it): the status line says so, and the text
// stays in the composer.
func (c *common) tooLong(text string) bool {
	if len(text) <= client.MaxTextBytes {
		return false
	}
	c.note.Say("not sent: the text is " + ui.Bytes(int64(len(text))) + ", over the " + ui.Bytes(client.MaxTextBytes) +
		" a message may hold; shorten it (" + ui.KeyName(c.Keys.Editor) + " edits it)")
	return true
}
