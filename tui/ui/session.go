package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
)

// The values and words the open session (tui/session) and the panes share:
// the stream's connection, the person's own commands in the queue lane, when
// the lease line's countdown changes, the names of ops and room policies.

// Conn is the stream's connection as the status line shows it: the link
// as it is now, and, for a while after the stream came back, that it did
// and how many events its replay brought.
type Conn struct {
	State    wire.ConnState
	Resumed  bool // the stream came back after a loss lately: said until Settle
	Ended    bool // the stream ended for good
	Replayed int  // events replayed at the last resume
	resumes  int  // the resumes said so far: Settle ends the last one's words only
}

// Update folds a connection change in: after a reconnect, the next
// streaming or polling state is a resume, and a later state may bring how
// many events its replay brought. It reports whether a resume is said now,
// for the caller to Settle after a while.
func (c *Conn) Update(s wire.ConnState) (resumed bool) {
	lost := c.State.Mode == wire.ConnReconnecting
	c.State = s
	switch s.Mode {
	case wire.ConnStreaming, wire.ConnPolling:
		if lost || s.Replayed > 0 {
			c.Resumed, c.Replayed = true, s.Replayed
			c.resumes++
			return true
		}
	case wire.ConnReconnecting:
		c.Resumed = false
	case wire.ConnClosed:
		c.Ended = true
	}
	return false
}

// Resumes counts the resumes said so far: the one Settle ends.
func (c *Conn) Resumes() int { return c.resumes }

// Settle stops saying resume n, unless another came since: the line says
// the link as it is now.
func (c *Conn) Settle(n int) {
	if n == c.resumes {
		c.Resumed = false
	}
}

// Text words the connection, in its style: the link as it is now, and a
// resume while it is said.
func (c *Conn) Text(st *theme.Styles) string {
	s := c.State
	resumed := ""
	if c.Resumed {
		resumed = fmt.Sprintf(" · resumed, %d events replayed", c.Replayed)
	}
	switch {
	case c.Ended || s.Mode == wire.ConnClosed:
		return st.StatusWarn.Render("stream closed")
	case s.Mode == wire.ConnReconnecting:
		return st.StatusWarn.Render(fmt.Sprintf("reconnecting %d", max(s.Attempt, 1)))
	case s.Mode == wire.ConnStreaming:
		return st.StatusGood.Render("● live" + resumed)
	case s.Mode == wire.ConnPolling:
		return st.StatusWarn.Render("polling" + resumed)
	}
	return st.Status.Render("connecting…")
}

// LaneItem is one command waiting behind the run: a queued follow_up (or
// prompt), or a steer not yet delivered; or the person's own command the
// host cancelled, or whose answer was lost.
type LaneItem struct {
	CommandID string
	Op        string
	Text      string // its text, when this terminal sent it, or an accepted chime's
	Author    string // the collaborator whose accepted chime it is, "" for the person's own
	Cancelled bool   // the host cancelled it undelivered (or it failed: Failed): enter sends it again
	Failed    bool   // it failed (command.failed): enter sends it again
	// Unconfirmed: its answer was lost; enter sends the same request again
	Unconfirmed bool
}

// OpWord names a command's op for people.
func OpWord(op string) string {
	switch op {
	case wire.OpFollowUp:
		return "follow-up"
	case wire.OpPrompt:
		return "prompt"
	}
	return SanitizeLine(op)
}

// NextShown is how long until the time left the lease line shows changes,
// for d left: the next whole minute while more than one is left, then the
// next step of 5 s; 0 once the lease expired. An idle terminal holding a
// lease so draws its lease line once a minute, and twelve times in the
// lease's last minute.
func NextShown(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	step := 5 * time.Second
	if d > time.Minute {
		step = time.Minute
	}
	if r := d % step; r > 0 {
		return r
	}
	return step
}

// Possessive is a collaborator's name with 's, for notes.
func Possessive(author string) string {
	a := TitleLine(author)
	if a == "" {
		return "the"
	}
	if strings.HasSuffix(a, "s") {
		return a + "'"
	}
	return a + "'s"
}

// PolicyMeaning says what a room policy does with a chime.
func PolicyMeaning(p string) string {
	switch p {
	case wire.PolicyObserve, wire.PolicyMute:
		return "chimes are refused"
	case wire.PolicySuggest:
		return "chimes wait for the driver"
	case wire.PolicyCoDrive:
		return "chimes go in at once"
	}
	return "the host's own policy"
}

// ChimeName names a chime for notes: its author and its first words.
func ChimeName(c wire.Chime) string {
	return Possessive(c.Author) + " chime “" + ClipRunes(TitleLine(c.Text), 24) + "”"
}
