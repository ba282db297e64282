package session

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Action is what a session reports for the root to do, beside ui's own
// actions (Note, Failed): one of this package's action types, a closed set
// (the root's dispatcher has a case for each: tui/dispatch_test.go). Each
// names the session it comes from by its generation where the root must
// find it.
type Action interface {
	ui.Action
	isSessionAction()
}

// action marks this package's actions: each embeds it.
type action struct{}

// Source is ui.FromSession.
func (action) Source() ui.Source { return ui.FromSession }

func (action) isSessionAction() {}

// Restore puts text back in the composer (a refused send's, held
// follow-ups), and the context refs it carried in front of those attached
// since. Sent says the text went as text: a leading slash is marked so
// that it is not run as a command.
type Restore struct {
	action
	Text string
	Refs []string
	Sent bool
}

// Refused says the host refused a send with err: the root keeps a refusal
// that names the doors (and offers the key dialog when a key cures it).
type Refused struct {
	action
	Err error
}

// Accepted says the host took a text command: the root forgets the last
// refusal and, unless the host replayed an earlier answer, counts the turn.
type Accepted struct {
	action
	Replayed bool
}

// Unanswered says a send got no answer: Err goes to the errors list, not
// the status line, whose note says what to do.
type Unanswered struct {
	action
	Err error
}

// AskHeld asks the person whether what an abort held back still goes (back
// in the composer, or sent now, in order): the follow-ups it held back
// (Texts), and the steers the run ended without taking in (Steers).
type AskHeld struct {
	action
	Gen    int
	Texts  []string
	Steers []string
}

// Unchanged says nothing shown changed: the screen is not drawn again.
type Unchanged struct{ action }

// RedrawStreams asks for the streaming text of every transcript to be
// rendered again (notes came in front of it).
type RedrawStreams struct{ action }

// Notify is a notice for a person who is not looking: a bell, a desktop
// notice, when the terminal does not have the focus.
type Notify struct {
	action
	Text string
}

// LogError keeps an error the session's events reported, with when it
// happened, in the errors list.
type LogError struct {
	action
	Text string
	At   time.Time
}

// Offer opens the take-over-or-watch offer for the lease holder holds
// (the person's other terminal); FromText says enter on text found it, so
// the next words typed stay text.
type Offer struct {
	action
	Gen      int
	Holder   *client.Lease
	FromText bool
}

// CloseOffer closes the take-over offer, if it shows.
type CloseOffer struct{ action }

// KeepFocus moves the focus off a pane that has nothing left to show.
type KeepFocus struct{ action }

// FetchAccount reads the person's account again (a run settled in the
// session of generation Gen).
type FetchAccount struct {
	action
	Gen int
}

// ClearNote clears the status line's note when it still says Was.
type ClearNote struct {
	action
	Was string
}

// GiveBack gives the person back a command of theirs the host ended
// undelivered, or that failed (What names it; Failed is the host's error):
// into the composer when it is empty, else into the session's queue lane
// (Session.Return), marked so.
type GiveBack struct {
	action
	Gen    int
	What   string
	Item   ui.LaneItem
	Failed string
}

// ArmFlush arms the flush tick every tile shares for due, unless one is
// armed for then or sooner.
type ArmFlush struct {
	action
	Due time.Time
}

// Reload opens the session again in its place, from a new snapshot, and
// says Note once it has opened.
type Reload struct {
	action
	Gen  int
	Note string
}

// Learnt says who the person is, as the host told it when the session
// opened.
type Learnt struct {
	action
	Principal string
}

// OpenFailed says the session of generation Gen could not be opened: the
// root takes its tile off the wall and says why.
type OpenFailed struct {
	action
	Gen int
	ID  string // the session that could not be opened
	Err error
}

// Opened says a session opened: the root lays the screen out again and,
// when Opening and the note still says what is opening, says what still
// is.
type Opened struct {
	action
	Opening bool
}

// ResendChime sends a chime kept from a visit again, as the same request
// (chimes are the root's to send).
type ResendChime struct {
	action
	Gen int
	Out Outgoing
}

// Fill puts a draft kept from an earlier run in the empty composer.
type Fill struct {
	action
	Text string
}

// FocusTile gives tile Tile of the wall the focus (the wall's keys).
type FocusTile struct {
	action
	Tile int
}
