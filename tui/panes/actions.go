package panes

import "github.com/sophia-labs/vehicle/tui/ui"

// Action is what a pane reports, beside ui's own actions: one of this
// package's action types, a closed set (the root's dispatcher has a case for
// each: tui/dispatch_test.go).
type Action interface {
	ui.Action
	isPanesAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromPanes.
func (action) Source() ui.Source { return ui.FromPanes }

func (action) isPanesAction() {}
