package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Errors say the right thing: every error drawn (on the status line or in
// the transcript) is in the errors list (f3); a session not found may
// exist and not be the person's; a stream whose cursor the host no longer
// knows (it restarted with another state) reads the session again.

// logError keeps an error the transcript shows (a failed turn, a run's
// error, an extension's) in the errors list, with its time, newest first:
// two of the same are two entries.
func (c *common) logError(text string, at time.Time) {
	if text == "" {
		return
	}
	if at.IsZero() {
		at = c.Now()
	}
	line := at.In(c.Location).Format("15:04:05") + " · " + ui.SanitizeLine(text)
	c.errLog = append([]string{line}, c.errLog[:min(len(c.errLog), errorsMax-1)]...)
}

// logEventError keeps the error an event drew in the transcript.
func (m *Model) logEventError(s *session.Session, ev client.Event) {
	var what string
	switch ev.Type {
	case client.EvCommandFailed:
		what = "the turn failed: "
	case client.EvRunError:
		what = "run error: "
	case client.EvExtensionError:
		what = "extension error: "
	default:
		return
	}
	at, _ := time.Parse(time.RFC3339Nano, ev.At)
	m.logError(what+s.State.LastError, at)
}

// notYours words a session the host did not find: it may exist and be
// another person's, which is the same answer.
func (c *common) notYours(err error) {
	if client.ErrorCode(err) != client.CodeNotFound || len(c.errLog) == 0 {
		return
	}
	c.errText += " (it may exist but is not shared with you: a session is its owner's alone)"
	c.errLog[0] = c.errText
}

// probeCursor asks the host for the last event this terminal saw (seq
// cursor): a host that restarted with another state has none, and its
// stream resumes with nothing to replay, so the session must be read again.
func probeCursor(ctx context.Context, c *client.Client, gen int, id string, cursor int64) tea.Cmd {
	if cursor <= 0 {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		res, err := c.Watch(ctx, id, cursor-1, 0)
		if err != nil {
			return session.ForgotMsg{Gen: gen, Forgot: client.ErrorCode(err) == client.CodeNotFound}
		}
		for _, ev := range res.Events {
			if ev.Seq == cursor {
				return session.ForgotMsg{Gen: gen}
			}
		}
		return session.ForgotMsg{Gen: gen, Forgot: true}
	}
}
