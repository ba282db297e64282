package tui

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
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

// notYours words a session the host did not find: it may exist and be
// another person's, which is the same answer.
func (c *common) notYours(err error) {
	if client.ErrorCode(err) != client.CodeNotFound || len(c.errLog) == 0 {
		return
	}
	c.errText += " (it may exist but is not shared with you: a session is its owner's alone)"
	c.errLog[0] = c.errText
}
