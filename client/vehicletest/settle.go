package vehicletest

import (
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// overBudget stops a run whose finished turn reached a cap: budget.exceeded,
// its commands aborted, the queue cancelled, run.settled reason budget.
func (h *Host) overBudget(s *session, r *run) bool {
	reason := ""
	switch {
	case r.turns >= s.budget.MaxTurns:
		reason = "maxTurns"
	case r.cost >= s.budget.MaxCostUSD-1e-9:
		reason = "maxCostUsd"
	default:
		return false
	}
	h.emit(s, client.EvBudgetExceeded, wireBudgetExceeded{Reason: reason, Turns: r.turns, CostUSD: r.cost})
	h.settle(s, r, wireSettled{RunID: r.id, Aborted: true, Reason: "budget", StopReason: "budget", Usage: r.usage()}, func() {
		h.endCommands(s, r, client.EvCommandAborted, "")
		h.dropQueue(s, client.EvCommandCancelled)
	})
	return true
}

// failRun settles a run whose model turn failed.
func (h *Host) failRun(s *session, r *run, msg string) {
	h.emit(s, client.EvRunError, wireRun{RunID: r.id, Message: msg})
	h.settle(s, r, wireSettled{RunID: r.id, Reason: "error", StopReason: "error", Usage: r.usage()}, func() {
		h.endCommands(s, r, client.EvCommandFailed, msg)
	})
	h.next(s)
}

// stopRun settles a cancelled run. An abort leaves the queue alone (the
// queued commands then run), unless Choices.AbortCancelsQueue; shutdown
// cancels it. A restart kills the body
// with the host: the text it was streaming is lost, its commands and the
// queue are interrupted, and nothing settles the run (the seed promises no
// run.settled after a restart; the credit spent is still debited).
func (h *Host) stopRun(s *session, r *run, cause error, msgID, text string) {
	switch cause {
	case causeClosed:
		s.run = nil
		return
	case causeExited:
		h.bodyExited(s, r, *r.exit)
		return
	case causeRestart:
		h.dropQueue(s, client.EvCommandInterrupted)
		h.endCommands(s, r, client.EvCommandInterrupted, "")
		s.run = nil
		h.debitRun(s, r)
		return
	}
	if text != "" {
		h.addMessage(s, wireTranscript{EntryID: h.newID("e"), Role: "assistant", Text: text, Timestamp: h.now()}, msgID, nil)
	}
	cancelQueue := cause == causeShutdown || (cause == causeAbort && h.cfg.choices.AbortCancelsQueue)
	h.settle(s, r, wireSettled{RunID: r.id, Aborted: true, Reason: cause.Error(), StopReason: "aborted", Usage: r.usage()}, func() {
		if cancelQueue {
			h.dropQueue(s, client.EvCommandCancelled)
		}
		h.endCommands(s, r, client.EvCommandAborted, "")
	})
	if cause == causeAbort {
		h.next(s)
	}
}

// endCommands ends the run's delivered commands and undelivered steers.
func (h *Host) endCommands(s *session, r *run, ev, msg string) {
	status := strings.TrimPrefix(ev, "command.")
	for _, c := range append(r.active, r.steers...) {
		c.status, c.err = status, msg
		h.emit(s, ev, wireCommandValue{CommandID: c.id, Error: msg})
	}
	r.active, r.steers = nil, nil
}

// dropQueue ends every queued command (cancelled or interrupted).
func (h *Host) dropQueue(s *session, ev string) {
	if len(s.queue) == 0 {
		return
	}
	for _, c := range s.queue {
		c.status = strings.TrimPrefix(ev, "command.")
		h.emit(s, ev, wireCommandValue{CommandID: c.id})
	}
	s.queue = nil
	h.queueUpdated(s)
}

// settle ends the run: end ends its commands (nil: none left), then
// run.ended and run.settled, or the other way round with
// Choices.SettleRunFirst; then the aborts completed, the credit debited and
// the mirror written.
func (h *Host) settle(s *session, r *run, v wireSettled, end func()) {
	if end != nil && !h.cfg.choices.SettleRunFirst {
		end()
	}
	h.emit(s, client.EvRunEnded, wireRun{RunID: r.id})
	h.emit(s, client.EvRunSettled, v)
	s.run = nil
	if end != nil && h.cfg.choices.SettleRunFirst {
		end()
	}
	for _, c := range r.aborts {
		c.status = client.StatusCompleted
		h.emit(s, client.EvCommandCompleted, wireCommandValue{CommandID: c.id})
	}
	h.debitRun(s, r)
	h.writeMirror(s, r.mirrorFail)
	h.armIdle(s)
}

// debitRun debits a credit session's run by what it cost, once.
func (h *Host) debitRun(s *session, r *run) {
	if s.funding == fundingCredit {
		h.debit(s.owner, r.cost, "run:"+s.id+":"+r.id)
	}
}

// next starts a run with the first queued command, if any.
func (h *Host) next(s *session) {
	if len(s.queue) == 0 {
		return
	}
	c := s.queue[0]
	s.queue = s.queue[1:]
	h.queueUpdated(s)
	h.startRun(s, c)
}
