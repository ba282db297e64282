package vehicletest

import (
	"context"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// stopCause is why a run was cancelled.
type stopCause string

// Error names the cause.
func (c stopCause) Error() string { return string(c) }

const (
	causeAbort    stopCause = "aborted"
	causeShutdown stopCause = "shutdown"
	causeRestart  stopCause = "interrupted"
	causeClosed   stopCause = "closed"
	causeExited   stopCause = "body_exited"
)

// run is one agent loop: the prompt, the steering and follow-ups it
// absorbs, and its tool turns.
type run struct {
	id      string
	ctx     context.Context
	cancel  context.CancelCauseFunc
	done    chan struct{} // closed when the run's goroutine returns
	proceed chan struct{} // Proceed's tokens for #hold
	turns   int
	cost    float64
	step    int
	text    string
	refs    []string
	active  []*command // delivered commands the run is answering
	steers  []*command // steers waiting to be delivered into the run
	aborts  []*command // abort commands completed when the run settles

	exit       *BodyExit   // how the body died, with causeExited
	stopSlow   func() bool // stops the abort.slow timer, once an abort armed it
	mirrorFail string      // the mirror write after this run fails with this message
}

func (r *run) usage() wireUsage { return wireUsage{Turns: r.turns, CostUSD: r.cost} }

// startRun starts a run with its first command: run.started, the command
// delivered and its user turn recorded, then the model's turns in a
// goroutine. Called with h.mu held.
func (h *Host) startRun(s *session, c *command) {
	if h.closed {
		c.status = client.StatusInterrupted
		h.emit(s, client.EvCommandInterrupted, wireCommandValue{CommandID: c.id})
		return
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	r := &run{id: h.newID("r"), ctx: ctx, cancel: cancel, done: make(chan struct{}), proceed: make(chan struct{}, 16)}
	s.run = r
	h.materialize(s)
	h.emit(s, client.EvRunStarted, wireRun{RunID: r.id, Tools: s.tools()})
	h.deliver(s, r, c)
	h.wg.Add(1)
	go h.runLoop(s, r)
}

// deliver hands a command to the run: command.delivered and its user turn.
func (h *Host) deliver(s *session, r *run, c *command) {
	c.status = client.StatusDelivered
	h.emit(s, client.EvCommandDelivered, wireCommandValue{CommandID: c.id})
	h.addMessage(s, wireTranscript{EntryID: h.newID("e"), Role: "user", Text: c.text, Timestamp: h.now()}, "", nil)
	r.active = append(r.active, c)
	r.text, r.refs, r.step = c.text, c.refs, 0
}

// runLoop asks the model for turns until the run settles.
func (h *Host) runLoop(s *session, r *run) {
	defer h.wg.Done()
	defer close(r.done)
	defer r.cancel(nil)
	defer h.stopAbortSlow(r)
	for {
		h.mu.Lock()
		r.step++
		req := TurnRequest{SessionID: s.id, RunID: r.id, Text: r.text, ContextRefs: r.refs, Step: r.step, Turn: r.turns + 1}
		msgID := h.newID("m")
		h.mu.Unlock()
		rep := h.cfg.model.Turn(r.ctx, req)
		if rep.Exit != nil {
			h.mu.Lock()
			h.crash(s, r, rep)
			h.mu.Unlock()
			return
		}
		h.mu.Lock()
		h.beforeTurn(s, r, rep)
		h.mu.Unlock()
		text := h.play(s, r, rep, msgID)
		h.mu.Lock()
		more := h.afterTurn(s, r, rep, msgID, text)
		h.mu.Unlock()
		if !more {
			return
		}
	}
}

// play streams a reply's deltas (paced, held) and returns the text streamed.
func (h *Host) play(s *session, r *run, rep Reply, msgID string) string {
	var b strings.Builder
	pace := h.cfg.limits.DeltaDelay
	if rep.Slow {
		pace = h.cfg.limits.SlowDelta
	}
	stubborn := time.Duration(0)
	if rep.Stubborn {
		stubborn = h.cfg.limits.StubbornFor
	}
	if rep.Hold && len(rep.Deltas) == 0 {
		h.holding(s)
		hold(r, stubborn)
	}
	for i, d := range rep.Deltas {
		if !sleepCtx(r.ctx, pace) {
			break
		}
		h.mu.Lock()
		h.emitDelta(s, wireDelta{RunID: r.id, MessageID: msgID, Delta: d})
		h.mu.Unlock()
		b.WriteString(d)
		if i == 0 && rep.Hold {
			h.holding(s)
		}
		if i == 0 && rep.Hold && !hold(r, stubborn) {
			break
		}
	}
	return b.String()
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// holding tells the tests' hook that a run of s starts holding.
func (h *Host) holding(s *session) {
	h.mu.Lock()
	hook := h.holdHook
	h.mu.Unlock()
	if hook != nil {
		hook(s.id)
	}
}

// hold waits for Proceed; an abort ends the wait, at once or, for a
// stubborn body, after stubborn (or at Proceed, whichever comes first).
func hold(r *run, stubborn time.Duration) bool {
	select {
	case <-r.proceed:
		return true
	case <-r.ctx.Done():
	}
	if stubborn > 0 {
		t := time.NewTimer(stubborn)
		defer t.Stop()
		select {
		case <-r.proceed:
		case <-t.C:
		}
	}
	return false
}

// afterTurn records a finished turn and decides whether the run goes on.
// Called with h.mu held.
func (h *Host) afterTurn(s *session, r *run, rep Reply, msgID, text string) bool {
	if cause := context.Cause(r.ctx); cause != nil {
		h.stopRun(s, r, cause, msgID, text)
		return false
	}
	if rep.Err != "" {
		h.failRun(s, r, rep.Err)
		return false
	}
	calls := h.completeTurn(s, r, rep, msgID, text)
	more := len(calls) > 0 || len(r.steers) > 0 || len(s.queue) > 0
	if more && h.overBudget(s, r) {
		return false
	}
	switch {
	case len(calls) > 0:
		return true
	case len(r.steers) > 0:
		steers := r.steers
		r.steers = nil
		for _, c := range steers {
			h.deliver(s, r, c)
		}
		return true
	}
	h.endCommands(s, r, client.EvCommandCompleted, "")
	if len(s.queue) > 0 {
		c := s.queue[0]
		s.queue = s.queue[1:]
		h.queueUpdated(s)
		h.deliver(s, r, c)
		return true
	}
	h.settle(s, r, wireSettled{RunID: r.id, Usage: r.usage()})
	return false
}

// completeTurn records the assistant message and runs its tool calls.
func (h *Host) completeTurn(s *session, r *run, rep Reply, msgID, text string) []wireToolCall {
	cost := rep.CostUSD
	if cost <= 0 {
		cost = h.cfg.limits.TurnCostUSD
	}
	r.turns++
	r.cost += cost
	s.modelTurns++
	s.costUSD += cost
	calls := make([]wireToolCall, len(rep.ToolCalls))
	for i, tu := range rep.ToolCalls {
		calls[i] = wireToolCall{ID: h.newID("t"), Name: tu.Name, Arguments: toolArguments(tu.Args)}
	}
	h.addMessage(s, wireTranscript{EntryID: h.newID("e"), Role: "assistant", Text: text, ToolCalls: calls, Timestamp: h.now()},
		msgID, &wireUsage{Turns: 1, CostUSD: cost})
	for i, tu := range rep.ToolCalls {
		h.emit(s, client.EvToolStarted, wireToolStarted{ToolCallID: calls[i].ID, ToolName: tu.Name})
		h.emit(s, client.EvToolResult, wireToolResult{ToolCallID: calls[i].ID, ToolName: tu.Name, IsError: tu.IsError})
		isError := tu.IsError
		h.addMessage(s, wireTranscript{EntryID: h.newID("e"), Role: "toolResult", Text: tu.Result,
			ToolName: tu.Name, IsError: &isError, Timestamp: h.now()}, "", nil)
	}
	return calls
}

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
	h.endCommands(s, r, client.EvCommandAborted, "")
	h.dropQueue(s, client.EvCommandCancelled)
	h.settle(s, r, wireSettled{RunID: r.id, Aborted: true, Reason: "budget", StopReason: "budget", Usage: r.usage()})
	return true
}

// failRun settles a run whose model turn failed.
func (h *Host) failRun(s *session, r *run, msg string) {
	h.emit(s, client.EvRunError, wireRun{RunID: r.id, Message: msg})
	h.endCommands(s, r, client.EvCommandFailed, msg)
	h.settle(s, r, wireSettled{RunID: r.id, Reason: "error", StopReason: "error", Usage: r.usage()})
	h.next(s)
}

// stopRun settles a cancelled run. An abort leaves the queue alone (the
// queued commands then run); shutdown cancels it. A restart kills the body
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
	end := client.EvCommandAborted
	if cause == causeShutdown {
		h.dropQueue(s, client.EvCommandCancelled)
	}
	h.endCommands(s, r, end, "")
	h.settle(s, r, wireSettled{RunID: r.id, Aborted: true, Reason: cause.Error(), StopReason: "aborted", Usage: r.usage()})
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

// settle ends the run: run.ended, run.settled, the aborts completed, the
// credit debited and the mirror written.
func (h *Host) settle(s *session, r *run, v wireSettled) {
	h.emit(s, client.EvRunEnded, wireRun{RunID: r.id})
	h.emit(s, client.EvRunSettled, v)
	s.run = nil
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
