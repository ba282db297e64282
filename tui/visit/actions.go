package visit

import "github.com/sophia-labs/vehicle/tui/ui"

// Action is what the visit reports for the root to do, beside ui's own
// (Note, Failed): one of this package's action types, a closed set (the
// root's dispatcher has a case for each: tui/dispatch_test.go).
type Action interface {
	ui.Action
	isVisitAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromVisit.
func (action) Source() ui.Source { return ui.FromVisit }

func (action) isVisitAction() {}

// Fill puts a kept draft in the empty composer.
type Fill struct {
	action
	Text string
}

// TakeDraft says the composer's draft went as a chime: it goes into the
// input history, and the composer empties.
type TakeDraft struct{ action }

// Lost says a chime got no answer: Err goes to the errors list, not the
// status line, whose note says what to do.
type Lost struct {
	action
	Err error
}

// Refused says the host refused a chime's request with Err (Qualify is
// said after it): the refusal is kept as any other (the key dialog when a
// key cures it) and Text goes back in the composer as it was.
type Refused struct {
	action
	Err     error
	Qualify string
	Text    string
}

// Restore gives back a chime's text the room refused, to change and send
// again: it went as text, so a leading slash is marked to run no command.
type Restore struct {
	action
	Text string
}
