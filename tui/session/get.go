package session

import (
	"context"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// What the root reads of a session, to draw it and to route to it. The
// root changes a session only through its intents (Send, Abort, Claim,
// TakeFocus, ...), never its fields.

// ID is the session's id.
func (s *Session) ID() string { return s.id }

// Gen is the session's generation: its messages carry it.
func (s *Session) Gen() int { return s.gen }

// Context ends when the session is closed: a request made for it is made
// under it.
func (s *Session) Context() context.Context { return s.ctx }

// State is the reducer's state of the session, nil until the snapshot
// arrives.
func (s *Session) State() *client.State { return s.state }

// Stream is the session's event stream, nil until it is open.
func (s *Session) Stream() *client.Stream { return s.stream }

// Conn is the stream's connection as the status line shows it.
func (s *Session) Conn() ui.Conn { return s.conn }

// Role is what this terminal means to do with the session.
func (s *Session) Role() Role { return s.role }

// Offer is the lease of the person's other terminal while the take-over
// offer shows, nil otherwise.
func (s *Session) Offer() *client.Lease { return s.offer }

// Sending reports whether a text command is on its way.
func (s *Session) Sending() bool { return s.sending }

// Stale reports whether the host restarted since the lease was last
// confirmed.
func (s *Session) Stale() bool { return s.stale }

// Reduced reports whether the host refused with access_reduced: the person
// reads the session and never drives it.
func (s *Session) Reduced() bool { return s.reduced }

// Stopping reports whether an abort this terminal sent is on its way, or
// its run has not settled.
func (s *Session) Stopping() bool { return s.stop.Sent }

// Flushes reports whether the streaming tail waits for a flush tick.
func (s *Session) Flushes() bool { return s.flushes }

// Drawing reports whether streamed deltas are being drawn as they come:
// more are due within a flush interval or so.
func (s *Session) Drawing(now time.Time) bool { return s.pace.Drawing(now) }

// Cost is what the session has cost so far; known says the total counts
// what it cost before it was opened.
func (s *Session) Cost() (total float64, known bool) { return s.cost.Total, s.cost.Known }

// Unconfirmed is the send whose answer was lost, nil when there is none.
func (s *Session) Unconfirmed() *Outgoing { return s.unconfirmed }

// Outbound is the send on its way, nil when there is none.
func (s *Session) Outbound() *Outgoing { return s.outbound }

// Draft is the composer's text kept while another tile has the focus.
func (s *Session) Draft() string { return s.draft }

// Needs is why the session needs the person while its tile is not
// focused, "" when it does not.
func (s *Session) Needs() string { return s.needs }

// History is the kept input history, once read.
func (s *Session) History() []string { return s.history }

// TimerFor is the lease expiry the lease timer is set for.
func (s *Session) TimerFor() time.Time { return s.timerFor }

// ShowAt is when the countdown's next redraw is due.
func (s *Session) ShowAt() time.Time { return s.showAt }
