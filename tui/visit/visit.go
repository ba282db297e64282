// Package visit is chiming into another person's room: a session that is
// not the person's own, which the host lets them chime into but never
// read. It keeps what was sent from this terminal and what the room did
// with each chime, sends the chimes (its requests, as tea.Cmds: it holds
// the client, as an open session does), and draws its screen's own lines:
// the explanation, the chimes sent and the rule under them.
//
// The root routes it its answers (Chimed) and the person's intents (Chime,
// ChimeText, Kept), keeps the composer and acts on what the visit reports:
// a closed set of actions (Action). It reads the shared ui.Context and
// never writes it; it imports no other component.
package visit

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Visit is the room chimed into, and the chimes sent there.
type Visit struct {
	ctx         *ui.Context
	c           *client.Client
	parent      context.Context // the chimes' requests end with it
	id          string
	sent        []sentChime
	sending     bool
	outbound    *ui.Outgoing // the chime on its way, while sending
	unconfirmed *ui.Outgoing // a chime whose answer was lost: enter sends the same request again
	room        string       // what the last answer said of the room, "" before any
	roomAt      time.Time    // when that answer came
}

// sentChime is a chime sent from this terminal, and what became of it.
type sentChime struct {
	text    string
	at      time.Time
	outcome string
	ok      bool // pending or submitted, not refused
	pending bool // the driver decides: its outcome is never known here
}

// New is the visit of session id, its chimes sent through c under parent.
func New(ctx *ui.Context, c *client.Client, parent context.Context, id string) *Visit {
	return &Visit{ctx: ctx, c: c, parent: parent, id: id}
}

// ID is the session chimed into.
func (v *Visit) ID() string { return v.id }

// Sending reports whether a chime is on its way.
func (v *Visit) Sending() bool { return v.sending }

// Outbound is the chime on its way, nil when none is.
func (v *Visit) Outbound() *ui.Outgoing { return v.outbound }

// Unanswered is the chime that has no answer yet: on its way, or its
// answer lost; nil when there is none.
func (v *Visit) Unanswered() *ui.Outgoing {
	if v.outbound != nil {
		return v.outbound
	}
	return v.unconfirmed
}

// Draft is what an earlier run kept of the visit: the composer's text, and
// a chime sent with no answer (its request id, text and op).
type Draft struct {
	Text, RequestID, Request, Op string
}

// Kept takes back what an earlier run kept: a chime with no answer waits as
// unconfirmed (enter on an empty composer sends the same request), and the
// draft goes in the composer (Fill) unless the person has begun writing
// (blank false).
func (v *Visit) Kept(d Draft, blank bool) ui.Action {
	var act ui.Action
	if d.RequestID != "" && d.Op == client.OpChime && v.unconfirmed == nil {
		v.unconfirmed = &ui.Outgoing{Op: client.OpChime, RequestID: d.RequestID, Text: d.Request, Kept: true}
		act = ui.Note{Text: "your chime with no answer is kept: " + ui.KeyName(v.ctx.Keys.Send) +
			" on an empty composer sends it again (the same request: the room gets it once)"}
	}
	if d.Text != "" && blank {
		act = ui.Join(act, Fill{Text: d.Text})
		if v.unconfirmed == nil {
			act = ui.Join(act, ui.Note{Text: "your draft is back in the composer"})
		}
	}
	return act
}

// Chime sends text, the composer's draft, as a chime (the draft goes:
// TakeDraft); with the composer empty (blank), the chime with no answer is
// sent again as the same request, and with none nothing is sent.
func (v *Visit) Chime(text string, blank bool) (tea.Cmd, ui.Action) {
	out := v.newOutgoing(text)
	var act ui.Action
	switch {
	case !blank:
		act = ui.Join(TakeDraft{}, ui.Note{Text: "sending a chime…"})
	case v.unconfirmed != nil:
		out = *v.unconfirmed
		act = ui.Note{Text: "sending it again (the same request)…"}
	default:
		return nil, nil
	}
	v.sending, v.outbound = true, &out
	return SendChime(v.parent, v.c, 0, v.id, out), act
}

// ChimeText sends text as a chime once the person said it is text, not a
// command (the root took it out of the composer); nothing while a chime is
// on its way.
func (v *Visit) ChimeText(text string) (tea.Cmd, ui.Action) {
	if v.sending {
		return nil, nil
	}
	out := v.newOutgoing(text)
	v.sending, v.outbound = true, &out // on its way as any chime is: a quit asks, the drafts keep it
	return SendChime(v.parent, v.c, 0, v.id, out), ui.Note{Text: "sending a chime…"}
}

// newOutgoing fixes the request of a chime.
func (v *Visit) newOutgoing(text string) ui.Outgoing {
	return ui.Outgoing{Op: client.OpChime, RequestID: v.c.NewRequestID(), Text: text}
}

// Chimed records what the room did with a chime: a request the host
// refused gives its text back (Refused), a lost answer leaves the chime
// unconfirmed (Lost: enter sends the same request again), a chime the room
// refused gives its text back to send again (Restore).
func (v *Visit) Chimed(msg ChimedMsg) ui.Action {
	v.sending, v.outbound = false, nil
	if msg.Err != nil && !ui.HostRefused(msg.Err) {
		v.unconfirmed = &msg.Out
		return ui.Join(Lost{Err: msg.Err}, ui.Note{Text: ui.UnconfirmedNote(client.OpChime, ui.KeyName(v.ctx.Keys.Send))})
	}
	if u := v.unconfirmed; u != nil && u.RequestID == msg.Out.RequestID {
		v.unconfirmed = nil
		if u.Kept && ui.IsConflict(msg.Err) { // an earlier run's request, under its own client id: it went then
			return ui.Join(ui.Failed{}, ui.Note{Text: "the host had this chime from your earlier run: it is not sent twice"})
		}
	}
	if msg.Err != nil {
		r := Refused{Err: msg.Err, Text: msg.Out.Text}
		if client.ErrorCode(msg.Err) == client.CodeNotFound {
			r.Qualify = " (or you have no role on its graph)"
		}
		return r
	}
	now := v.ctx.Now()
	out, room := v.chimeWords(msg.Res, now)
	ok := msg.Res != nil && msg.Res.Accepted
	pending := ok && msg.Res.Status != "submitted"
	v.sent = append(v.sent, sentChime{text: msg.Out.Text, at: now, outcome: out, ok: ok, pending: pending})
	v.room, v.roomAt = room, now
	act := ui.Action(ui.Failed{})
	switch {
	case !ok:
		act = ui.Join(act, Restore{Text: msg.Out.Text}) // refused: the text is the person's still
		out += " · your text is back in the composer"
	case pending:
		out += " · " + pendingUnseen
	}
	return ui.Join(act, ui.Note{Text: out})
}
