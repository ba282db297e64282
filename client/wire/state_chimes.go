package wire

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
		ch := Change(0)
		if v.Accepted && v.CommandID != "" {
			var c Chime
			if i >= 0 {
				c = s.Chimes[i]
			}
			ch |= s.chimeBecame(c, v.CommandID)
		}
		if i < 0 {
			return ch
		}
		s.Chimes = append(s.Chimes[:i:i], s.Chimes[i+1:]...)
		return ch | ChangeChimes
	}
	return 0
}

// An accepted chime becomes a command (chime.resolved names it), which the
// host counts among the session's turns whatever op it gives it: a prompt
// or a follow-up on the reference host, "chime" on another. The state
// keeps the last chimeCmdsMax of them: the turn is counted once, by its op
// or by the chime, and the queue shows the chime's author and text.

// chimeCmdsMax bounds the chimes' commands remembered.
const chimeCmdsMax = 64

// chimeCommand is the command an accepted chime became.
type chimeCommand struct {
	commandID string
	chime     Chime
	counted   bool // the session's turns count it already
}

// chimeBecame records that chime c became command id, and counts its turn
// when the command came before with an op that did not count it.
func (s *State) chimeBecame(c Chime, id string) Change {
	if s.chimeCommand(id) != nil {
		return 0
	}
	cc := chimeCommand{commandID: id, chime: c}
	var ch Change
	if i := s.findCommand(id); i >= 0 {
		cc.counted = true
		if !isTurn(s.Commands[i].Op) {
			s.Session.Turns++
			ch = ChangeSession
		}
	}
	if len(s.chimeCmds) >= chimeCmdsMax {
		s.chimeCmds = s.chimeCmds[1:]
	}
	s.chimeCmds = append(s.chimeCmds, cc)
	return ch
}

// chimeCommand is the record of the accepted chime that became command id,
// nil when none is known.
func (s *State) chimeCommand(id string) *chimeCommand {
	for i := len(s.chimeCmds) - 1; i >= 0; i-- {
		if s.chimeCmds[i].commandID == id {
			return &s.chimeCmds[i]
		}
	}
	return nil
}

// countsTurn reports whether a command the state sees for the first time
// is a turn the session's summary counts: a text command's op, or the
// command an accepted chime became.
func (s *State) countsTurn(id, op string) bool {
	cc := s.chimeCommand(id)
	if cc != nil {
		if cc.counted {
			return false
		}
		cc.counted = true
		return true
	}
	return isTurn(op)
}

// ChimeOf is the accepted chime that became command id, when this state
// saw it resolved: its author and, when it was pending here, its text.
func (s *State) ChimeOf(id string) (Chime, bool) {
	if cc := s.chimeCommand(id); cc != nil {
		return cc.chime, true
	}
	return Chime{}, false
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
