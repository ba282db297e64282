// Package note is what the status line says, as the root tells it: the
// last thing that happened (the note), the last error with its code, the
// errors list the errors overlay shows (f3), and whether the quit key was
// pressed once. It owns them and is told (Say, SetErr, Fail, ArmQuit);
// the status line (panes.Status) draws from what it reads back. It reads
// the shared ui.Context (the keys an error names, the clock, where times
// are shown) and never writes it; it reports no actions: nothing happens
// in it that the root does not already know.
package note

import (
	"errors"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// errorsMax bounds the errors kept for the errors overlay.
const errorsMax = 20

// Line is what the status line says.
type Line struct {
	ctx       *ui.Context
	text      string    // the last thing that happened, in words
	err       string    // the last error, with its code
	log       []string  // the last errors, newest first
	quitArmed bool      // the quit key was pressed once on an empty composer
	quitAt    time.Time // when: a second press quits only within the quit window
}

// New is the status line's words, read with ctx.
func New(ctx *ui.Context) *Line { return &Line{ctx: ctx} }

// Text is the note: the last thing that happened, "" when none.
func (l *Line) Text() string { return l.text }

// Say makes text the note.
func (l *Line) Say(text string) { l.text = text }

// Add adds more to the end of the note.
func (l *Line) Add(more string) { l.text += more }

// Err is the last error shown, with its code; "" when none shows.
func (l *Line) Err() string { return l.err }

// Errors is the last errors, newest first, for the errors overlay.
func (l *Line) Errors() []string { return l.log }

// SetErr shows an error with its code and keeps it in the errors list;
// nil clears the error shown.
func (l *Line) SetErr(err error) {
	if err == nil {
		l.err = ""
		return
	}
	l.err = Describe(err, &l.ctx.Keys)
	if len(l.log) == 0 || l.log[0] != l.err {
		l.log = append([]string{l.err}, l.log[:min(len(l.log), errorsMax-1)]...)
	}
}

// Fail shows a refused or failed request, dropping the note it replaces,
// and reports whether err was one.
func (l *Line) Fail(err error) bool {
	if err == nil {
		return false
	}
	l.SetErr(err)
	l.text = ""
	return true
}

// HideErr stops showing the last error, which the errors list keeps: the
// note says what to do instead.
func (l *Line) HideErr() { l.err = "" }

// Qualify adds more to the error shown (not to the one kept in the list).
func (l *Line) Qualify(more string) { l.err += more }

// LogError keeps an error the transcript shows (a failed turn, a run's
// error, an extension's) in the errors list, with its time, newest first:
// two of the same are two entries.
func (l *Line) LogError(text string, at time.Time) {
	if text == "" {
		return
	}
	if at.IsZero() {
		at = l.ctx.Now()
	}
	line := at.In(l.ctx.Location).Format("15:04:05") + " · " + ui.SanitizeLine(text)
	l.log = append([]string{line}, l.log[:min(len(l.log), errorsMax-1)]...)
}

// NotYours words a session the host did not find: it may exist and be
// another person's, which is the same answer.
func (l *Line) NotYours(err error) {
	if wire.ErrorCode(err) != wire.CodeNotFound || len(l.log) == 0 {
		return
	}
	l.err += " (it may exist but is not shared with you: a session is its owner's alone)"
	l.log[0] = l.err
}

// QuitArmed reports whether the quit key was pressed once: the note says
// what a second press does.
func (l *Line) QuitArmed() bool { return l.quitArmed }

// ArmQuit says the quit key was pressed once, at now.
func (l *Line) ArmQuit(now time.Time) { l.quitArmed, l.quitAt = true, now }

// DisarmQuit forgets a first press of the quit key.
func (l *Line) DisarmQuit() { l.quitArmed = false }

// QuitsNow reports whether a press at now is the second within window of
// the first.
func (l *Line) QuitsNow(now time.Time, window time.Duration) bool {
	return l.quitArmed && now.Sub(l.quitAt) <= window
}

// Describe words an error for the status line: the refusal's code and the
// host's message, or the transport failure; a lease held that can be
// taken over names the key that does it.
func Describe(err error, keys *ui.KeyMap) string {
	var e *wire.Error
	if errors.As(err, &e) {
		msg := e.Message
		if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
			msg += " (" + ui.KeyName(keys.TakeOver) + " takes over)"
		}
		return ui.SanitizeLine(e.Code + ": " + msg)
	}
	if wire.IsTransport(err) {
		return ui.SanitizeLine("unreachable: " + err.Error())
	}
	return ui.SanitizeLine(err.Error())
}

// NoAccess words the host's not_found for session id, which this person
// asked for by its id on graph: to anyone but its owner a session does not
// exist, so it says there is no access to it, and what this person may do
// instead (a member of the graph chimes into it); err as it is otherwise.
func NoAccess(id, graph string, err error) error {
	var e *wire.Error
	if !errors.As(err, &e) || e.Code != wire.CodeNotFound || id == "" {
		return err
	}
	where := "this graph"
	if graph != "" {
		where = "graph " + graph
	}
	msg := "no access to session " + id + ": only its owner reads it, and to anyone else it is not found " +
		"(or " + where + " has no session " + id + ") · vehicle --session " + id + " --chime writes to its driver, " +
		"if you have a role on " + where + " · the host said: " + e.Message
	return &wire.Error{Status: e.Status, Code: e.Code, Message: msg, Details: e.Details}
}
