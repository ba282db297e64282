package vehicletest

import (
	"net/http"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// expireLease ends a lease whose ttl passed without use. The lease's timer
// calls it when the end comes; a request that reaches the session calls it
// too, for a clock that jumped past the end. Called with h.mu held.
func (h *Host) expireLease(s *session) {
	if s.lease == nil || h.now().Before(s.lease.ExpiresAt) {
		return
	}
	id := s.lease.ClientID
	s.lease = nil
	h.armLease(s)
	h.emit(s, client.EvLeaseExpired, wireLeaseEnd{ClientID: id})
}

// armLease (re)arms the timer of the session's lease for its end, or stops
// it when nobody holds the lease. Called with h.mu held, at every change of
// the lease.
func (h *Host) armLease(s *session) {
	if s.leaseStop != nil {
		s.leaseStop()
		s.leaseStop = nil
	}
	if s.lease == nil || s.deleted || h.closed {
		return
	}
	s.leaseStop = h.cfg.clock.AfterFunc(s.lease.ExpiresAt.Sub(h.now()), func() { h.leaseTimer(s) })
}

// leaseTimer is the lease's timer: it expires the lease when its end has
// come on the host's clock, else arms itself again for the end.
func (h *Host) leaseTimer(s *session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s.leaseStop = nil
	if s.lease == nil || s.deleted || h.closed {
		return
	}
	if h.now().Before(s.lease.ExpiresAt) {
		h.armLease(s)
		return
	}
	h.expireLease(s)
}

func leaseHeld(s *session, principal string) *refusal {
	l := s.lease
	same := l.Principal == principal
	e := errf(client.CodeLeaseHeld, "another person drives session %s: wait until its lease ends at %s", s.id, l.ExpiresAt.Format(time.RFC3339))
	if same {
		e = errf(client.CodeLeaseHeld, "your client %s holds the lease of session %s: claim it with takeover to drive from here", l.ClientID, s.id)
	}
	return withDetails(e, wireLeaseHeld{Holder: wireHolder{ClientID: l.ClientID, ExpiresAt: l.ExpiresAt}, CanTakeOver: same})
}

func needClientID(rq *request) *refusal {
	if rq.body.ClientID == "" {
		return errf(client.CodeInvalidRequest, "clientId is missing: the lease is held by one client, name yours")
	}
	return nil
}

// checkLease requires the exact lease: the caller's principal and clientId.
func (h *Host) checkLease(s *session, rq *request) *refusal {
	if err := needClientID(rq); err != nil {
		return err
	}
	if s.lease == nil {
		return errf(client.CodeLeaseRequired, "nobody drives session %s: claim the lease first", s.id)
	}
	if s.lease.Principal == rq.caller.principal && s.lease.ClientID == rq.body.ClientID {
		return nil
	}
	return leaseHeld(s, rq.caller.principal)
}

// ttlOf reads a ttlMs field, else the default.
func (h *Host) ttlOf(ms *int64) (time.Duration, *refusal) {
	if ms == nil {
		return h.cfg.limits.LeaseTTL, nil
	}
	if *ms <= 0 {
		return 0, errf(client.CodeInvalidRequest, "ttlMs must be a positive number of milliseconds, not %d", *ms)
	}
	return time.Duration(*ms) * time.Millisecond, nil
}

// setLease gives the lease to a client and announces it.
func (h *Host) setLease(s *session, principal, clientID string, ttl time.Duration) wireLease {
	l := wireLease{Principal: principal, ClientID: clientID, ExpiresAt: h.now().Add(ttl)}
	s.lease, s.leaseTTL, s.leaseAnnounced = &l, ttl, l.ExpiresAt
	h.armLease(s)
	h.emit(s, client.EvLeaseClaimed, l)
	return l
}

// renewLease extends the lease on use. lease.renewed is announced when the
// new end is at least a second past the last announced one, so at most once
// per second of clock time (or as Choices.Renewals says).
func (h *Host) renewLease(s *session) {
	if s.lease == nil {
		return
	}
	s.lease.ExpiresAt = h.now().Add(s.leaseTTL)
	h.armLease(s)
	switch h.cfg.choices.Renewals {
	case RenewalsEveryUse:
		h.announceRenewal(s)
	case RenewalsEverySecond:
		if s.lease.ExpiresAt.Sub(s.leaseAnnounced) >= time.Second {
			h.announceRenewal(s)
		}
	}
}

func (h *Host) announceRenewal(s *session) {
	s.leaseAnnounced = s.lease.ExpiresAt
	h.emit(s, client.EvLeaseRenewed, *s.lease)
}

// claim takes the lease: free, held by the caller (a renewal), or held by
// another client of the same principal with takeover.
func (h *Host) claim(rq *request, s *session) (*reply, *refusal) {
	if err := needClientID(rq); err != nil {
		return nil, err
	}
	ttl, err := h.ttlOf(rq.body.TTLMs)
	if err != nil {
		return nil, err
	}
	p, id := rq.caller.principal, rq.body.ClientID
	old := s.lease
	switch {
	case old == nil:
		l := h.setLease(s, p, id, ttl)
		return rq.answer(http.StatusOK, client.TypeDriverClaimed, wireClaimed{Lease: l}), nil
	case old.Principal == p && old.ClientID == id:
		s.leaseTTL = ttl
		s.lease.ExpiresAt = h.now().Add(ttl)
		h.armLease(s)
		h.announceRenewal(s)
		return rq.answer(http.StatusOK, client.TypeDriverClaimed, wireClaimed{Lease: *s.lease}), nil
	case old.Principal == p && rq.body.Takeover:
		prev := *old
		h.emit(s, client.EvLeaseRevoked, wireLeaseEnd{ClientID: prev.ClientID, By: id, Reason: client.ReasonTakeover})
		l := h.setLease(s, p, id, ttl)
		return rq.answer(http.StatusOK, client.TypeDriverClaimed, wireClaimed{Lease: l, TookOverFrom: &prev}), nil
	}
	return nil, leaseHeld(s, p)
}

// release gives the lease up; with no lease held it has nothing to do.
func (h *Host) release(rq *request, s *session) (*reply, *refusal) {
	if err := needClientID(rq); err != nil {
		return nil, err
	}
	if l := s.lease; l != nil {
		if l.Principal != rq.caller.principal || l.ClientID != rq.body.ClientID {
			return nil, leaseHeld(s, rq.caller.principal)
		}
		s.lease = nil
		h.armLease(s)
		h.emit(s, client.EvLeaseReleased, wireLeaseEnd{ClientID: l.ClientID})
	}
	return rq.answer(http.StatusOK, client.TypeDriverReleased, wireReleased{SessionID: s.id}), nil
}
