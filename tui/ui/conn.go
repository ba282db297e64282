package ui

import (
	"fmt"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
)

// The values the open session (tui/session) keeps and the panes show: the
// stream's connection and the person's own commands in the queue lane.

// Conn is the stream's connection as the status line shows it.
type Conn struct {
	State    client.ConnState
	Resumed  bool // the stream came back after a loss
	Ended    bool // the stream ended for good
	Replayed int  // events replayed at the resume
}

// Update folds a connection change in: after a reconnect, the next
// streaming or polling state is a resume.
func (c *Conn) Update(s client.ConnState) {
	lost := c.State.Mode == client.ConnReconnecting
	c.State = s
	switch s.Mode {
	case client.ConnStreaming, client.ConnPolling:
		if lost {
			c.Resumed, c.Replayed = true, s.Replayed
		}
	case client.ConnReconnecting:
		c.Resumed = false
	case client.ConnClosed:
		c.Ended = true
	}
}

// Text words the connection, in its style.
func (c *Conn) Text(st *theme.Styles) string {
	s := c.State
	switch {
	case c.Ended || s.Mode == client.ConnClosed:
		return st.StatusWarn.Render("stream closed")
	case s.Mode == client.ConnReconnecting:
		return st.StatusWarn.Render(fmt.Sprintf("reconnecting %d", max(s.Attempt, 1)))
	case c.Resumed && s.Mode == client.ConnStreaming:
		return st.StatusGood.Render(fmt.Sprintf("resumed, %d events replayed", c.Replayed))
	case s.Mode == client.ConnStreaming:
		return st.StatusGood.Render("● live")
	case s.Mode == client.ConnPolling:
		word := "polling"
		if c.Resumed {
			word = fmt.Sprintf("polling (resumed, %d events replayed)", c.Replayed)
		}
		return st.StatusWarn.Render(word)
	}
	return st.Status.Render("connecting…")
}

// LaneItem is one command waiting behind the run: a queued follow_up (or
// prompt), or a steer not yet delivered; or the person's own command the
// host cancelled, or whose answer was lost.
type LaneItem struct {
	CommandID string
	Op        string
	Text      string // its text, when this terminal sent it
	Cancelled bool   // the host cancelled it undelivered: enter sends it again
	// Unconfirmed: its answer was lost; enter sends the same request again
	Unconfirmed bool
}
