package picker

import "github.com/sophia-labs/vehicle/tui/ui"

// Action is what the picker reports, beside ui's own actions: one of this
// package's action types, a closed set (the root's dispatcher has a case for
// each: tui/dispatch_test.go).
type Action interface {
	ui.Action
	isPickerAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromPicker.
func (action) Source() ui.Source { return ui.FromPicker }

func (action) isPickerAction() {}
