package dialog

import (
	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Action is what a dialog reports, beside ui's own actions: one of this
// package's action types, a closed set (the root's dispatcher has a case for
// each: tui/dispatch_test.go).
type Action interface {
	ui.Action
	isDialogAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromDialog.
func (action) Source() ui.Source { return ui.FromDialog }

func (action) isDialogAction() {}

// Rename asks to rename a session to Title ("" clears it).
type Rename struct {
	action
	SessionID string
	Title     string
}

// Delete asks to delete a session, once the person confirmed.
type Delete struct {
	action
	Target wire.Summary
}

// TakeOver asks to take the lease over from the person's other terminal,
// in the session opened as generation Gen.
type TakeOver struct {
	action
	Gen int
}

// Watch says the person chose to watch the session of generation Gen
// instead of taking it over.
type Watch struct {
	action
	Gen int
}

// GiveKey is the model key the person gave, and whether to save it in the
// OS keyring.
type GiveKey struct {
	action
	Key  string
	Save bool
}

// Run asks to run the palette's command number Index (in the order the
// palette was given them).
type Run struct {
	action
	Index int
}

// WatchID asks to watch the session ID: open it without claiming its lease.
type WatchID struct {
	action
	ID string
}

// WatchAnother asks for another id to watch (NewAskWatch).
type WatchAnother struct{ action }

// ShowSessions shows the person's sessions (the picker).
type ShowSessions struct{ action }

// ChimeInto opens the visit: chiming into the session ID.
type ChimeInto struct {
	action
	ID string
}

// HeldBack puts the texts an abort in the session of generation Gen held
// back in the composer: the Steers first of Texts are steers.
type HeldBack struct {
	action
	Gen    int
	Texts  []string
	Steers int
}

// SendHeld sends the texts an abort in the session of generation Gen held
// back, now, in order.
type SendHeld struct {
	action
	Gen   int
	Texts []string
}
