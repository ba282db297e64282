package mouse

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Action is what the mouse reports: one of this package's action types, a
// closed set (the root's dispatcher has a case for each:
// tui/dispatch_test.go).
type Action interface {
	ui.Action
	isMouseAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromMouse.
func (action) Source() ui.Source { return ui.FromMouse }

func (action) isMouseAction() {}

// Focus asks for the focus on the pane clicked: the queue lane, the room
// or the composer; Line is the pane's line clicked (a chime's, a queued
// command's), for the pane to select.
type Focus struct {
	action
	Spot ui.Spot
	Line int
}

// Click is a click on the transcript or the wall (SpotBody), at column X
// of its line Line, or on the picker's list (SpotList), on its row Line;
// Double says it is the second of a double click.
type Click struct {
	action
	Spot    ui.Spot
	X, Line int
	Double  bool
}

// Scroll is the wheel over Spot, at column X of its line Line: By is a
// step back (-1) or on (1); Wheel is the message, for a part that scrolls
// itself.
type Scroll struct {
	action
	Spot    ui.Spot
	X, Line int
	By      int
	Wheel   tea.MouseWheelMsg
}
