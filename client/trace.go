package client

import (
	"net/url"
	"time"
)

// Trace is a set of hooks the client calls as it works, in the manner of
// net/http/httptrace: for a debug log, or for metrics. Every hook may be
// nil. A hook runs on the goroutine doing the work (the request's, or the
// one reading a Stream) and must not block long. The hooks are handed what
// the client already knows (ops, ids, statuses, types, durations), never a
// credential, a message's text or an answer's body; an error they are
// handed has the client's secrets scrubbed, as every error it returns.
type Trace struct {
	// Request is called as each attempt of a request is sent, and as each
	// SSE connection of a Stream is asked for (Stream true).
	Request func(RequestInfo)
	// Answer is called when that attempt has its answer, or failed.
	Answer func(AnswerInfo)
	// Event is called for each event a Stream delivers (message.delta
	// included) and for each event a Watch, or a Call of watch, brings.
	Event func(EventInfo)
	// StreamState is called on every change of a Stream's connection, as
	// StreamOptions.OnState is.
	StreamState func(sessionID string, st ConnState)
}

// WithTrace has the client report what it does to t's hooks.
func WithTrace(t Trace) Option { return func(c *Client) { c.trace = t } }

// RequestInfo is one attempt of a request, as Trace.Request hears it.
type RequestInfo struct {
	Op        string // the route's op (OpWatch for a stream); "trash" for TrashDocument
	Method    string
	Path      string // the address's path, without gardend's host or the query
	SessionID string // "" for the ops that name no session
	RequestID string // "" for reads
	Attempt   int    // from 1
	Stream    bool   // an SSE connection of a Stream
}

// AnswerInfo is what an attempt got, as Trace.Answer hears it.
type AnswerInfo struct {
	RequestInfo
	Status     int           // the HTTP status, 0 when no answer came
	Duration   time.Duration // from the request to its answer (the headers, for a stream)
	Type       string        // the answer's frame type, "" when it had none
	Code       string        // a refusal's code
	Replayed   bool          // the host replayed an earlier answer
	RetryAfter time.Duration // the answer's Retry-After
	Err        error         // a failure other than a refusal (scrubbed), nil otherwise
}

// EventInfo is one event, as Trace.Event hears it.
type EventInfo struct {
	SessionID string
	Type      string
	Seq       int64 // 0 for message.delta
}

// tracing reports whether a hook listens to requests or answers.
func (c *Client) tracing() bool { return c.trace.Request != nil || c.trace.Answer != nil }

// traceRequest reports an attempt about to be sent and returns when it was.
func (c *Client) traceRequest(ri RequestInfo) time.Time {
	if c.trace.Request != nil {
		c.trace.Request(ri)
	}
	return time.Now()
}

// traceAnswer reports what an attempt got.
func (c *Client) traceAnswer(ri RequestInfo, start time.Time, status int, f *Frame, err error) {
	if c.trace.Answer == nil {
		return
	}
	a := AnswerInfo{RequestInfo: ri, Status: status, Duration: time.Since(start), RetryAfter: retryAfterOf(err)}
	if f != nil {
		a.Type, a.Replayed = f.Type, f.Replayed
	}
	switch code := ErrorCode(err); {
	case code != "":
		a.Code = code
	case err != nil:
		a.Err = err
	}
	if a.Status == 0 {
		a.Status = statusOf(err)
	}
	c.trace.Answer(a)
}

// statusOf is the HTTP status an error came with, 0 when none.
func statusOf(err error) int {
	if e, ok := err.(*Error); ok {
		return e.Status
	}
	if te, ok := err.(*TransportError); ok {
		return te.Status
	}
	return 0
}

// traceEvent reports an event.
func (c *Client) traceEvent(sessionID string, ev *Event) {
	if c.trace.Event != nil {
		c.trace.Event(EventInfo{SessionID: firstNonEmpty(ev.SessionID, sessionID), Type: ev.Type, Seq: ev.Seq})
	}
}

// traceWatchAnswer reports the events of a watch answer that Call handed
// back raw; it decodes their types only when a hook listens.
func (c *Client) traceWatchAnswer(sessionID string, f *Frame) {
	if c.trace.Event == nil || f == nil {
		return
	}
	var v struct {
		Events []Event `json:"events"`
	}
	if f.Decode(&v) != nil {
		return
	}
	for i := range v.Events {
		c.traceEvent(sessionID, &v.Events[i])
	}
}

// pathOf is an address's path, for a trace.
func pathOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Path
}
