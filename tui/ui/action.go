package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
)

// Component is a pane or an overlay: it handles its messages, draws itself
// from its own state and the Context alone, owns its size and lists its keys
// for the help and the hints. It never writes what another component or the
// root owns (the focus, the overlays, the status line): it reports what
// happened as an Action, and the root acts on it.
type Component interface {
	help.KeyMap
	// Update handles a message: the command it needs run (never one that
	// talks to the host: that is the root's to make) and what happened.
	Update(msg tea.Msg) (tea.Cmd, Action)
	// View draws the component at the size it was given.
	View() string
	// SetSize gives the component its width and height in cells.
	SetSize(width, height int)
}

// Action is what a component reports happened, for the root to act on: one
// of ui's own (Note, Failed, Close, Done, Show, Batch) or one of a component
// package's. Each package's actions are a closed set, sealed by an
// unexported method of that package's own Action interface, and the root
// has one dispatcher per Source: a test (tui/dispatch_test.go) fails when a
// type of a set has no case in its dispatcher. nil means nothing the root
// must know.
type Action interface {
	// Source names the set the action belongs to, and so its dispatcher.
	Source() Source
}

// Source is the set an Action belongs to.
type Source uint8

// The sets of actions: ui's own, each component package's, the root's
// (what a dialog hands back for the root to do) and an open session's.
const (
	General Source = iota
	FromDialog
	FromPanes
	FromPicker
	FromTranscript
	FromRoot
	FromSession
	FromMouse
	FromVisit
	FromManage
	FromKeep
	FromSlash
	FromModelKey
)

// Note says what happened, on the status line.
type Note struct{ Text string }

// Failed shows an error on the status line, with its code (the note stays);
// a nil Err clears the error shown.
type Failed struct{ Err error }

// Close closes the overlay that reported it.
type Close struct{}

// Done says a pane acted: the keys go back to the composer.
type Done struct{}

// Show opens an overlay over the screen.
type Show struct{ Overlay Component }

// Batch is several actions, acted on in order.
type Batch []Action

// Source is General: ui's own actions.
func (Note) Source() Source { return General }

// Source is General: ui's own actions.
func (Failed) Source() Source { return General }

// Source is General: ui's own actions.
func (Close) Source() Source { return General }

// Source is General: ui's own actions.
func (Done) Source() Source { return General }

// Source is General: ui's own actions.
func (Show) Source() Source { return General }

// Source is General: ui's own actions.
func (Batch) Source() Source { return General }

// Join is the actions that are not nil, as one: nil for none, the action
// itself for one, else a Batch.
func Join(as ...Action) Action {
	var out Batch
	for _, a := range as {
		switch a := a.(type) {
		case nil:
		case Batch:
			out = append(out, a...)
		default:
			out = append(out, a)
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return out
}

// Each calls do with every action in a, Batches unfolded, in order.
func Each(a Action, do func(Action)) {
	switch a := a.(type) {
	case nil:
	case Batch:
		for _, x := range a {
			Each(x, do)
		}
	default:
		do(a)
	}
}
