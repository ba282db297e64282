package tui

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// Messages the UI's commands answer with. Every one that belongs to an open
// session carries its generation (gen): a message for a session that is no
// longer open is dropped.

// openedMsg answers opening a session: who the person is, the claim (unless
// watching) and the snapshot.
type openedMsg struct {
	gen       int
	id        string
	principal string
	claim     *client.Claimed
	claimErr  error
	snap      *client.Snapshot
	lazy      *client.LazySnapshot // the snapshot with its transcript as bytes, when read so (snap is its Snapshot)
	err       error
}

// streamOpenedMsg answers opening the session's event stream.
type streamOpenedMsg struct {
	gen    int
	stream *client.Stream
	err    error
}

// eventMsg is one event of the open session's stream.
type eventMsg struct {
	gen int
	ev  client.Event
}

// streamEndMsg says the stream ended: err is nil after a clean end.
type streamEndMsg struct {
	gen int
	err error
}

// connMsg is a change of the stream's connection.
type connMsg struct {
	gen   int
	state client.ConnState
}

// sentMsg answers a prompt, follow_up or steer.
type sentMsg struct {
	gen int
	out session.Outgoing
	acc *client.Accepted
	err error
}

// abortedMsg answers an abort, and the cancels of the follow-ups held
// back before it.
type abortedMsg struct {
	gen  int
	err  error
	held []string // the queued commands of this terminal's cancelled before the abort
}

// claimedMsg answers a claim asked for by the person (take over, take back).
type claimedMsg struct {
	gen      int
	claim    *client.Claimed
	err      error
	takeover bool
	renewal  bool // a quiet renewal while the person is here
}

// createdMsg answers creating a session.
type createdMsg struct {
	created *client.Created
	err     error
}

// renamedMsg answers a rename.
type renamedMsg struct {
	session *client.Summary
	err     error
}

// deletedMsg answers a delete: both halves of it.
type deletedMsg struct {
	id      string
	title   string
	outcome *client.DeleteOutcome
	err     error
}

// clonedMsg answers a clone.
type clonedMsg struct {
	branched *client.Branched
	err      error
}

// flushMsg is the throttle's tick: render the streaming tail now; at is
// when the tick fired (zero when a test sends it).
type flushMsg struct {
	gen int
	at  time.Time
}

// chimedMsg answers a chime sent from this terminal: into the open
// session's room (gen is its generation) or, visiting, into another
// person's room.
type chimedMsg struct {
	gen   int
	visit bool
	out   session.Outgoing
	res   *client.ChimeResult
	err   error
}

// resolvedMsg answers accept_chime or reject_chime.
type resolvedMsg struct {
	gen    int
	accept bool
	chime  client.Chime
	res    *client.ChimeResult
	err    error
}

// policyMsg answers set_room_policy.
type policyMsg struct {
	gen    int
	policy string
	err    error
}

// cancelledMsg answers cancelling a queued command.
type cancelledMsg struct {
	gen       int
	commandID string
	err       error
}

// accountMsg answers the look-up of the person's account.
type accountMsg struct {
	acc *client.Account
	err error
}

// forkedMsg answers a fork before a transcript entry.
type forkedMsg struct {
	gen      int
	branched *client.Branched
	err      error
}
