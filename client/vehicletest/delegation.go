package vehicletest

import (
	"net/http"

	"github.com/sophia-labs/vehicle/client"
)

// DropDelegation acts out the revival of one session without a delegation
// token, as after a restart: a run under way is interrupted, open commands
// are reported interrupted, the body goes dormant and session.revived is
// announced; the lease and the model key survive. Until its owner's next
// request on the session's graph (which hands gardend's newest token over,
// a prompt as much as an inspect), a command of someone else that would
// start its body is refused delegation_required, and a co-drive chime is
// held pending. It reports false for an unknown or deleted session.
func (h *Host) DropDelegation(sessionID string) bool {
	h.mu.Lock()
	s := h.sessions[sessionID]
	h.mu.Unlock()
	if s == nil {
		return false
	}
	revived := h.revive(func(x *session) bool { return x == s }, func(x *session) { h.tokenless[x.id] = x })
	return revived > 0
}

// WithholdDelegation models requests gardend forwards with no delegation
// token (the seed's gardend hands one with each of the owner's requests):
// while on, the owner's commands that may start a body (prompt, follow_up,
// steer, chime, accept_chime) hand none over, so one sent to a session
// DropDelegation revived is refused delegation_required until another of
// the owner's requests (inspect, claim, ...) hands a token over. Off by
// default; for tests of a client's answer to delegation_required.
func (h *Host) WithholdDelegation(on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.withholding = on
}

// delegate keeps the newest delegation token gardend hands with a request:
// every session of the caller on the request's graph has one again (unless
// WithholdDelegation is on and the request is a command that may start a
// body). Called with h.mu held.
func (h *Host) delegate(rq *request, rest []string) {
	if len(h.tokenless) == 0 || (h.withholding && mayStartBody(rq.r.Method, rest)) {
		return
	}
	for id, s := range h.tokenless {
		if s.owner == rq.caller.principal && s.graph == rq.graph {
			delete(h.tokenless, id)
		}
	}
}

// mayStartBody reports whether a session route is a command that starts
// the body when it is dormant: a text command, a chime or an accepted chime.
func mayStartBody(method string, rest []string) bool {
	if method != http.MethodPost || len(rest) != 2 {
		return false
	}
	switch rest[1] {
	case client.OpPrompt, client.OpFollowUp, client.OpSteer, client.OpChime, client.OpAcceptChime:
		return true
	}
	return false
}

// needsDelegation refuses a command that would start the session's body
// while the host holds no delegation token for its owner.
func (h *Host) needsDelegation(s *session) *refusal {
	if s.live || h.tokenless[s.id] == nil {
		return nil
	}
	return errf(client.CodeDelegationRequired,
		"session %s was revived and the host holds no delegation token of its owner yet, so its body cannot start: "+
			"any other request of the owner on graph %q (inspect, claim) hands one over; then send this again", s.id, s.graph)
}
