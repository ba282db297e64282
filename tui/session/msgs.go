package session

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Msg is a message for one open session: the answer of one of its
// requests, an event of its stream, one of its timers. For is the
// generation of the session it is for: the root hands it to the tile of
// that generation and drops it when that session is closed.
type Msg interface {
	For() int
}

// SentMsg answers a prompt, follow_up or steer.
type SentMsg struct {
	Gen int
	Out Outgoing
	Acc *client.Accepted
	Err error
}

// AbortedMsg answers an abort, and the cancels of the follow-ups held
// back before it.
type AbortedMsg struct {
	Gen  int
	Err  error
	Held []string // the queued commands of this terminal's cancelled before the abort
}

// ClaimedMsg answers a claim asked for by the person (take over, take back).
type ClaimedMsg struct {
	Gen      int
	Claim    *client.Claimed
	Err      error
	Takeover bool
	Renewal  bool // a quiet renewal while the person is here
}

// OpenedMsg answers opening a session: who the person is, the claim (unless
// watching) and the snapshot.
type OpenedMsg struct {
	Gen       int
	ID        string
	Principal string
	Claim     *client.Claimed
	ClaimErr  error
	Snap      *client.Snapshot
	Lazy      *client.LazySnapshot // the snapshot with its transcript as bytes, when read so (snap is its Snapshot)
	Err       error
}

// StreamOpenedMsg answers opening the session's event stream.
type StreamOpenedMsg struct {
	Gen    int
	Stream *client.Stream
	Err    error
}

// EventMsg is one event of the open session's stream.
type EventMsg struct {
	Gen int
	Ev  client.Event
}

// EventsMsg is the events of the open session's stream that arrived
// together, in order.
type EventsMsg struct {
	Gen int
	Evs []client.Event
}

// StreamEndMsg says the stream ended: err is nil after a clean end.
type StreamEndMsg struct {
	Gen int
	Err error
}

// ConnMsg is a change of the stream's connection.
type ConnMsg struct {
	Gen   int
	State client.ConnState
}

// ResumeSaidMsg says a resume of the stream was said long enough: the
// status line says the link as it is now.
type ResumeSaidMsg struct {
	Gen    int
	Resume int // the resume it ends (ui.Conn.Resumes)
}

// LeaseTickMsg is the lease timer: the lease that expires at expires may
// need renewing (or has expired).
type LeaseTickMsg struct {
	Gen     int
	Expires time.Time
}

// LeaseShowMsg draws the lease line again: the time left it shows
// changed.
type LeaseShowMsg struct {
	Gen int
	Due time.Time
}

// EarlierCountMsg brings the count of the entries a lazy open did not fold.
type EarlierCountMsg struct {
	Gen, N int
}

// FoldStepMsg folds the next chunk of a lazily opened transcript.
type FoldStepMsg struct{ Gen int }

// NotesMsg brings the notes of the events up to an opened snapshot's cursor.
type NotesMsg struct {
	Gen    int
	Placed []client.PlacedNotice
	Err    error
}

// FactsMsg answers a read of the open session's summary: nil when the
// listing failed or no longer holds the session (what is shown stays).
type FactsMsg struct {
	Gen     int
	Summary *client.Summary
}

// ReopenMsg says a stream that could not be opened is due to be tried
// again.
type ReopenMsg struct{ Gen int }

// ResolvedMsg answers accept_chime or reject_chime.
type ResolvedMsg struct {
	Gen    int
	Accept bool
	Chime  client.Chime
	Res    *client.ChimeResult
	Err    error
}

// PolicyMsg answers set_room_policy.
type PolicyMsg struct {
	Gen    int
	Policy string
	Err    error
}

// CancelledMsg answers cancelling a queued command.
type CancelledMsg struct {
	Gen       int
	CommandID string
	Err       error
}

// ForgotMsg says whether the host still knows the last event this terminal
// saw of the session, after the stream resumed.
type ForgotMsg struct {
	Gen    int
	Forgot bool
}

// For is the generation of the session the message is for.
func (m SentMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m AbortedMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m ClaimedMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m OpenedMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m StreamOpenedMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m EventMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m EventsMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m StreamEndMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m ConnMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m ResumeSaidMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m LeaseTickMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m LeaseShowMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m EarlierCountMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m FoldStepMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m NotesMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m FactsMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m ReopenMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m ResolvedMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m PolicyMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m CancelledMsg) For() int { return m.Gen }

// For is the generation of the session the message is for.
func (m ForgotMsg) For() int { return m.Gen }
