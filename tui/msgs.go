package tui

import (
	"github.com/sophia-labs/vehicle/client"
)

// Messages the UI's commands answer with. Every one that belongs to an open
// session carries its generation (gen): a message for a session that is no
// longer open is dropped.

// createdMsg answers creating a session.
type createdMsg struct {
	created *client.Created
	err     error
}

// renamedMsg answers a rename.
type renamedMsg struct {
	session *client.Summary
	err     error
}

// deletedMsg answers a delete: both halves of it.
type deletedMsg struct {
	id      string
	title   string
	outcome *client.DeleteOutcome
	err     error
}

// clonedMsg answers a clone.
type clonedMsg struct {
	branched *client.Branched
	err      error
}

// accountMsg answers the look-up of the person's account.
type accountMsg struct {
	acc *client.Account
	err error
}

// forkedMsg answers a fork before a transcript entry.
type forkedMsg struct {
	gen      int
	branched *client.Branched
	err      error
}
