package tui

import (
	"github.com/sophia-labs/vehicle/client"
)

// Messages the UI's commands answer with. Every one that belongs to an open
// session carries its generation (gen): a message for a session that is no
// longer open is dropped.

// accountMsg answers the look-up of the person's account.
type accountMsg struct {
	acc *client.Account
	err error
}
