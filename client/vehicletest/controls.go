package vehicletest

import (
	"encoding/json"
	"slices"

	"github.com/sophia-labs/vehicle/client"
)

// Recorded is what the host kept of one request.
type Recorded struct {
	Method        string
	Path          string
	Query         string // the raw query, without "?"
	Stream        bool   // asked for an event stream (Accept: text/event-stream)
	Authorization bool   // an Authorization header was sent
	VisitorID     string // X-Visitor-Id, when sent
	ModelKey      bool   // an X-Model-Key header was sent
	RequestID     string // the body's (or query's) requestId
	Text          string // the body's text (a prompt, a follow-up, a steer, a chime), "" with none
}

// Requests are the requests served so far, oldest first.
func (h *Host) Requests() []Recorded {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.recorded)
}

// Trashed are the documents trashed through gardend's navigation route.
func (h *Host) Trashed() []TrashedDoc {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.trashed)
}

// Events is the durable log of a session (deleted ones too); nil for an
// unknown id.
func (h *Host) Events(sessionID string) []client.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	if s := h.sessions[sessionID]; s != nil {
		return clientEvents(s.events)
	}
	return nil
}

// clientEvents reads the host's frames as the client reads them off the wire.
func clientEvents(frames []wireFrame) []client.Event {
	out := make([]client.Event, 0, len(frames))
	_ = json.Unmarshal(mustJSON(frames), &out)
	return out
}

// Emit appends an arbitrary event to a session's log and returns its seq (0
// for an unknown or deleted session).
func (h *Host) Emit(sessionID, typ string, value any) int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[sessionID]
	if s == nil || s.deleted {
		return 0
	}
	return h.emit(s, typ, value).Seq
}

// Proceed releases a run held by the #hold step; false when the session
// has no run.
func (h *Host) Proceed(sessionID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[sessionID]
	if s == nil || s.run == nil {
		return false
	}
	select {
	case s.run.proceed <- struct{}{}:
	default:
	}
	return true
}

// CutStreams ends every open SSE response abruptly, as a dropped
// connection does.
func (h *Host) CutStreams() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.sessions {
		for sub := range s.subs {
			cutSubscriber(s, sub)
		}
	}
}

// SetRole sets a person's role on a graph ("" removes it).
func (h *Host) SetRole(principal, graph, role string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.personByPrincipal(principal); p != nil {
		if role == "" {
			delete(p.Roles, graph)
		} else {
			p.Roles[graph] = role
		}
	}
}

// Restart acts out a host restart: runs stop, the byok keys held in memory
// are dropped, open commands are reported interrupted, bodies go dormant
// and every session is revived; leases survive. The delegation tokens are
// kept (DropDelegation acts out a revival without one).
func (h *Host) Restart() {
	h.revive(func(*session) bool { return true }, func(s *session) { s.modelKey = "" })
}

// revive revives the sessions pick selects: forget drops what they lose,
// their runs stop as a restart stops them, open commands are reported
// interrupted, bodies go dormant and session.revived is announced. It
// returns how many sessions were revived.
func (h *Host) revive(pick func(*session) bool, forget func(*session)) int {
	h.mu.Lock()
	var runs []*run
	for _, s := range h.sessions {
		if s.deleted || !pick(s) {
			continue
		}
		forget(s)
		if s.run != nil {
			runs = append(runs, s.run)
			s.run.cancel(causeRestart)
		}
	}
	h.mu.Unlock()
	for _, r := range runs {
		select {
		case <-r.done:
		case <-h.done:
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.sessions {
		if s.deleted || !pick(s) {
			continue
		}
		n++
		h.dropQueue(s, client.EvCommandInterrupted)
		for _, c := range s.commands {
			if c.open() {
				c.status = client.StatusInterrupted
				h.emit(s, client.EvCommandInterrupted, wireCommandValue{CommandID: c.id})
			}
		}
		s.live = false
		h.emit(s, client.EvSessionRevived, wireEmpty{})
	}
	return n
}

// OnHold sets f to be called, on the run's goroutine, each time a run starts
// holding at a #hold marker (after its first delta): a test waits on it to
// act on a run that is known to be under way. nil removes it.
func (h *Host) OnHold(f func(sessionID string)) {
	h.mu.Lock()
	h.holdHook = f
	h.mu.Unlock()
}
