package client

import "time"

// applyChime folds chime.received (a pending chime) and chime.resolved.
func (s *State) applyChime(ev Event, at time.Time) Change {
	switch ev.Type {
	case EvChimeReceived:
		var v ChimeValue
		if ev.Decode(&v) != nil || v.ChimeID == "" || s.findChime(v.ChimeID) >= 0 {
			return 0
		}
		s.Chimes = append(s.Chimes, Chime{ChimeID: v.ChimeID, Author: s.intern(v.Author),
			Text: v.Text, ReceivedAt: at})
		return ChangeChimes
	case EvChimeResolved:
		var v ChimeResolvedValue
		if ev.Decode(&v) != nil {
			return 0
		}
		i := s.findChime(v.ChimeID)
		if i < 0 {
			return 0
		}
		s.Chimes = append(s.Chimes[:i:i], s.Chimes[i+1:]...)
		return ChangeChimes
	}
	return 0
}

// findChime is the index of a pending chime, or -1.
func (s *State) findChime(id string) int {
	for i := range s.Chimes {
		if s.Chimes[i].ChimeID == id {
			return i
		}
	}
	return -1
}
