package keep

import "github.com/sophia-labs/vehicle/tui/ui"

// Action is what the keeper reports: a closed set, sealed by isKeepAction;
// the root's onKeepAction has a case for each.
type Action interface {
	ui.Action
	isKeepAction()
}

// action marks the keeper's actions: each embeds it.
type action struct{}

// Source is ui.FromKeep.
func (action) Source() ui.Source { return ui.FromKeep }

func (action) isKeepAction() {}

// DraftBack is the draft an earlier run kept of the session of generation
// Gen (VisitGen: the visit's), for it to take back.
type DraftBack struct {
	action
	Gen  int
	Kept KeptDraft
}

// HistoryBack is the input history kept of the session of generation Gen
// (VisitGen: the visit's), to go under what this run remembered; Err says
// it could not all be read.
type HistoryBack struct {
	action
	Gen   int
	Items []string
	Err   error
}

// RecentBack is the sessions open last; Cont says the UI started with
// --continue and opens them.
type RecentBack struct {
	action
	IDs  []string
	Cont bool
	Err  error
}

// Failed says a draft or a text of the history was not kept, or not read
// back: the status line says it, over the note.
type Failed struct {
	action
	Err error
}
