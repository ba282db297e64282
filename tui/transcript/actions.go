package transcript

import "github.com/sophia-labs/vehicle/tui/ui"

// Action is what the transcript reports, beside ui's own actions: one of this
// package's action types, a closed set (the root's dispatcher has a case for
// each: tui/dispatch_test.go).
type Action interface {
	ui.Action
	isTranscriptAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromTranscript.
func (action) Source() ui.Source { return ui.FromTranscript }

func (action) isTranscriptAction() {}
