package vehicletest

import (
	"net/http"

	"github.com/sophia-labs/vehicle/client"
)

// DropDelegation acts out the revival of one session without a delegation
// token, as after a restart: a run under way is interrupted, open commands
// are reported interrupted, the body goes dormant and session.revived is
// announced; the lease and the model key survive. Until its owner's next
// request on the session's graph that is not a command that may start a
// body, such a command is refused delegation_required. It reports false for
// an unknown or deleted session.
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

// delegate keeps the newest delegation token gardend hands with a request:
// every session of the caller on the request's graph has one again, unless
// the request is a command that may start a body (such a command brings
// none in this host's model). Called with h.mu held.
func (h *Host) delegate(rq *request, rest []string) {
	if len(h.tokenless) == 0 || mayStartBody(rq.r.Method, rest) {
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
