package acp

import "github.com/sophia-labs/vehicle/client"

// handle folds one event of the session: what the editor shows goes out as
// session/update (by the folder), and the lease, the run, the commands and
// the chimes are kept for the turns.
func (s *session) handle(ev client.Event) {
	s.fold.event(ev)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch ev.Type {
	case client.EvLeaseClaimed, client.EvLeaseRenewed, client.EvLeaseRevoked, client.EvLeaseReleased, client.EvLeaseExpired:
		s.noteLease(ev)
	case client.EvRunStarted:
		var v client.RunValue
		_ = ev.Decode(&v)
		s.running, s.runID, s.runErr = true, v.RunID, ""
	case client.EvRunError:
		var v client.RunValue
		_ = ev.Decode(&v)
		s.runErr = v.Message
	case client.EvRunSettled:
		var v client.RunSettledValue
		_ = ev.Decode(&v)
		s.running = false
		s.usage = v.Usage
		s.settled[v.RunID] = v
	case client.EvCommandDelivered, client.EvCommandCompleted, client.EvCommandAborted, client.EvCommandFailed,
		client.EvCommandCancelled, client.EvCommandInterrupted:
		s.noteCommand(ev)
	case client.EvRoomPolicy:
		var v client.PolicyValue
		_ = ev.Decode(&v)
		s.policy = v.Policy
	case client.EvChimeReceived:
		var v client.ChimeValue
		if ev.Decode(&v) == nil && v.ChimeID != "" {
			s.addChime(client.Chime{ChimeID: v.ChimeID, Author: v.Author, Text: v.Text})
		}
	case client.EvChimeResolved:
		var v client.ChimeResolvedValue
		if ev.Decode(&v) == nil {
			s.dropChime(v.ChimeID)
		}
	case client.EvSessionDeleted:
		s.finishTurns(turnEnd{err: s.a.refusal(errDeleted, "")})
		s.held = false
	}
	s.checkTurns()
}

// noteLease follows the lease from its events. Called with mu held.
func (s *session) noteLease(ev client.Event) {
	var v client.LeaseEndValue
	if ev.Decode(&v) != nil || v.ClientID == "" {
		return
	}
	mine := v.ClientID == s.c.ClientID()
	switch {
	case ev.Type == client.EvLeaseClaimed || ev.Type == client.EvLeaseRenewed:
		was := s.held
		s.held = mine
		if mine && !was {
			go s.askChimes()
		}
	case mine:
		s.held = false
		if ev.Type == client.EvLeaseRevoked {
			s.a.log.logf("session %s: another terminal took the lease over: /takeover takes it back", s.id)
		}
	}
	if !s.held {
		for _, ask := range s.chimes {
			ask.stop()
		}
		if s.renewal != nil {
			s.renewal.Stop()
			s.renewal = nil
		}
	}
}

// userTurnIsOurs reports whether the user turn with this text is the text
// of a prompt this agent sent, which the editor shows already: the command
// delivered last is one of ours, or, when its event outran the host's
// answer, a prompt of ours waiting for its answer has this text. Called by
// the folder.
func (s *session) userTurnIsOurs(text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	cid := s.nextTurn
	s.nextTurn = ""
	if cid != "" && s.ours[cid] {
		return true
	}
	for _, t := range s.turns {
		if t.cid == "" && t.text == text {
			return true
		}
	}
	return false
}
