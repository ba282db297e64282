package wire

import (
	"errors"
	"fmt"
	"time"
)

// ConnMode is where a Stream's connection stands.
type ConnMode int

// Connection modes, as ConnState reports them.
const (
	ConnConnecting   ConnMode = iota // the first connection is being made
	ConnStreaming                    // an SSE response is open
	ConnPolling                      // long-polling (TransportPoll, or after a fallback)
	ConnReconnecting                 // the connection was lost; trying again
	ConnClosed                       // the stream has ended
)

// String names the mode in lower case.
func (m ConnMode) String() string {
	switch m {
	case ConnConnecting:
		return "connecting"
	case ConnStreaming:
		return "streaming"
	case ConnPolling:
		return "polling"
	case ConnReconnecting:
		return "reconnecting"
	case ConnClosed:
		return "closed"
	}
	return "unknown"
}

// ConnState is a Stream's connection state, reported to StreamOptions.OnState
// on every change.
type ConnState struct {
	Mode    ConnMode
	Attempt int // the reconnect attempt under way (0 when connected)
	// Err is the last failure, when reconnecting, after a fallback to
	// long-poll, or at the end; or a fault of the host the stream got past.
	// The stream's own are *StreamError: Reason words them for a status line.
	Err error
	// Replayed is, after a resume, how many events the host replayed: the
	// durable events the resumed connection delivered before it showed it
	// was live (its first keepalive or message.delta, which the host sends
	// only after its replay), counted by seq from the resume point; or the
	// events the first long-poll after a loss brought. It comes in a state
	// of its own, after the one that reported the resume.
	Replayed int
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
