package tui

import (
	"fmt"

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
	c.note.Say(fmt.Sprintf("not sent: %s is %s bytes, over the %s a message may hold; shorten it (%s edits it)",
		"the text", ui.Thousands(len(text)), ui.Thousands(client.MaxTextBytes)+" bytes", ui.KeyName(c.Keys.Editor)))
	return true
}
