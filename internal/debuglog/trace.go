package debuglog

import (
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// Trace is the client trace that writes to the log: each request and its
// answer (op, request id, status, frame type, refusal code, duration), each
// durable event of a stream (message.delta is left out: it is the reply's
// text arriving), each lease change, and each change of a stream's
// connection. It is handed no credential or message text (see
// client.Trace), and logs none.
func (d *Log) Trace() client.Trace {
	if d == nil {
		return client.Trace{}
	}
	return client.Trace{
		Request:     d.request,
		Answer:      d.answer,
		Event:       d.event,
		StreamState: d.streamState,
	}
}

// request logs an attempt as it is sent.
func (d *Log) request(r client.RequestInfo) {
	d.l.Debug("request", requestAttrs(r)...)
}

// requestAttrs are the pairs that name a request.
func requestAttrs(r client.RequestInfo) []any {
	kv := []any{"op", r.Op, "method", r.Method, "path", r.Path}
	if r.SessionID != "" {
		kv = append(kv, "session", r.SessionID)
	}
	if r.RequestID != "" {
		kv = append(kv, "requestId", r.RequestID)
	}
	if r.Attempt > 1 {
		kv = append(kv, "attempt", r.Attempt)
	}
	if r.Stream {
		kv = append(kv, "stream", "sse")
	}
	return kv
}

// answer logs what an attempt got, and a lease change when the answer is one.
func (d *Log) answer(a client.AnswerInfo) {
	kv := append(requestAttrs(a.RequestInfo), "status", a.Status, "duration", a.Duration)
	if a.Type != "" {
		kv = append(kv, "answer", a.Type)
	}
	if a.Code != "" {
		kv = append(kv, "code", a.Code)
	}
	if a.Replayed {
		kv = append(kv, "replayed", true)
	}
	if a.RetryAfter > 0 {
		kv = append(kv, "retryAfter", a.RetryAfter)
	}
	if a.Err != nil {
		d.l.Error("request failed", append(kv, "err", a.Err)...)
		return
	}
	d.l.Info("answer", kv...)
	if strings.HasPrefix(a.Type, "driver.") || a.Code == client.CodeLeaseHeld {
		d.l.Info("lease change", "session", a.SessionID, "requestId", a.RequestID, "answer", firstOf(a.Type, a.Code))
	}
}

// event logs a durable event; a lease change (or a host restart) as such.
func (d *Log) event(e client.EventInfo) {
	switch {
	case e.Seq == 0:
	case strings.HasPrefix(e.Type, "lease.") || e.Type == client.EvSessionRevived:
		d.l.Info("lease change", "session", e.SessionID, "event", e.Type, "seq", e.Seq)
	default:
		d.l.Debug("event", "session", e.SessionID, "event", e.Type, "seq", e.Seq)
	}
}

// streamState logs a stream's connection change: connects, resumes (with
// how many events the host replayed), reconnects and falls back to
// long-poll.
func (d *Log) streamState(session string, cs client.ConnState) {
	kv := []any{"mode", cs.Mode.String(), "session", session}
	if cs.Attempt > 0 {
		kv = append(kv, "attempt", cs.Attempt)
	}
	if cs.Replayed > 0 {
		kv = append(kv, "replayed", cs.Replayed)
	}
	if r := cs.Reason(); r != "" {
		kv = append(kv, "reason", r)
	}
	if cs.Err != nil {
		kv = append(kv, "err", cs.Err)
	}
	d.l.Info("stream state", kv...)
}

// firstOf is a, else b.
func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
