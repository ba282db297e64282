package wire

// A user turn learns the command it came from by the protocol's order: a text
// command is delivered (command.delivered) before pi records its user turn
// (message.completed, role user), so delivered commands wait in order and the
// next user turn takes the oldest. A snapshot pairs from the end: its last
// user turns with its last text commands that reached delivery. A turn with
// no sure command gets none.

// maxPending bounds the delivered commands waiting for their user turn.
const maxPending = 64

// awaitTurn queues a delivered text command for the next user turn.
func (s *State) awaitTurn(commandID string) {
	i := s.findCommand(commandID)
	if i < 0 || (!isTurn(s.Commands[i].Op) && s.chimeCommand(commandID) == nil) { // a chime's command, whatever its op
		return
	}
	if _, ok := s.turnOf(commandID); ok {
		return
	}
	for _, id := range s.pending {
		if id == commandID {
			return
		}
	}
	if len(s.pending) >= maxPending {
		s.pending = s.pending[1:]
	}
	s.pending = append(s.pending, commandID)
}

// takeTurn gives the user turn at Entries[i] the oldest delivered command
// waiting for one, with that command's failure if it failed already.
func (s *State) takeTurn(i int) {
	if len(s.pending) == 0 {
		return
	}
	id := s.pending[0]
	s.pending = s.pending[1:]
	if k := s.findCommand(id); k >= 0 {
		s.bindTurn(i, &s.Commands[k])
	}
}

// bindTurn records that the user turn at Entries[i] came from c.
func (s *State) bindTurn(i int, c *Command) {
	e := &s.Entries[i]
	e.CommandID = c.CommandID
	if c.Status == StatusFailed && c.Error != "" {
		e.Failure = clipTail(c.Error)
	}
	if s.byCommand == nil {
		s.byCommand = make(map[string]int32)
	}
	s.byCommand[c.CommandID] = int32(i) - s.front
}

// turnOf is the index in Entries of the user turn a command made, if known.
func (s *State) turnOf(commandID string) (int, bool) {
	j, ok := s.byCommand[commandID]
	if !ok {
		return 0, false
	}
	i := int(j + s.front)
	if i < 0 || i >= len(s.Entries) || s.Entries[i].CommandID != commandID {
		return 0, false
	}
	return i, true
}

// failCommand puts a failed command's error on its user turn, or says it in
// a notice at the end when its turn is not known (it failed before delivery).
func (s *State) failCommand(commandID, msg string, ev Event) Change {
	i, ok := s.turnOf(commandID)
	if !ok {
		return s.fact(ev.Type, commandID, msg, parseEventTime(ev.At))
	}
	e := &s.Entries[i]
	if msg = clipTail(msg); e.Failure == msg {
		return 0
	}
	e.Failure = msg
	e.Rev++
	return ChangeTranscript
}

// snapshotTurns lists, in order, the snapshot's text commands that reached
// delivery: the ones whose user turns the transcript holds.
func (s *State) snapshotTurns() {
	s.unpaired = s.unpaired[:0]
	for k := range s.Commands {
		if deliveredTurn(&s.Commands[k]) {
			s.unpaired = append(s.unpaired, int32(k))
		}
	}
}

// deliveredTurn reports whether c is a text command that reached delivery.
func deliveredTurn(c *Command) bool {
	if !isTurn(c.Op) {
		return false
	}
	switch c.Status {
	case StatusDelivered, StatusCompleted, StatusAborted, StatusFailed:
		return true
	}
	return false
}

// pairSnapshot pairs the user turns in Entries[:to], from the end, with the
// snapshot's commands not paired yet, from the end. It stops for good at a
// mismatch it can tell: an entry it cannot read, or a collaborator's turn
// paired with a steer (an accepted chime is never one).
func (s *State) pairSnapshot(to int) {
	for i := to - 1; i >= 0 && (len(s.unpaired) > 0 || s.morePairs()); i-- {
		e := &s.Entries[i]
		if e.Unreadable {
			s.stopPairing()
			return
		}
		if e.Kind != EntryMessage || e.Role != RoleUser {
			continue
		}
		if len(s.unpaired) == 0 && !s.nextPairs() {
			return
		}
		k := s.unpaired[len(s.unpaired)-1]
		if int(k) >= len(s.Commands) || (e.Author != "" && s.Commands[k].Op == OpSteer) {
			s.stopPairing()
			return
		}
		s.unpaired = s.unpaired[:len(s.unpaired)-1]
		s.bindTurn(i, &s.Commands[k])
	}
}
