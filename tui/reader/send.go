package reader

import (
	"errors"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// outgoing is text the person typed, on its way or kept for /again.
type outgoing struct {
	op        string // client.OpPrompt, OpFollowUp, OpSteer or OpChime; "" when not sent yet
	text      string
	requestID string // the request's id: sent again as is after a lost answer
	lost      bool   // the answer was lost: /again sends the very same request
}

// keep keeps text that was not sent, for /again.
func (r *reader) keep(text string) { r.unsent = &outgoing{text: text} }

// sendText sends a line of plain text: a chime when chiming into another
// person's session, else a prompt while idle and a follow-up while a run is
// under way.
func (r *reader) sendText(text string) {
	switch {
	case r.visit != "":
		r.chime(r.visit, outgoing{op: client.OpChime, text: text})
	case r.sess == nil:
		r.keep(text)
		r.say("no session is open, so nothing was sent: /sessions lists them, /new starts one; then /again sends your text.")
	case r.cfg.Watch:
		r.keep(text)
		r.readOnly()
	case othersRoom(r.sess):
		r.chime(r.sess.id, outgoing{op: client.OpChime, text: text})
	default:
		r.send(r.sess, outgoing{op: opFor(r.sess), text: text})
	}
}

// othersRoom reports whether another person drives s: text goes to them
// as a chime.
func othersRoom(s *session) bool {
	rel, _ := s.state.Lease()
	return rel == client.LeaseOther
}

// opFor is the op for plain text: follow_up while a run is under way.
func opFor(s *session) string {
	if s.state.Run == client.RunRunning {
		return client.OpFollowUp
	}
	return client.OpPrompt
}

// steer steers the run under way.
func (r *reader) steer(s *session, text string) {
	switch {
	case text == "":
		r.say("/steer needs the text to steer with: /steer TEXT.")
	case s.state.Run != client.RunRunning:
		r.keep(text)
		r.say("nothing is running to steer: /again sends your text as a prompt.")
	case r.cfg.Watch:
		r.keep(text)
		r.readOnly()
	default:
		r.send(s, outgoing{op: client.OpSteer, text: text})
	}
}

// send posts a text command, first claiming the lease quietly (never
// taking it over) when this terminal does not hold it. Every attempt is the
// same request, so the host never runs it twice.
func (r *reader) send(s *session, out outgoing) {
	if out.requestID == "" {
		out.requestID = r.c.NewRequestID()
	}
	ctx, cancel := r.request()
	defer cancel()
	rel, _ := s.state.Lease()
	claim := rel != client.LeaseMine
	var err error
	if claim {
		_, err = r.c.Claim(ctx, s.id, r.claimOptions()...)
	}
	req := func() error {
		_, e := r.c.Send(ctx, s.id, out.op, client.TextRequest{RequestID: out.requestID, Text: out.text})
		return e
	}
	if err == nil {
		err = req()
		if client.ErrorCode(err) == client.CodeLeaseRequired && !claim {
			if _, cerr := r.c.Claim(ctx, s.id, r.claimOptions()...); cerr == nil { // the lease expired meanwhile
				err = req()
			}
		}
	}
	if err != nil {
		r.sendFailed(out, err)
		return
	}
	r.unsent = nil
	s.expect = true
	switch out.op {
	case client.OpFollowUp:
		r.say("queued as a follow-up: it goes in when the run is ready for it.")
	case client.OpSteer:
		r.say("steer sent to the run.")
	}
}

// sendFailed keeps the text for /again and says what went wrong; a model
// key refusal asks for a key.
func (r *reader) sendFailed(out outgoing, err error) {
	out.lost = client.IsTransport(err)
	r.unsent = &out
	if client.ErrorCode(err) == client.CodeModelKeyRequired {
		r.askKey(err, r.again)
		return
	}
	if out.lost {
		r.refused("no answer came for your text, so it may or may not have gone in", err,
			"your text is kept: /again sends the same request, which the host does not run twice")
		return
	}
	r.refused("your text was not sent", err, "your text is kept: /again sends it")
}

// again sends the kept text again: the same request after a lost answer, a
// new one (as a prompt or a follow-up, as the run stands) after a refusal.
func (r *reader) again() {
	u := r.unsent
	switch {
	case u == nil:
		r.say("nothing is waiting to be sent again.")
		return
	case r.visit != "" || u.op == client.OpChime:
		r.chime(orWords(r.visit, r.sessionID()), *u)
		return
	case r.sess == nil:
		r.say("no session is open: /sessions lists them, /new starts one; then /again sends your text.")
		return
	case r.readOnly():
		return
	}
	out := *u
	if !out.lost {
		out.requestID = ""
		if out.op != client.OpSteer || r.sess.state.Run != client.RunRunning {
			out.op = opFor(r.sess)
		}
	}
	r.send(r.sess, out)
}

// sessionID is the open session's id, "" when none is open.
func (r *reader) sessionID() string {
	if r.sess == nil {
		return ""
	}
	return r.sess.id
}

// chime sends a chime into session id, another person's room.
func (r *reader) chime(id string, out outgoing) {
	out.op = client.OpChime
	if id == "" {
		r.unsent = &out
		r.say("no session is open: /sessions lists them; then /again sends your text.")
		return
	}
	ctx, cancel := r.request()
	defer cancel()
	res, err := r.c.Chime(ctx, id, out.text)
	switch {
	case err != nil:
		r.unsent = &out
		r.refused("the chime was not sent", err, "your text is kept: /again sends it")
	case !res.Accepted:
		r.unsent = &out
		r.say("the room refused the chime: %s. Your text is kept: /again sends it.", clean(orWords(res.Reason, "no reason given")))
	case res.Status == "submitted":
		r.unsent = nil
		r.say("chime sent: it went in to the assistant.")
	default:
		r.unsent = nil
		r.say("chime sent: it waits for the driver to accept or reject it.")
	}
}

// refused says what could not be done, the host's words, and what to do.
func (r *reader) refused(what string, err error, todo string) {
	msg, hint := r.explain(err)
	line := what + ": " + msg + "."
	for _, s := range []string{hint, todo} {
		if s != "" {
			line += " " + upper(s) + "."
		}
	}
	r.say("%s", line)
}

// explain is an error in words and, for a refusal, what to do about it.
func (r *reader) explain(err error) (msg, hint string) {
	var e *client.Error
	switch {
	case errors.As(err, &e):
		msg = clean(orWords(e.Message, e.Code))
		hint = codeHint(e, r.keyVariable())
	case client.IsTransport(err):
		msg = "the host did not answer (" + clean(err.Error()) + ")"
	default:
		msg = clean(err.Error())
	}
	return strings.TrimRight(msg, ". "), hint
}

// codeHint is what to do about a refusal, by its code.
func codeHint(e *client.Error, keyVar string) string {
	switch e.Code {
	case client.CodeLeaseHeld:
		if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
			return "your other terminal drives: /take takes over"
		}
		return "another person drives this session: you can read along"
	case client.CodeLeaseRequired:
		return "/take makes this terminal the driver"
	case client.CodeSessionRunning:
		return "a run is under way: plain text goes in as a follow-up, /steer steers it, /abort stops it"
	case client.CodeNotFound:
		return "/sessions lists the sessions you can open"
	case client.CodeOutOfCredit, client.CodeCreditPoolExhausted:
		return "set your own model key in " + keyVar + " and start vehicle again, or come back later"
	case client.CodeUnauthenticated:
		return "log in again with vehicle login"
	}
	return ""
}

// keyVariable names where a model key can be given.
func (r *reader) keyVariable() string {
	return "$" + orWords(r.cfg.ModelKeyEnv, "VEHICLE_MODEL_KEY")
}

// upper is s with its first letter in upper case, unless it is a command.
func upper(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
