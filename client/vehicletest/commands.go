package vehicletest

import (
	"net/http"
	"slices"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// Dispositions of a command.
const (
	dispositionStarted = "started"
	dispositionQueued  = "queued"
	dispositionHandled = "handled"
)

// commandID is the body's commandId, else the requestId; it must be new.
func commandID(rq *request, s *session) (string, *refusal) {
	id := cmpOr(rq.body.CommandID, rq.requestID)
	if s.byCommand[id] != nil {
		return "", errf(client.CodeInvalidRequest, "commandId %q is already used in session %s: pick a new one", id, s.id)
	}
	return id, nil
}

// textCommand accepts a prompt, follow_up or steer.
func (h *Host) textCommand(rq *request, s *session) (*reply, *refusal) {
	t := rq.body.Text
	switch {
	case t == nil:
		return nil, errf(client.CodeInvalidRequest, "text is missing: %s carries the text to send", rq.op)
	case strings.TrimSpace(*t) == "":
		return nil, errf(client.CodeInvalidRequest, "text is empty: write something to send")
	case len(*t) > client.MaxTextBytes:
		return nil, errf(client.CodeInvalidRequest, "text is %d bytes, over the limit of %d: send a shorter text", len(*t), client.MaxTextBytes)
	}
	id, err := commandID(rq, s)
	if err != nil {
		return nil, err
	}
	if err := h.needsDelegation(s); err != nil {
		return nil, err
	}
	if err := h.publicTurn(rq, s); err != nil {
		return nil, err
	}
	h.countTurn(rq.caller.principal)
	c := &command{id: id, requestID: rq.requestID, op: rq.op, text: *t, refs: rq.body.ContextRefs}
	acc := h.submit(s, c)
	return rq.answer(http.StatusOK, client.TypeCommandAccepted, acc), nil
}

// submit accepts a text command: idle, it starts a run; during a run, a
// steer is delivered into it and anything else is queued. Called with h.mu held.
func (h *Host) submit(s *session, c *command) wireAccepted {
	s.turns++
	h.materialize(s)
	s.addCommand(c)
	running := s.run != nil
	switch {
	case !running:
		c.status, c.disposition = client.StatusAccepted, dispositionStarted
	case c.op == "steer":
		c.status, c.disposition = client.StatusAccepted, dispositionHandled
	default:
		c.status, c.disposition = client.StatusQueued, dispositionQueued
	}
	acc := wireAccepted{CommandID: c.id, Op: c.op, Status: c.status, Disposition: c.disposition}
	h.emit(s, client.EvCommandAccepted, wireCommandValue{CommandID: c.id, Op: c.op, Status: c.status, Disposition: c.disposition})
	switch {
	case !running:
		h.startRun(s, c)
	case c.op == "steer":
		s.run.steers = append(s.run.steers, c)
	default:
		s.queue = append(s.queue, c)
		h.queueUpdated(s)
	}
	return acc
}

// abort stops the run under way; the answer comes once it has settled.
// Queued commands are left alone: they run next.
func (h *Host) abort(rq *request, s *session) (*reply, *refusal) {
	id, err := commandID(rq, s)
	if err != nil {
		return nil, err
	}
	c := &command{id: id, requestID: rq.requestID, op: "abort", status: client.StatusAccepted}
	s.addCommand(c)
	h.emit(s, client.EvCommandAccepted, wireCommandValue{CommandID: id, Op: c.op, Status: c.status})
	rep := rq.answer(http.StatusOK, client.TypeCommandAccepted, wireAccepted{CommandID: id, Op: c.op, Status: c.status})
	if r := s.run; r != nil {
		r.aborts = append(r.aborts, c)
		r.cancel(causeAbort)
		h.armAbortSlow(s, r)
		rep.wait = r.done
		return rep, nil
	}
	c.status = client.StatusCompleted
	h.emit(s, client.EvCommandCompleted, wireCommandValue{CommandID: id})
	return rep, nil
}

// cancel drops a queued command.
func (h *Host) cancel(rq *request, s *session) (*reply, *refusal) {
	id := rq.body.CommandID
	if id == "" {
		return nil, errf(client.CodeInvalidRequest, "commandId is missing: name the queued command to cancel")
	}
	c := s.byCommand[id]
	if c == nil {
		return nil, errf(client.CodeInvalidRequest, "there is no command %q in session %s", id, s.id)
	}
	if c.status != client.StatusQueued {
		return nil, errf(client.CodeInvalidRequest,
			"command %q is %s, not queued: only a queued command can be cancelled (abort stops the running one)", id, c.status)
	}
	s.queue = slices.DeleteFunc(s.queue, func(q *command) bool { return q == c })
	c.status = client.StatusCancelled
	h.emit(s, client.EvCommandCancelled, wireCommandValue{CommandID: id})
	h.queueUpdated(s)
	return rq.answer(http.StatusOK, client.TypeCommandCancelled, wireCancelled{CommandID: id}), nil
}

// shutdown stops a run under way, cancels the queue and lets the body go
// dormant: session.shutdown, answer closed.
func (h *Host) shutdown(rq *request, s *session) (*reply, *refusal) {
	rep := rq.answer(http.StatusOK, client.TypeClosed, wireClosed{SessionID: s.id, Reason: "shutdown"})
	finish := func() {
		if s.deleted {
			return
		}
		if s.live {
			s.live = false
			h.emit(s, client.EvBodyDormant, wireEmpty{})
		}
		h.emit(s, client.EvSessionShutdown, wireEmpty{})
	}
	if r := s.run; r != nil {
		r.cancel(causeShutdown)
		rep.wait, rep.then = r.done, finish
		return rep, nil
	}
	finish()
	return rep, nil
}
