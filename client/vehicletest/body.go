package vehicletest

import (
	"context"
	"strconv"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// BodyExit is how an agent's body dies by itself: an exit code or a
// signal, and what it wrote to stderr (body.exited carries its tail).
type BodyExit struct {
	Code   *int   // the exit code; nil when a signal killed it
	Signal string // e.g. "SIGKILL"
	Stderr string // all it wrote; the event keeps the last stderrTailBytes
}

// stderrTailBytes bounds the stderr tail body.exited carries.
const stderrTailBytes = 2 << 10

// stderrTail is the end of stderr: its last lines, within stderrTailBytes,
// starting at a line when the cut falls inside one.
func stderrTail(stderr string) string {
	if len(stderr) <= stderrTailBytes {
		return stderr
	}
	tail := stderr[len(stderr)-stderrTailBytes:]
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 {
		return tail[i+1:]
	}
	return clipFront(tail)
}

// clipFront drops the bytes of a rune cut at the front.
func clipFront(s string) string {
	for len(s) > 0 && s[0]&0xC0 == 0x80 {
		s = s[1:]
	}
	return s
}

// ExitBody acts out an agent's body dying by itself: body.exited (the
// code or signal, the tail of stderr); a run under way settles aborted
// with stopReason body_exited, its commands fail, and queued commands are
// stranded (queue.stranded) and fail. The next command materializes a new
// body. It reports false for a chat session (its body is the host's
// process), a dormant body, or an unknown or deleted session.
func (h *Host) ExitBody(sessionID string, e BodyExit) bool {
	for {
		h.mu.Lock()
		s := h.sessions[sessionID]
		if s == nil || s.deleted || !s.live || s.profile != client.ProfileAgent {
			h.mu.Unlock()
			return false
		}
		r := s.run
		if r == nil {
			h.bodyExited(s, nil, e)
			h.mu.Unlock()
			return true
		}
		if context.Cause(r.ctx) == nil {
			r.exit = &e
			r.cancel(causeExited)
		}
		exiting := context.Cause(r.ctx) == causeExited
		h.mu.Unlock()
		select {
		case <-r.done:
		case <-h.done:
			return false
		}
		if exiting {
			return true
		}
		// the run was stopping for another cause: the body dies after it
	}
}

// bodyExited reports the body's death and ends what it was doing. Called
// with h.mu held.
func (h *Host) bodyExited(s *session, r *run, e BodyExit) {
	s.live = false
	v := wireBodyExited{Code: e.Code, Signal: e.Signal, StderrTail: stderrTail(e.Stderr)}
	h.emit(s, client.EvBodyExited, v)
	if r == nil {
		return
	}
	how := "by itself"
	switch {
	case e.Code != nil:
		how = "with code " + strconv.Itoa(*e.Code)
	case e.Signal != "":
		how = "on " + e.Signal
	}
	msg := "the agent's body exited " + how + ": send the command again to start a new one"
	if len(s.queue) > 0 {
		ids := make([]string, 0, len(s.queue))
		for _, c := range s.queue {
			ids = append(ids, c.id)
		}
		h.emit(s, client.EvQueueStranded, wireStranded{CommandIDs: ids, Reason: "the body exited"})
		for _, c := range s.queue {
			c.status, c.err = client.StatusFailed, msg
			h.emit(s, client.EvCommandFailed, wireCommandValue{CommandID: c.id, Error: msg})
		}
		s.queue = nil
		h.queueUpdated(s)
	}
	h.settle(s, r, wireSettled{RunID: r.id, Aborted: true, Reason: "body_exited", StopReason: "body_exited", Usage: r.usage()}, func() {
		h.endCommands(s, r, client.EvCommandFailed, msg)
	})
}

// beforeTurn sends what the body says before a turn: retries, a
// compaction, its extensions' notices and errors. Called with h.mu held.
func (h *Host) beforeTurn(s *session, r *run, rep Reply) {
	for i := 1; i <= rep.Retries; i++ {
		h.emit(s, client.EvRetryStarted, wireRetry{Attempt: i, DelayMs: int64(2000 * i), Message: "provider overloaded"})
	}
	if rep.Compact {
		h.emit(s, client.EvCompactionStarted, wireCompactionStarted{Reason: "threshold"})
		h.emit(s, client.EvCompactionEnded, wireCompactionEnded{Aborted: false})
	}
	for _, m := range rep.Notices {
		h.emit(s, client.EvBodyNotice, wireMessageOnly{Message: m})
	}
	if rep.ExtensionError != "" {
		h.emit(s, client.EvExtensionError, wireExtensionError{Extension: "pi-sophia", Message: rep.ExtensionError})
	}
	if rep.MirrorFail != "" {
		r.mirrorFail = rep.MirrorFail
	}
}

// armAbortSlow arms the timer that reports an abort taking longer than
// Limits.AbortSlow on the host's clock. Called with h.mu held.
func (h *Host) armAbortSlow(s *session, r *run) {
	if r.stopSlow != nil {
		return
	}
	wait := h.cfg.limits.AbortSlow
	r.stopSlow = h.cfg.clock.AfterFunc(wait, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if s.run == r && !h.closed {
			h.emit(s, client.EvAbortSlow, wireAbortSlow{RunID: r.id, WaitedMs: wait.Milliseconds()})
		}
	})
}

