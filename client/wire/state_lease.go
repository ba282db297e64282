package wire

// applyLease folds lease.claimed, renewed, released, expired and revoked.
func (s *State) applyLease(ev Event) Change {
	switch ev.Type {
	case EvLeaseClaimed, EvLeaseRenewed:
		var v LeaseValue
		if ev.Decode(&v) != nil || v.ClientID == "" {
			return 0
		}
		if old := s.Session.Lease; v.Principal == "" && old != nil && old.ClientID == v.ClientID {
			v.Principal = old.Principal
		}
		s.Session.Lease = &v
		s.learnPrincipal(v)
		if s.relation(v) == LeaseMine {
			s.Revoked = nil
		}
		return ChangeLease
	case EvLeaseReleased, EvLeaseExpired:
		var v LeaseEndValue
		if ev.Decode(&v) != nil {
			return 0
		}
		return s.clearLease(v.ClientID)
	case EvLeaseRevoked:
		return s.applyRevoked(ev)
	}
	return 0
}

// clearLease drops the holder when it is clientID (or clientID is unknown).
func (s *State) clearLease(clientID string) Change {
	l := s.Session.Lease
	if l == nil || (clientID != "" && clientID != l.ClientID) {
		return 0
	}
	s.Session.Lease = nil
	return ChangeLease
}

// applyRevoked clears a revoked lease; when it was this client's, Revoked is
// set and a notice says who took it over.
func (s *State) applyRevoked(ev Event) Change {
	var v LeaseEndValue
	if ev.Decode(&v) != nil {
		return 0
	}
	ch := s.clearLease(v.ClientID)
	if s.Me.ClientID == "" || v.ClientID != s.Me.ClientID {
		return ch
	}
	s.Revoked = &v
	// A fact for the UI to word: who took it over (Subject) and why (Text),
	// so that it can name the other terminal its own way.
	return ch | ChangeLease | s.fact(EvLeaseRevoked, v.By, v.Reason, parseEventTime(ev.At))
}
