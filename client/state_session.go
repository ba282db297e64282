package client

import (
	"fmt"
	"strings"
	"time"
)

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
		if isTurn(v.Op) { // the summary counts accepted user turns
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

// isTurn reports whether a command op is a user turn.
func isTurn(op string) bool {
	return op == OpPrompt || op == OpFollowUp || op == OpSteer
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

// applyRun folds run.* and budget.exceeded.
func (s *State) applyRun(ev Event, at time.Time) Change {
	switch ev.Type {
	case EvRunStarted:
		var v RunValue
		if ev.Decode(&v) != nil {
			return 0
		}
		s.Run, s.RunID, s.Usage = RunRunning, v.RunID, Usage{}
		s.Session.Status = "running"
		return ChangeRun | ChangeSession
	case EvRunSettled:
		s.pending = nil // every turn of a settled run is recorded
		return s.applySettled(ev, at)
	case EvRunError:
		var v RunValue
		if ev.Decode(&v) != nil {
			return 0
		}
		msg := orDefault(v.Message, "the run failed without a message")
		s.LastError = msg
		return ChangeError | s.notice("run error: "+msg, "", at)
	case EvBudgetExceeded:
		var v BudgetValue
		if ev.Decode(&v) != nil {
			return 0
		}
		return s.notice(budgetNotice(v), "", at)
	}
	return 0
}

// applySettled ends the run: idle, its usage, and a notice when it was aborted.
func (s *State) applySettled(ev Event, at time.Time) Change {
	var v RunSettledValue
	if ev.Decode(&v) != nil {
		return 0
	}
	s.Run, s.Usage = RunIdle, v.Usage
	s.RunID = orDefault(v.RunID, s.RunID)
	s.Session.Status = "idle"
	ch := ChangeRun | ChangeSession | s.closeStreams()
	if v.Aborted {
		text := "run aborted"
		if r := orDefault(v.Reason, v.StopReason); r != "" {
			text += ": " + r
		}
		ch |= s.notice(text, "", at)
	}
	return ch
}

// budgetNotice words a budget.exceeded value; its reason names the cap
// reached (maxTurns or maxCostUsd).
func budgetNotice(v BudgetValue) string {
	reason := strings.ToLower(v.Reason)
	switch {
	case strings.Contains(reason, "turn"):
		return fmt.Sprintf("budget exceeded: %d turns", v.Turns)
	case strings.Contains(reason, "cost"):
		return fmt.Sprintf("budget exceeded: $%.4f", v.CostUSD)
	case v.Reason != "":
		return fmt.Sprintf("budget exceeded: %s (%d turns, $%.4f)", v.Reason, v.Turns, v.CostUSD)
	}
	return fmt.Sprintf("budget exceeded (%d turns, $%.4f)", v.Turns, v.CostUSD)
}

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
