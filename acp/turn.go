package acp

import (
	"context"
	"errors"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// turn is a prompt under way: the command it sent, and how it ends. A
// session may have several: a prompt sent while another runs goes as a
// follow-up, and each answers when its own command has ended.
type turn struct {
	cid       string        // the command, once the host accepted it
	text      string        // what it sent
	cancelled chan struct{} // closed by session/cancel
	sent      chan struct{} // closed once the host answered the send (or it failed)
	done      chan turnEnd
}

// turnEnd is how a turn ended: a stop reason, or an error.
type turnEnd struct {
	stop sdk.StopReason
	err  error
}

// isCancelled reports whether session/cancel asked to abort the turn.
func (t *turn) isCancelled() bool {
	select {
	case <-t.cancelled:
		return true
	default:
		return false
	}
}

// prompt sends text as a command of op (a prompt, or a follow-up when a run
// is under way) under the lease, and waits for its run to settle. The
// client sends it with one request id, again on a lost answer, so the host
// runs it once.
func (s *session) prompt(ctx context.Context, op, text string) (sdk.PromptResponse, error) {
	if err := s.ensureLease(ctx); err != nil {
		return sdk.PromptResponse{}, s.a.refusal(err, s.fundingNow())
	}
	t := &turn{text: text, cancelled: make(chan struct{}), sent: make(chan struct{}), done: make(chan turnEnd, 1)}
	s.mu.Lock()
	s.turns = append(s.turns, t)
	s.mu.Unlock()
	acc, err := s.send(ctx, op, text)
	s.mu.Lock()
	if err != nil {
		s.dropTurn(t)
	} else {
		t.cid = acc.CommandID
		s.ours[acc.CommandID] = true
		s.checkTurns()
	}
	close(t.sent)
	s.mu.Unlock()
	if err != nil {
		return sdk.PromptResponse{}, s.a.refusal(err, s.fundingNow())
	}
	return s.wait(ctx, t)
}

// send posts one text command; a prompt refused because a run is under way
// goes as a follow-up, queued behind it (the refusal ran nothing).
//
// A text whose answer never came (the client's retries ran out: the host
// may have run it) keeps its request id: the editor's next prompt of the
// same text goes with it, and the host answers it again instead of running
// it twice.
func (s *session) send(ctx context.Context, op, text string) (*client.Accepted, error) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.a.cfg.RequestTimeout)
	defer cancel()
	rid := s.requestID(op, text)
	acc, err := s.c.Send(sctx, s.id, op, client.TextRequest{RequestID: rid, Text: text})
	if client.ErrorCode(err) == client.CodeSessionRunning && op == client.OpPrompt {
		op = client.OpFollowUp
		rid = s.requestID(op, text)
		acc, err = s.c.Send(sctx, s.id, op, client.TextRequest{RequestID: rid, Text: text})
	}
	s.mu.Lock()
	if client.IsTransport(err) {
		s.unanswered = unanswered{op: op, text: text, requestID: rid}
	} else if s.unanswered.requestID == rid {
		s.unanswered = unanswered{}
	}
	s.mu.Unlock()
	if code := client.ErrorCode(err); code == client.CodeLeaseHeld || code == client.CodeLeaseRequired {
		s.setLease(nil)
	}
	return acc, err
}

// wait waits for the turn's end. The editor's request may end first: the
// SDK cancels it on session/cancel (the turn then ends with the aborted run,
// within the request timeout) and when another prompt of the session comes
// (the turn goes on to its own end); when the editor went away it ends at
// once.
func (s *session) wait(ctx context.Context, t *turn) (sdk.PromptResponse, error) {
	select {
	case end := <-t.done:
		return end.response()
	case <-ctx.Done():
	}
	select {
	case end := <-t.done:
		return end.response()
	case <-s.a.conn.Done():
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	case <-t.cancelled:
	}
	limit := time.NewTimer(s.a.cfg.RequestTimeout)
	defer limit.Stop()
	select {
	case end := <-t.done:
		return end.response()
	case <-s.a.conn.Done():
	case <-limit.C:
		s.a.log.logf("session %s: the cancelled run did not settle within %v", s.id, s.a.cfg.RequestTimeout)
	}
	return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
}

// response is the prompt's answer.
func (e turnEnd) response() (sdk.PromptResponse, error) {
	if e.err != nil {
		return sdk.PromptResponse{}, e.err
	}
	return sdk.PromptResponse{StopReason: e.stop}, nil
}