// armIdle (re)arms the timer that disposes the session's body once it has
// been idle for Limits.BodyIdle on the host's clock (VEHICLE_BODY_IDLE_MS).
// Called with h.mu held when the body becomes idle.
func (h *Host) armIdle(s *session) {
	if s.idleStop != nil {
		s.idleStop()
		s.idleStop = nil
	}
	idle := h.cfg.limits.BodyIdle
	if idle <= 0 || h.closed || s.deleted {
		return
	}
	s.idleSince = h.now()
	s.idleStop = h.cfg.clock.AfterFunc(idle, func() { h.idleTimer(s) })
}

// idleTimer disposes a body that is still idle when its time has come.
func (h *Host) idleTimer(s *session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s.idleStop = nil
	if h.closed || s.deleted || !s.live || s.run != nil || s.openCommands() {
		return // a run under way arms the timer again when it settles
	}
	if left := h.cfg.limits.BodyIdle - h.now().Sub(s.idleSince); left > 0 {
		s.idleStop = h.cfg.clock.AfterFunc(left, func() { h.idleTimer(s) })
		return
	}
	s.live = false
	h.emit(s, client.EvBodyDormant, wireEmpty{})
}

// IdleBody acts out a body disposed after idling (VEHICLE_BODY_IDLE_MS):
// body.dormant. It reports false when the body is dormant already, a run
// or a command is under way, or the session is unknown or deleted.
func (h *Host) IdleBody(sessionID string) bool {
	return h.withLive(sessionID, func(s *session) bool {
		if s.run != nil || s.openCommands() {
			return false
		}
		s.live = false
		h.emit(s, client.EvBodyDormant, wireEmpty{})
		return true
	})
}

// Notice sends body.notice: what the body's extensions tell the person.
// It reports false when the body is dormant or the session unknown.
func (h *Host) Notice(sessionID, message string) bool {
	return h.withLive(sessionID, func(s *session) bool {
		h.emit(s, client.EvBodyNotice, wireMessageOnly{Message: message})
		return true
	})
}

// ExtensionError sends extension.error: an extension of the body failed.
// It reports false when the body is dormant or the session unknown.
func (h *Host) ExtensionError(sessionID, extension, message string) bool {
	return h.withLive(sessionID, func(s *session) bool {
		h.emit(s, client.EvExtensionError, wireExtensionError{Extension: extension, Message: message})
		return true
	})
}

// Compaction sends compaction.started (with its reason) and
// compaction.ended. It reports false when the body is dormant or the
// session unknown.
func (h *Host) Compaction(sessionID, reason string) bool {
	return h.withLive(sessionID, func(s *session) bool {
		h.emit(s, client.EvCompactionStarted, wireCompactionStarted{Reason: reason})
		h.emit(s, client.EvCompactionEnded, wireCompactionEnded{Aborted: false})
		return true
	})
}

// withLive runs fn under the lock on a session whose body is live.
func (h *Host) withLive(sessionID string, fn func(*session) bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[sessionID]
	if s == nil || s.deleted || !s.live {
		return false
	}
	return fn(s)
}

// crash ends a run whose body the model says dies: an agent's body exits;
// a chat body lives in the host's process, so its turn fails instead.
// Called with h.mu held.
func (h *Host) crash(s *session, r *run, rep Reply) {
	switch cause := context.Cause(r.ctx); {
	case cause != nil:
		h.stopRun(s, r, cause, "", "")
	case s.profile == client.ProfileAgent:
		h.bodyExited(s, r, *rep.Exit)
	default:
		h.failRun(s, r, "the model asked the body to exit, but a chat session's body lives in the host's process: only an agent's body exits")
	}
}

// stopAbortSlow stops the abort.slow timer of a run that has ended.
func (h *Host) stopAbortSlow(r *run) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r.stopSlow != nil {
		r.stopSlow()
	}
}
