package slash

import "github.com/sophia-labs/vehicle/tui/ui"

// Action is what the slash commands' question reports: a closed set,
// sealed by isSlashAction; the root's onSlashAction has a case for each.
type Action interface {
	ui.Action
	isSlashAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromSlash.
func (action) Source() ui.Source { return ui.FromSlash }

func (action) isSlashAction() {}

// RunNearest runs the command an unknown one was nearest to, in its place,
// with the draft's words (when the draft still names a command).
type RunNearest struct {
	action
	Slash string
}