// cancel aborts the turns under way: this agent's commands still queued are
// cancelled, and the run is aborted (the host settles it aborted).
//
// A prompt whose command is on its way is waited for (within the request
// timeout), so that the command is known and cancelled too.
func (s *session) cancel(ctx context.Context) {
	s.mu.Lock()
	turns := append([]*turn(nil), s.turns...)
	for _, t := range turns {
		if !t.isCancelled() {
			close(t.cancelled)
		}
	}
	s.mu.Unlock()
	wctx, stop := context.WithTimeout(context.WithoutCancel(ctx), s.a.cfg.RequestTimeout)
	defer stop()
	for _, t := range turns {
		select {
		case <-t.sent:
		case <-wctx.Done():
		}
	}
	s.mu.Lock()
	var queued []string
	for cid := range s.ours {
		if _, done := s.ended[cid]; !done && s.delivered[cid] == "" {
			queued = append(queued, cid)
		}
	}
	abort := s.running || len(s.turns) > 0
	s.mu.Unlock()
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.a.cfg.RequestTimeout)
	defer cancel()
	for _, cid := range queued {
		if _, err := s.c.Cancel(cctx, s.id, cid); err != nil && client.ErrorCode(err) != client.CodeNotFound {
			s.a.log.logf("session %s: could not cancel a queued command: %v", s.id, err)
		}
	}
	if abort {
		if _, err := s.c.Abort(cctx, s.id); err != nil {
			s.a.log.logf("session %s: could not abort the run: %v", s.id, err)
		}
	}
}

// noteCommand keeps a command's delivery and end. Called with mu held.
func (s *session) noteCommand(ev client.Event) {
	var v client.CommandValue
	if ev.Decode(&v) != nil || v.CommandID == "" {
		return
	}
	switch ev.Type {
	case client.EvCommandDelivered:
		s.delivered[v.CommandID] = s.runID
		s.nextTurn = v.CommandID
	case client.EvCommandCompleted, client.EvCommandAborted, client.EvCommandFailed,
		client.EvCommandCancelled, client.EvCommandInterrupted:
		s.ended[v.CommandID] = cmdEnd{typ: ev.Type, err: v.Error}
		s.forget()
	}
}

// forget drops the oldest ends once there are many: only the turns under
// way need theirs. Called with mu held.
func (s *session) forget() {
	if len(s.ended) < keepEnded {
		return
	}
	keep := map[string]bool{}
	for _, t := range s.turns {
		keep[t.cid] = true
	}
	for cid := range s.ended {
		if !keep[cid] {
			delete(s.ended, cid)
			delete(s.delivered, cid)
			delete(s.ours, cid)
		}
	}
	for run := range s.settled {
		if run != s.runID {
			delete(s.settled, run)
		}
	}
}

// checkTurns ends each turn whose command is final and whose run has
// settled. Called with mu held.
func (s *session) checkTurns() {
	for _, t := range append([]*turn(nil), s.turns...) {
		if t.cid == "" {
			continue
		}
		end, ok := s.ended[t.cid]
		if !ok {
			continue
		}
		run := s.delivered[t.cid]
		var set client.RunSettledValue
		if run != "" {
			if set, ok = s.settled[run]; !ok {
				continue
			}
		}
		s.finishTurn(t, s.turnEnd(t, end, run != "", set))
	}
}

// turnEnd is how a turn ends, from its command's end and its run's settle.
func (s *session) turnEnd(t *turn, end cmdEnd, ran bool, set client.RunSettledValue) turnEnd {
	switch {
	case t.isCancelled() || end.typ == client.EvCommandCancelled:
		return turnEnd{stop: sdk.StopReasonCancelled}
	case ran && set.Aborted && set.Reason == "budget":
		return turnEnd{stop: sdk.StopReasonMaxTurnRequests}
	case end.typ == client.EvCommandAborted || ran && set.Aborted:
		return turnEnd{stop: sdk.StopReasonCancelled}
	case end.typ == client.EvCommandInterrupted:
		return turnEnd{err: s.a.refusal(errors.New("the host restarted and interrupted the prompt before it ended: send it again"), "")}
	case end.typ == client.EvCommandFailed:
		msg := orText(end.err, s.runErr)
		return turnEnd{err: s.a.refusal(errors.New("the run failed: "+orText(msg, "the host gave no reason")), "")}
	}
	return turnEnd{stop: sdk.StopReasonEndTurn}
}

// finishTurn ends one turn. Called with mu held.
func (s *session) finishTurn(t *turn, e turnEnd) {
	t.done <- e
	s.dropTurn(t)
}

// finishTurns ends every turn under way. Called with mu held.
func (s *session) finishTurns(e turnEnd) {
	for _, t := range append([]*turn(nil), s.turns...) {
		s.finishTurn(t, e)
	}
}

// dropTurn forgets a turn. Called with mu held.
func (s *session) dropTurn(t *turn) {
	for i, u := range s.turns {
		if u == t {
			s.turns = append(s.turns[:i], s.turns[i+1:]...)
			return
		}
	}
}

// unanswered is the last text command whose answer never came.
type unanswered struct {
	op, text, requestID string
}

// requestID is the request id to send text as op with: the one it went
// with before when that answer never came, else a fresh one.
func (s *session) requestID(op, text string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.unanswered; u.requestID != "" && u.op == op && u.text == text {
		return u.requestID
	}
	return s.c.NewRequestID()
}

// fundingNow is the session's funding as last seen.
func (s *session) fundingNow() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.funding
}
