package vehicletest

import (
	"net/http"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// ServeHTTP routes a request: the session routes under {mount}/g/<graph>,
// the account routes under {mount}/account, and gardend's own trash route
// DELETE /navigation/<graph>/documents/<id> at the root.
func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rq := readRequest(w, r)
	h.record(rq)
	if rest, ok := strings.CutPrefix(r.URL.Path, "/navigation/"); ok && r.Method == http.MethodDelete {
		h.serveTrash(rq, rest)
		return
	}
	rest, ok := h.underMount(r.URL.Path)
	if !ok {
		writeError(w, rq, errf(client.CodeNotFound, "no route %s %s here: the vehicle routes live under %q", r.Method, r.URL.Path, h.cfg.mount))
		return
	}
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	switch {
	case len(parts) == 1 && parts[0] == "account":
		h.serveLocked(rq, http.MethodGet, h.account)
	case len(parts) == 2 && parts[0] == "account" && parts[1] == "grants":
		h.serveLocked(rq, http.MethodPost, h.grant)
	case len(parts) >= 3 && parts[0] == "g" && parts[1] != "" && parts[2] == "sessions":
		rq.graph = parts[1]
		h.serveGraph(rq, parts[3:])
	default:
		writeError(w, rq, errf(client.CodeNotFound, "no route %s %s here", r.Method, r.URL.Path))
	}
}

// underMount strips the mount from a path.
func (h *Host) underMount(path string) (string, bool) {
	if h.cfg.mount == "" {
		return path, true
	}
	rest, ok := strings.CutPrefix(path, h.cfg.mount)
	if !ok || (rest != "" && rest[0] != '/') {
		return "", false
	}
	return rest, true
}

// serveLocked authenticates and runs a handler under the lock.
func (h *Host) serveLocked(rq *request, method string, fn func(*request) (*reply, *refusal)) {
	h.mu.Lock()
	rep, err := h.authenticated(rq, func() (*reply, *refusal) {
		if rq.r.Method != method {
			return nil, badMethod(rq)
		}
		return fn(rq)
	})
	h.mu.Unlock()
	h.finish(rq, rep, err)
}

func (h *Host) authenticated(rq *request, fn func() (*reply, *refusal)) (*reply, *refusal) {
	c, err := h.resolveCaller(rq.r)
	if err != nil {
		return nil, err
	}
	rq.caller = c
	return fn()
}

func badMethod(rq *request) *refusal {
	return errf(client.CodeInvalidRequest, "%s is not a method of %s: see the routes of the contract", rq.r.Method, rq.r.URL.Path)
}

// serveGraph serves the session routes of one graph.
func (h *Host) serveGraph(rq *request, rest []string) {
	h.mu.Lock()
	c, err := h.resolveCaller(rq.r)
	if err == nil {
		rq.caller = c
		if rq.role = h.roleOn(c, rq.graph); rq.role == "" {
			err = errf(client.CodeNotFound, "graph %q not found: check its name, or ask its owner for a role", rq.graph)
		}
	}
	if err != nil {
		h.mu.Unlock()
		writeError(rq.w, rq, err)
		return
	}
	h.delegate(rq, rest)
	if len(rest) == 2 && rest[1] == "events" && rq.r.Method == http.MethodGet {
		h.serveEvents(rq, rest[0]) // unlocks
		return
	}
	rep, err := h.graphRoute(rq, rest)
	h.mu.Unlock()
	h.finish(rq, rep, err)
}

// graphRoute dispatches the routes answered with one frame. Called with h.mu held.
func (h *Host) graphRoute(rq *request, rest []string) (*reply, *refusal) {
	m := rq.r.Method
	switch {
	case len(rest) == 0 && m == http.MethodGet:
		return h.list(rq)
	case len(rest) == 0 && m == http.MethodPost:
		return h.create(rq)
	case len(rest) == 1 && m == http.MethodGet:
		return h.inspect(rq, rest[0])
	case len(rest) == 1 && m == http.MethodPatch:
		return h.sessionOp(rq, rest[0], "rename")
	case len(rest) == 1 && m == http.MethodDelete:
		return h.sessionOp(rq, rest[0], "delete")
	case len(rest) == 2 && rest[1] == "capsule" && m == http.MethodGet:
		return h.capsule(rq, rest[0])
	case len(rest) == 2 && m == http.MethodPost:
		return h.sessionOp(rq, rest[0], rest[1])
	case len(rest) <= 2:
		return nil, badMethod(rq)
	}
	return nil, errf(client.CodeNotFound, "no route %s %s here", m, rq.r.URL.Path)
}

// serveEvents serves watch: SSE or long-poll. Called with h.mu held; unlocks.
func (h *Host) serveEvents(rq *request, id string) {
	s, err := h.ownSession(rq, id)
	stream := wantsStream(rq.r)
	since, wait, perr := watchParams(rq.r, stream)
	h.mu.Unlock()
	if err == nil {
		err = perr
	}
	switch {
	case err != nil:
		writeError(rq.w, rq, err)
	case stream:
		h.stream(rq, s, since)
	default:
		h.longPoll(rq, s, since, wait)
	}
}

// finish waits for what the reply waits for, runs its last step under the
// lock, and writes it (or the refusal).
func (h *Host) finish(rq *request, rep *reply, err *refusal) {
	if err != nil {
		writeError(rq.w, rq, err)
		return
	}
	if rep.wait != nil {
		select {
		case <-rep.wait:
		case <-h.done:
		}
	}
	if rep.then != nil {
		h.mu.Lock()
		rep.then()
		h.mu.Unlock()
	}
	writeReply(rq.w, rep)
}

// record keeps what tests inspect of a request.
func (h *Host) record(rq *request) {
	r := rq.r
	rec := Recorded{
		Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
		Stream:        strings.Contains(r.Header.Get("Accept"), "text/event-stream"),
		Authorization: r.Header.Get("Authorization") != "",
		VisitorID:     r.Header.Get("X-Visitor-Id"),
		ModelKey:      r.Header.Get("X-Model-Key") != "",
		RequestID:     rq.requestID,
	}
	if rq.body.Text != nil {
		rec.Text = *rq.body.Text
	}
	h.mu.Lock()
	h.recorded = append(h.recorded, rec)
	h.mu.Unlock()
}
