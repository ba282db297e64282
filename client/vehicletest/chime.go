package vehicletest

import (
	"net/http"
	"slices"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// chime takes a collaborator's message by the room's policy: refused under
// observe and mute, pending under suggest, submitted at once under co-drive
// (pending when it would start a body with no delegation token; with
// nobody holding the lease, as Choices.CoDriveWithoutLease says). Public
// sessions take no chimes.
func (h *Host) chime(rq *request, s *session) (*reply, *refusal) {
	t := rq.body.Text
	switch {
	case t == nil || strings.TrimSpace(*t) == "":
		return nil, errf(client.CodeInvalidRequest, "text is missing: a chime carries the message to send")
	case len(*t) > client.MaxTextBytes:
		return nil, errf(client.CodeInvalidRequest, "text is %d bytes, over the limit of %d: send a shorter text", len(*t), client.MaxTextBytes)
	}
	if s.funding != fundingMember {
		return chimeRefused(rq, "a public session takes no chimes"), nil
	}
	if s.roomPolicy == client.PolicyObserve || s.roomPolicy == client.PolicyMute {
		return chimeRefused(rq, "the room is in "+s.roomPolicy+" mode: the driver takes no chimes now"), nil
	}
	coDrive, answer := s.roomPolicy == client.PolicyCoDrive, h.cfg.choices.CoDriveWithoutLease
	if coDrive && s.lease == nil && answer == CoDriveRejected {
		return chimeRefused(rq, "nobody drives this session now: a co-drive chime goes in under the driver's lease, and none is held"), nil
	}
	pc := &pendingChime{id: h.newID("c"), author: rq.caller.name, text: *t, at: h.now()}
	s.chimes = append(s.chimes, pc)
	h.emit(s, client.EvChimeReceived, wireChimeReceived{ChimeID: pc.id, Author: pc.author, Text: pc.text})
	if !coDrive || (s.lease == nil && answer != CoDriveSubmitted) || h.needsDelegation(s) != nil {
		return rq.answer(http.StatusOK, client.TypeChimeAccepted, wireChimeResult{ChimeID: pc.id, Status: "pending"}), nil
	}
	by := "" // submitted with nobody driving (Choices.CoDriveWithoutLease)
	if s.lease != nil {
		by = s.lease.ClientID
	}
	c := h.chimeCommand(s, pc, by)
	return rq.answer(http.StatusOK, client.TypeChimeAccepted,
		wireChimeResult{ChimeID: pc.id, Status: "submitted", CommandID: c.id}), nil
}

// chimeRefused answers a chime the room turns down: chime.rejected with the
// reason, not remembered (the seed remembers no refusal), so the same
// requestId is taken once the policy lets chimes in.
func chimeRefused(rq *request, reason string) *reply {
	rep := rq.answer(http.StatusOK, client.TypeChimeRejected, wireChimeResult{Reason: reason})
	rep.refused = true
	return rep
}

// chimeCommand turns a pending chime into a command (prompt when idle,
// follow_up during a run; chime under Choices.ChimeOp) attributed to its
// author.
func (h *Host) chimeCommand(s *session, pc *pendingChime, by string) *command {
	s.chimes = slices.DeleteFunc(s.chimes, func(x *pendingChime) bool { return x == pc })
	op := "prompt"
	switch {
	case h.cfg.choices.ChimeOp:
		op = client.OpChime
	case s.run != nil:
		op = "follow_up"
	}
	c := &command{id: "chime-" + pc.id, requestID: pc.id, op: op, text: "[" + pc.author + " collaborator]\n" + pc.text}
	h.emit(s, client.EvChimeResolved, wireChimeResolved{ChimeID: pc.id, Accepted: true, CommandID: c.id, By: by})
	h.submit(s, c)
	return c
}

// setRoomPolicy sets how chimes are taken.
func (h *Host) setRoomPolicy(rq *request, s *session) (*reply, *refusal) {
	p := rq.body.Policy
	switch p {
	case client.PolicyObserve, client.PolicyMute, client.PolicySuggest, client.PolicyCoDrive:
	default:
		return nil, errf(client.CodeInvalidRequest, "policy %q is not observe, mute, suggest or co-drive", p)
	}
	s.roomPolicy = p
	h.emit(s, client.EvRoomPolicy, wirePolicy{Policy: p})
	return rq.answer(http.StatusOK, client.TypeRoomPolicy, wirePolicy{Policy: p}), nil
}

// resolveChime accepts or rejects a pending chime.
func (h *Host) resolveChime(rq *request, s *session) (*reply, *refusal) {
	id := rq.body.ChimeID
	i := slices.IndexFunc(s.chimes, func(c *pendingChime) bool { return c.id == id })
	if id == "" || i < 0 {
		return nil, errf(client.CodeInvalidRequest, "there is no pending chime %q in session %s: inspect lists the pending ones", id, s.id)
	}
	pc := s.chimes[i]
	if rq.op == "accept_chime" {
		if err := h.needsDelegation(s); err != nil {
			return nil, err
		}
		c := h.chimeCommand(s, pc, rq.body.ClientID)
		return rq.answer(http.StatusOK, client.TypeChimeAccepted, wireChimeResult{ChimeID: id, CommandID: c.id}), nil
	}
	s.chimes = slices.Delete(s.chimes, i, i+1)
	h.emit(s, client.EvChimeResolved, wireChimeResolved{ChimeID: id, Accepted: false, By: rq.body.ClientID})
	return rq.answer(http.StatusOK, client.TypeChimeRejected, wireChimeResult{ChimeID: id}), nil
}
