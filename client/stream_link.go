package client

import (
	"errors"
	"time"
)

// link is the reconnect logic of a Stream: where its connection stands, how
// many failures in a row it has seen, and what it does next. step is its one
// transition function; it does no I/O and reads no clock.
type link struct {
	transport     Transport
	fallbackAfter int
	attempts      int           // Backoff.Attempts: 0 never gives up
	sseRetry      time.Duration // negative: never
	silenceRetry  time.Duration // the SSE retry gap after a silent fallback; doubles

	mode     ConnMode
	polling  bool
	fails    int   // failures in a row: dials, polls, drops without progress
	lastErr  error // the last failure
	retrySSE time.Time
	lost     bool // a connection was lost since the last resume was counted
}

// linkInput is what happened.
type linkInput int

const (
	inOpened        linkInput = iota + 1 // an SSE connection is open
	inOpenedPolling                      // the first connection is a long-poll (err: why not SSE)
	inDialFailed                         // an SSE request failed
	inDropped                            // an open SSE connection ended
	inPolled                             // a long-poll answered
	inPollFailed                         // a long-poll failed
	inHostFault                          // the host sent something wrong; nothing changes
)

// linkEvent is one input of step.
type linkEvent struct {
	in       linkInput
	err      error
	progress bool      // inDropped: the connection delivered, or lived long
	replayed int       // inPolled: durable events the answer brought after a loss
	now      time.Time // for the SSE retry schedule
}

// linkStep is step's answer: the state to report, if any, and, when the
// stream must end, why (end true; err nil for a clean end).
type linkStep struct {
	report   ConnState
	reported bool
	end      bool
	err      error
}

// step folds one event into the link.
func (l *link) step(e linkEvent) linkStep {
	switch e.in {
	case inOpened:
		l.polling, l.lost = false, false
		return l.to(ConnState{Mode: ConnStreaming})
	case inOpenedPolling:
		l.polling = true
		l.scheduleSSE(e.now, e.err)
		return l.to(ConnState{Mode: ConnPolling, Err: e.err})
	case inPolled:
		l.fails = 0
		l.lost = false
		if l.mode == ConnPolling && e.replayed == 0 {
			return linkStep{}
		}
		return l.to(ConnState{Mode: ConnPolling, Replayed: e.replayed})
	case inHostFault:
		return linkStep{report: ConnState{Mode: l.mode, Err: e.err}, reported: true}
	case inDialFailed:
		if l.polling {
			l.scheduleSSE(e.now, e.err) // stay on long-poll
			return linkStep{}
		}
		if isPermanent(e.err) || (isNotSSE(e.err) && l.transport == TransportSSE) {
			return linkStep{end: true, err: e.err}
		}
	case inDropped:
		if e.progress {
			l.fails, l.silenceRetry = 0, 0
		}
	case inPollFailed:
		if isPermanent(e.err) {
			return linkStep{end: true, err: e.err}
		}
	}
	return l.failed(e)
}

// failed counts a failure: the stream reconnects, falls back to long-poll (an
// auto stream, after fallbackAfter failures in a row, or at once when the
// host does not stream or is silent), or ends when the attempts are spent.
func (l *link) failed(e linkEvent) linkStep {
	l.fails++
	l.lost = true
	err := e.err
	l.lastErr = err
	if l.attempts > 0 && l.fails > l.attempts {
		return linkStep{end: true, err: err}
	}
	kind := streamKind(err)
	atOnce := kind == StreamNotSSE || kind == StreamSilent
	if !l.polling && l.transport == TransportAuto && (atOnce || l.fails >= l.fallbackAfter) {
		if !atOnce && e.in == inDropped && !e.progress {
			var se *StreamError
			cursor := int64(0)
			if errors.As(err, &se) {
				cursor = se.Cursor
			}
			err = &StreamError{Kind: StreamNoProgress, Cursor: cursor, Err: err}
		}
		l.fails = 0
		l.polling = true
		l.scheduleSSE(e.now, err)
		return l.to(ConnState{Mode: ConnPolling, Err: err})
	}
	return l.to(ConnState{Mode: ConnReconnecting, Attempt: l.fails, Err: err})
}

// scheduleSSE sets when a polling auto stream tries SSE again: after
// sseRetry, or after a silence twice the last gap (a buffering proxy on the
// way stays there), up to 32 times sseRetry.
func (l *link) scheduleSSE(now time.Time, err error) {
	gap := l.sseRetry
	if streamKind(err) == StreamSilent {
		l.silenceRetry = min(max(2*l.silenceRetry, l.sseRetry), 32*l.sseRetry)
		gap = l.silenceRetry
	}
	l.retrySSE = now.Add(gap)
}

// shouldRetrySSE reports whether a polling auto stream should try SSE again.
func (l *link) shouldRetrySSE(now time.Time) bool {
	return l.polling && l.transport == TransportAuto && l.sseRetry > 0 && now.After(l.retrySSE)
}

// to moves to a state and reports it.
func (l *link) to(st ConnState) linkStep {
	l.mode = st.Mode
	return linkStep{report: st, reported: true}
}
