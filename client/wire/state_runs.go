package wire

import (
	"fmt"
	"strings"
	"time"
)

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
