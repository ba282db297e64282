package tui

import (
	"errors"
	"fmt"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
)

// connView is the stream's connection as the status line shows it.
type connView struct {
	state    client.ConnState
	resumed  bool // the stream came back after a loss
	ended    bool // the stream ended for good
	replayed int  // events replayed at the resume
}

// update folds a connection change in: after a reconnect, the next
// streaming or polling state is a resume.
func (c *connView) update(s client.ConnState) {
	lost := c.state.Mode == client.ConnReconnecting
	c.state = s
	switch s.Mode {
	case client.ConnStreaming, client.ConnPolling:
		if lost {
			c.resumed, c.replayed = true, s.Replayed
		}
	case client.ConnReconnecting:
		c.resumed = false
	case client.ConnClosed:
		c.ended = true
	}
}

// text words the connection, in its style.
func (c *connView) text(st *theme.Styles) string {
	s := c.state
	switch {
	case c.ended || s.Mode == client.ConnClosed:
		return st.StatusWarn.Render("stream closed")
	case s.Mode == client.ConnReconnecting:
		return st.StatusWarn.Render(fmt.Sprintf("reconnecting %d", max(s.Attempt, 1)))
	case c.resumed && s.Mode == client.ConnStreaming:
		return st.StatusGood.Render(fmt.Sprintf("resumed, %d events replayed", c.replayed))
	case s.Mode == client.ConnStreaming:
		return st.StatusGood.Render("● live")
	case s.Mode == client.ConnPolling:
		word := "polling"
		if c.resumed {
			word = fmt.Sprintf("polling (resumed, %d events replayed)", c.replayed)
		}
		return st.StatusWarn.Render(word)
	}
	return st.Status.Render("connecting…")
}

// runText words the run state and the queue.
func runText(st *theme.Styles, s *client.State) string {
	run := s.Run.String()
	if n := len(s.Queue); n > 0 {
		run += fmt.Sprintf(" · %d queued", n)
	}
	if s.Run == client.RunRunning {
		return st.StatusWarn.Render(run)
	}
	return st.Status.Render(run)
}

// budgetText words the budget used by the current or last run.
func budgetText(st *theme.Styles, s *client.State) string {
	b := s.Session.Budget
	budget := fmt.Sprintf("run %d", s.Usage.Turns)
	if b.MaxTurns > 0 {
		budget += fmt.Sprintf("/%d", b.MaxTurns)
	}
	budget += " turns"
	budget += fmt.Sprintf(" · $%.4f", s.Usage.CostUSD)
	if b.MaxCostUSD > 0 {
		budget += fmt.Sprintf("/$%.2f", b.MaxCostUSD)
	}
	return st.Status.Render(budget)
}

// describe words an error for the status line: the refusal's code and the
// host's message, or the transport failure.
func describe(err error, keys *KeyMap) string {
	var e *client.Error
	if errors.As(err, &e) {
		msg := e.Message
		if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
			msg += " (" + keyName(keys.TakeOver) + " takes over)"
		}
		return SanitizeLine(e.Code + ": " + msg)
	}
	if client.IsTransport(err) {
		return SanitizeLine("unreachable: " + err.Error())
	}
	return SanitizeLine(err.Error())
}

// joinFit joins parts with " · " and cuts the result to width.
func joinFit(parts []string, width int) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	s := strings.Join(kept, " · ")
	if xansi.StringWidth(s) > width {
		s = xansi.Truncate(s, width, "…")
	}
	return s
}
