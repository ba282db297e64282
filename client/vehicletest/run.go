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
	if len(s.queue) > 0 {
		h.endCommands(s, r, client.EvCommandCompleted, "")
		c := s.queue[0]
		s.queue = s.queue[1:]
		h.queueUpdated(s)
		h.deliver(s, r, c)
		return true
	}
	h.settle(s, r, wireSettled{RunID: r.id, Usage: r.usage()}, func() {
		h.endCommands(s, r, client.EvCommandCompleted, "")
	})
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
