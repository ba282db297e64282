package vehicletest

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// maxWaitMs is the longest wait a long-poll may ask for.
const maxWaitMs = 30000

// subscriber is one open SSE stream: a buffer of frames, and a signal that
// cuts the stream (CutStreams, or a buffer that overflowed).
type subscriber struct {
	ch  chan wireFrame
	cut chan struct{}
}

// fanout hands a frame to every stream of the session without blocking: a
// stream whose buffer is full is cut and resumes by seq. Called with h.mu held.
func (h *Host) fanout(s *session, f wireFrame) {
	for sub := range s.subs {
		select {
		case sub.ch <- f:
		default:
			cutSubscriber(s, sub)
		}
	}
}

func cutSubscriber(s *session, sub *subscriber) {
	delete(s.subs, sub)
	close(sub.cut)
}

// watchParams reads since (or Last-Event-ID for a stream) and waitMs.
// waitMs above 30 000 is refused, as the contract says.
func watchParams(r *http.Request, stream bool) (since int64, wait time.Duration, err *refusal) {
	q := r.URL.Query()
	raw := q.Get("since")
	if id := r.Header.Get("Last-Event-ID"); stream && id != "" {
		raw = id
	}
	if raw != "" {
		n, perr := strconv.ParseInt(raw, 10, 64)
		if perr != nil || n < 0 {
			return 0, 0, errf(client.CodeInvalidRequest, "since must be the last seq seen (0 or more), not %q", raw)
		}
		since = n
	}
	if w := q.Get("waitMs"); w != "" {
		n, perr := strconv.ParseInt(w, 10, 64)
		if perr != nil || n < 0 || n > maxWaitMs {
			return 0, 0, errf(client.CodeInvalidRequest, "waitMs must be milliseconds from 0 to %d, not %q: ask for a shorter wait and poll again", maxWaitMs, w)
		}
		wait = time.Duration(n) * time.Millisecond
	}
	return since, wait, nil
}

// wantsStream reports whether the request asks for SSE.
func wantsStream(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "text/event-stream")
}

// watchResult is the long-poll answer after since. Called with h.mu held.
func watchResult(s *session, since int64) wireWatch {
	res := wireWatch{Events: []wireFrame{}, Cursor: since}
	if since >= s.cursor() {
		return res
	}
	evs := s.events[since:]
	if len(evs) > client.MaxWatchEvents {
		evs = evs[:client.MaxWatchEvents]
		res.More = true
	}
	res.Events = append(res.Events, evs...)
	res.Cursor = evs[len(evs)-1].Seq
	return res
}

// longPoll answers the events after since, waiting up to wait for the next
// one when there are none.
func (h *Host) longPoll(rq *request, s *session, since int64, wait time.Duration) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		h.mu.Lock()
		if s.cursor() > since || wait <= 0 {
			rep := rq.answer(http.StatusOK, client.TypeWatchCompleted, watchResult(s, since))
			h.mu.Unlock()
			writeReply(rq.w, rep)
			return
		}
		ch, hook := s.notify, h.waitHook
		h.mu.Unlock()
		if hook != nil {
			hook(s.id)
		}
		select {
		case <-ch:
		case <-timer.C:
			wait = 0
		case <-h.done:
			wait = 0
		case <-rq.r.Context().Done():
			return
		}
	}
}

// stream serves SSE: the events after since, then live ones (deltas too),
// with keepalives, until session.deleted, the client leaves, or a cut.
func (h *Host) stream(rq *request, s *session, since int64) {
	h.mu.Lock()
	var replay []wireFrame
	if since < s.cursor() {
		replay = append(replay, s.events[since:]...)
	}
	sub := &subscriber{ch: make(chan wireFrame, h.cfg.limits.StreamBuffer), cut: make(chan struct{})}
	s.subs[sub] = struct{}{}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(s.subs, sub)
		h.mu.Unlock()
	}()
	w := rq.w
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	for _, f := range replay {
		if writeSSE(w, f) != nil || f.Type == client.EvSessionDeleted {
			_ = rc.Flush()
			return
		}
	}
	// A keepalive right after the replay tells the client the replay is
	// over, so it can count what was replayed at once.
	if _, err := io.WriteString(w, ": keepalive\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	h.follow(rq, rc, sub)
}

// follow writes live frames until the stream ends.
func (h *Host) follow(rq *request, rc *http.ResponseController, sub *subscriber) {
	ticker := time.NewTicker(h.cfg.limits.Keepalive)
	defer ticker.Stop()
	for {
		select {
		case f := <-sub.ch:
			if writeSSE(rq.w, f) != nil || rc.Flush() != nil || f.Type == client.EvSessionDeleted {
				return
			}
		case <-ticker.C:
			if _, err := io.WriteString(rq.w, ": keepalive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-sub.cut:
			panic(http.ErrAbortHandler) // end the response abruptly, as a dropped connection does
		case <-h.done:
			return
		case <-rq.r.Context().Done():
			return
		}
	}
}

// writeSSE writes one event; a delta has no id.
func writeSSE(w io.Writer, f wireFrame) error {
	var err error
	if f.Seq > 0 {
		_, err = fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", f.Seq, f.Type, mustJSON(f))
	} else {
		_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", f.Type, mustJSON(f))
	}
	return err
}
