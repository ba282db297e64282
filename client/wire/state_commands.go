package wire

// applyCommand folds command.*: accepted adds a command, the others move its
// status; a command not seen before is added.
func (s *State) applyCommand(ev Event) Change {
	status := commandEventStatus(ev.Type)
	var v CommandValue
	if status == "" || ev.Decode(&v) != nil || v.CommandID == "" {
		return 0
	}
	if ev.Type == EvCommandAccepted && v.Status != "" {
		status = v.Status
	}
	ch := ChangeCommands
	if i := s.findCommand(v.CommandID); i < 0 {
		s.Commands = append(s.Commands, Command{CommandID: v.CommandID, Op: v.Op, Status: status,
			Disposition: v.Disposition, Error: v.Error})
		if s.countsTurn(v.CommandID, v.Op) { // the summary counts accepted user turns
			s.Session.Turns++
			ch |= ChangeSession
		}
	} else {
		c := &s.Commands[i]
		if !isFinalStatus(c.Status) || isFinalStatus(status) {
			c.Status = status
		}
		c.Op = orDefault(v.Op, c.Op)
		c.Disposition = orDefault(v.Disposition, c.Disposition)
		c.Error = orDefault(v.Error, c.Error)
	}
	if ev.Type == EvCommandFailed && v.Error != "" {
		s.LastError = v.Error
		ch |= ChangeError | s.failCommand(v.CommandID, v.Error, ev)
	}
	if ev.Type == EvCommandDelivered {
		s.awaitTurn(v.CommandID)
	}
	if status != StatusAccepted && status != StatusQueued {
		ch |= s.unqueue(v.CommandID)
	}
	if ev.Type == EvCommandInterrupted {
		ch |= s.settleInterrupted()
	}
	return ch
}

// settleInterrupted settles the run a host restart cut short: a host that
// restarts reports its open commands interrupted and sends no run.settled,
// so the run is idle, its streams end and its running tool chips fail.
func (s *State) settleInterrupted() Change {
	if s.Run != RunRunning && s.Session.Status != "running" {
		return 0
	}
	s.Run = RunIdle
	s.Session.Status = "idle"
	ch := ChangeRun | ChangeSession | s.closeStreams()
	for i := range s.Entries {
		if e := &s.Entries[i]; e.Kind == EntryTool && e.ToolState == ToolRunning {
			e.ToolState, e.IsError = ToolError, true
			e.Rev++
			ch |= ChangeTranscript
		}
	}
	return ch
}

// isTurn reports whether a command op is a user turn: a text command's, or
// chime, which a host may give the command an accepted chime became.
func isTurn(op string) bool {
	return op == OpPrompt || op == OpFollowUp || op == OpSteer || op == OpChime
}

// commandEventStatus is the status a command.* event type sets, or "" for a type
// that sets none.
func commandEventStatus(typ string) string {
	switch typ {
	case EvCommandAccepted:
		return StatusAccepted
	case EvCommandDelivered:
		return StatusDelivered
	case EvCommandCompleted:
		return StatusCompleted
	case EvCommandAborted:
		return StatusAborted
	case EvCommandFailed:
		return StatusFailed
	case EvCommandCancelled:
		return StatusCancelled
	case EvCommandInterrupted:
		return StatusInterrupted
	}
	return ""
}

// isFinalStatus reports whether a command's status is one it ends in.
func isFinalStatus(status string) bool {
	switch status {
	case StatusCompleted, StatusAborted, StatusFailed, StatusCancelled, StatusInterrupted:
		return true
	}
	return false
}

// orDefault is v, or old when v is empty.
func orDefault(v, old string) string {
	if v == "" {
		return old
	}
	return v
}

// findCommand is the index of a command id in Commands, or -1.
func (s *State) findCommand(id string) int {
	for i := len(s.Commands) - 1; i >= 0; i-- {
		if s.Commands[i].CommandID == id {
			return i
		}
	}
	if s.mayHoldCommand(id) {
		n := len(s.Commands)
		s.unfoldCommands(len(s.earlierCmds.spans))
		for i := len(s.Commands) - n - 1; i >= 0; i-- {
			if s.Commands[i].CommandID == id {
				return i
			}
		}
	}
	return -1
}

// unqueue drops a command that left pi's queue.
func (s *State) unqueue(id string) Change {
	for i := range s.Queue {
		if s.Queue[i].CommandID == id {
			s.Queue = append(s.Queue[:i:i], s.Queue[i+1:]...)
			return ChangeQueue
		}
	}
	return 0
}
