package client

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// StreamErrorKind says what went wrong with an event stream.
type StreamErrorKind int

// What can go wrong with an event stream, as StreamError.Kind says.
const (
	StreamDropped    StreamErrorKind = iota + 1 // the connection failed or was cut
	StreamEnded                                 // the host ended the response before session.deleted
	StreamSilent                                // nothing, not even a keepalive, for three keepalive intervals
	StreamTooLarge                              // an event over the stream's 1 MiB limit
	StreamNoProgress                            // reconnects in a row that delivered nothing
	StreamNotSSE                                // the host, or a proxy on the way, does not stream events
	StreamBadSeq                                // the host sent a seq that does not follow the cursor
)

// String is a short phrase for a status line: "no keepalive", "event too
// large", ...
func (k StreamErrorKind) String() string {
	switch k {
	case StreamDropped:
		return "connection lost"
	case StreamEnded:
		return "host ended the stream"
	case StreamSilent:
		return "no keepalive"
	case StreamTooLarge:
		return "event too large"
	case StreamNoProgress:
		return "reconnects made no progress"
	case StreamNotSSE:
		return "host does not stream"
	case StreamBadSeq:
		return "host sent a bad seq"
	}
	return "unknown"
}

// StreamError is why a Stream reconnected, fell back to long-poll or reported
// a fault of the host; ConnState.Err carries it. errors.Is(err,
// &StreamError{Kind: k}) asks whether err is, or wraps, one of kind k.
type StreamError struct {
	Kind   StreamErrorKind
	Cursor int64         // the last seq delivered: the stream resumes after it
	Seq    int64         // StreamBadSeq: the seq the host sent
	Status int           // StreamNotSSE: the HTTP status of the answer
	After  time.Duration // StreamSilent: how long it waited
	Err    error         // the cause, when there is one
}

// Error says what happened and what the stream does about it.
func (e *StreamError) Error() string {
	switch e.Kind {
	case StreamDropped:
		return fmt.Sprintf("vehicle: the event stream dropped (%v); resuming after seq %d", e.Err, e.Cursor)
	case StreamEnded:
		return fmt.Sprintf("vehicle: the host ended the event stream; resuming after seq %d", e.Cursor)
	case StreamSilent:
		return fmt.Sprintf("vehicle: nothing from the host in %v, not even a keepalive (a proxy on the way may be "+
			"buffering the stream); resuming after seq %d", e.After, e.Cursor)
	case StreamTooLarge:
		return fmt.Sprintf("vehicle: the event after seq %d is over the event stream's 1 MiB limit (%v)", e.Cursor, e.Err)
	case StreamNoProgress:
		return fmt.Sprintf("vehicle: reconnecting made no progress past seq %d (%v); long-polling instead", e.Cursor, e.Err)
	case StreamNotSSE:
		return fmt.Sprintf("vehicle: the host does not stream events (HTTP %d: %v); watching by long-poll instead", e.Status, e.Err)
	case StreamBadSeq:
		return fmt.Sprintf("vehicle: the host sent seq %d after seq %d, which does not follow; it was not delivered, "+
			"and the stream goes on after seq %d (%v)", e.Seq, e.Cursor, e.Cursor, e.Err)
	}
	return fmt.Sprintf("vehicle: event stream: %v", e.Err)
}

// Unwrap is the cause.
func (e *StreamError) Unwrap() error { return e.Err }

// Is matches a *StreamError of the same Kind.
func (e *StreamError) Is(target error) bool {
	t, ok := target.(*StreamError)
	return ok && t.Kind == e.Kind
}

// streamKind is the kind of the outermost StreamError in err, 0 when none.
func streamKind(err error) StreamErrorKind {
	var e *StreamError
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

// Reason is a short phrase for why the connection is in its state ("no
// keepalive", "reconnects made no progress: event too large"); "" when
// nothing went wrong or the error is not the stream's own.
func (s ConnState) Reason() string {
	var e *StreamError
	if !errors.As(s.Err, &e) {
		return ""
	}
	r := e.Kind.String()
	var inner *StreamError
	if errors.As(e.Err, &inner) {
		r += ": " + inner.Kind.String()
	}
	return r
}

// isPermanent reports whether err is a refusal that retrying will not cure: a
// 4xx error frame but 429, or a redirect off the host's origin.
func isPermanent(err error) bool {
	var re *RedirectError
	if errors.As(err, &re) {
		return true // a redirect off the host's origin is refused every time
	}
	var e *Error
	if isNotSSE(err) || !errors.As(err, &e) {
		return false
	}
	return e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests
}

func isNotSSE(err error) bool { return streamKind(err) == StreamNotSSE }

// errBackwards is the cause of a bad seq that went backwards.
var errBackwards = errors.New("it goes backwards")

// seqError is what an inspect said of a seq ahead of the cursor.
type seqError struct {
	host   int64 // the session's cursor, as the inspect said
	beyond bool  // the seq is beyond it
	cause  error // why the inspect failed, if it did
}

func (e *seqError) Error() string {
	switch {
	case e.cause != nil:
		return fmt.Sprintf("events may have been skipped; the inspect that checks it failed: %v", e.cause)
	case e.beyond:
		return fmt.Sprintf("the session's cursor is %d: the event is not the session's", e.host)
	}
	return fmt.Sprintf("the session's cursor is %d: events before it were skipped; resuming", e.host)
}

func (e *seqError) Unwrap() error { return e.cause }
