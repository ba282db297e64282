package modelkey

import (
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Action is what the flow reports for the root to do, beside ui's own: a
// closed set, sealed by isKeyAction; the root's onKeyAction has a case for
// each.
type Action interface {
	ui.Action
	isKeyAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromModelKey.
func (action) Source() ui.Source { return ui.FromModelKey }

func (action) isKeyAction() {}

// Offer opens the key dialog over the screen after Refusal, which a key
// would cure: what was typed before goes on to the composer.
type Offer struct {
	action
	Refusal *dialog.Refusal
}

// Use sends Key as X-Model-Key from the next request on, and asks for the
// account again (the own-key door); Again makes the refused create again.
type Use struct {
	action
	Key   string
	Again bool
}
