package vehicletest

import (
	"github.com/sophia-labs/vehicle/client"
)

// opSpec says how a session operation is guarded.
type opSpec struct {
	fn    func(*request, *session) (*reply, *refusal)
	drive bool // refused when the caller's role dropped (access_reduced)
	lease bool // needs the exact lease
}

// spec is the guard and handler of an op; ok is false for an unknown op.
func (h *Host) spec(op string) (opSpec, bool) {
	switch op {
	case "claim":
		return opSpec{fn: h.claim, drive: true}, true
	case "release":
		return opSpec{fn: h.release}, true
	case "prompt", "follow_up", "steer":
		return opSpec{fn: h.textCommand, drive: true, lease: true}, true
	case "abort":
		return opSpec{fn: h.abort, drive: true, lease: true}, true
	case "cancel":
		return opSpec{fn: h.cancel, drive: true, lease: true}, true
	case "shutdown":
		return opSpec{fn: h.shutdown, drive: true, lease: true}, true
	case "set_room_policy":
		return opSpec{fn: h.setRoomPolicy, drive: true, lease: true}, true
	case "accept_chime", "reject_chime":
		return opSpec{fn: h.resolveChime, drive: true, lease: true}, true
	case "chime":
		return opSpec{fn: h.chime}, true
	case "fork":
		return opSpec{fn: h.fork}, true
	case "clone":
		return opSpec{fn: h.clone}, true
	case "rename":
		return opSpec{fn: h.rename}, true
	case "delete":
		return opSpec{fn: h.delete}, true
	}
	return opSpec{}, false
}

// sessionOp runs an operation on a session: lookup (not_found for anyone
// but the owner, but chime), body, idempotency, role, lease, then the op.
// Called with h.mu held.
func (h *Host) sessionOp(rq *request, id, op string) (*reply, *refusal) {
	rq.op = op
	find := h.ownSession
	if op == "chime" {
		find = h.chimeSession
	}
	s, err := find(rq, id)
	if err != nil {
		return nil, err
	}
	if err := rq.needBody(); err != nil {
		return nil, err
	}
	sp, ok := h.spec(op)
	if !ok {
		return nil, errf(client.CodeInvalidRequest,
			"unknown op %q: use claim, release, prompt, follow_up, steer, abort, cancel, shutdown, fork, clone, chime, set_room_policy, accept_chime or reject_chime", op)
	}
	key := rq.caller.principal + "\x00" + rq.requestID
	if rep, err := recall(s.requests, key, rq); rep != nil || err != nil {
		return rep, err
	}
	if sp.drive {
		if err := canDrive(s, rq.role); err != nil {
			return nil, err
		}
	}
	if sp.lease {
		if err := h.checkLease(s, rq); err != nil {
			return nil, err
		}
	}
	rep, err := sp.fn(rq, s)
	if err != nil {
		return nil, err
	}
	if sp.lease && s.lease != nil && s.lease.ClientID == rq.body.ClientID {
		h.renewLease(s)
	}
	if !rep.refused {
		remember(s.requests, key, rq, rep)
	}
	return rep, nil
}
