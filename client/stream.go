package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"time"
)

// Transport selects how a Stream watches a session.
type Transport int

// Transports.
const (
	TransportAuto Transport = iota // SSE, falling back to long-poll
	TransportSSE                   // SSE only
	TransportPoll                  // long-poll only
)

// String names the transport in lower case.
func (t Transport) String() string {
	switch t {
	case TransportAuto:
		return "auto"
	case TransportSSE:
		return "sse"
	case TransportPoll:
		return "poll"
	}
	return "unknown"
}

// StreamOptions configures a Stream. The zero value streams from seq 0 with
// the defaults below.
type StreamOptions struct {
	Since     int64     // last seq already seen (the snapshot's cursor)
	Transport Transport // default TransportAuto
	// OnState is called on every change of the connection's state, from the
	// goroutine that calls Stream or Next; it must not block long.
	OnState func(ConnState)
	// PollWait is the long-poll waitMs (default 25 s, at most 30 s).
	PollWait time.Duration
	// FallbackAfter is how many SSE failures in a row make an auto stream
	// fall back to long-poll (default 3). A connection that made progress
	// (delivered a durable event, or stayed up three keepalive intervals
	// without going silent) and then dropped counts as the first failure;
	// one that made none adds to the count.
	FallbackAfter int
	// Backoff paces reconnects: the first one after a drop is immediate, the
	// next ones wait Base doubling to Max (default 100 ms to 5 s). Attempts 0
	// retries while the context lives; more ends the stream after that many
	// failed attempts in a row.
	Backoff RetryPolicy
	// Keepalive is how often the host sends at least a keepalive (default
	// DefaultKeepalive, the contract's 15 s; negative: no watchdog). An SSE
	// connection that brings nothing, headers included, for three intervals
	// is taken for held back by a proxy: an auto stream falls back to
	// long-poll at once, and tries SSE again less and less often.
	Keepalive time.Duration
	// SSERetry is how often an auto stream that fell back to long-poll tries
	// SSE again (default 1 min; negative: never). The try runs beside the
	// long-polls and takes over once its connection has read something.
	SSERetry time.Duration
}

// Stream defaults.
const (
	DefaultPollWait      = 25 * time.Second
	DefaultFallbackAfter = 3
	DefaultSSERetry      = time.Minute
)

// DefaultStreamBackoff is the reconnect backoff of a Stream: 100 ms doubling
// to 5 s, never giving up.
func DefaultStreamBackoff() RetryPolicy {
	return RetryPolicy{Base: 100 * time.Millisecond, Max: 5 * time.Second}
}

// withDefaults fills in the zero fields.
func (o StreamOptions) withDefaults() StreamOptions {
	if o.Since < 0 {
		o.Since = 0
	}
	if o.PollWait <= 0 {
		o.PollWait = DefaultPollWait
	}
	o.PollWait = min(o.PollWait, MaxWatchWait)
	if o.FallbackAfter <= 0 {
		o.FallbackAfter = DefaultFallbackAfter
	}
	d := DefaultStreamBackoff()
	if o.Backoff.Base <= 0 {
		o.Backoff.Base = d.Base
	}
	if o.Backoff.Max < o.Backoff.Base {
		o.Backoff.Max = max(d.Max, o.Backoff.Base)
	}
	if o.Keepalive == 0 {
		o.Keepalive = DefaultKeepalive
	}
	if o.SSERetry == 0 {
		o.SSERetry = DefaultSSERetry
	}
	return o
}

// Stream is a session's event stream: an iterator over its events in seq
// order, without gaps or duplicates across reconnects, message.delta included.
// Use it from one goroutine (Next, Current, Err); Close and Cursor are safe
// from any. An open SSE connection has a reader goroutine, which ends with
// the connection, at the latest on Close or when ctx ends.
type Stream struct {
	c      *Client
	id     string
	o      StreamOptions
	ctx    context.Context
	cancel context.CancelFunc

	cur    Event
	err    error
	done   bool
	ending bool // session.deleted was delivered: the next Next ends
	cursor atomic.Int64
	link   link      // the reconnect logic
	conn   *sseConn  // the open SSE connection, nil when none
	src    source    // the open connection, or the last long-poll
	batch  []Event   // long-poll events not yet delivered
	probe  *sseProbe // an SSE try beside the long-polls, nil when none

	lastPoll       time.Time    // when the last long-poll began
	lastPollCursor int64        // the cursor it asked from
	bogus          int64        // the last seq found to be garbage
	gap            int64        // the last seq that skipped events
	pace           streamPacing // SetPace's and SetDeltaPace's
}

// SetPace makes the stream read its connection at most once every d (0, the
// default: as events come): what the host sends meanwhile waits in the
// network's buffers and is read at once, so a reader that only glances at a
// session (a tile of a wall) wakes a few times a second, not at every
// event, and gets events up to d late. Safe to call while Next waits.
func (s *Stream) SetPace(d time.Duration) { s.pace.every.Store(int64(max(d, 0))) }

// SetDeltaPace makes the stream read a run of message.deltas at most once
// every d (0, the default: as they come). The first delta after a pause is
// read and delivered at once, and so is the next, which makes a run; from
// then until the run ends, each read waits until d has passed since the
// read that brought the last delta, and takes all that came meanwhile (any
// other event with it): each event is delivered at most d after it came,
// all those of d together, and the reader wakes once every d rather than
// at every delta. A consumer that draws a run at most once every d (the
// TUI's flush interval) gets it so without holding deltas itself. Safe to
// call while Next waits.
func (s *Stream) SetDeltaPace(d time.Duration) { s.pace.deltas.Store(int64(max(d, 0))) }

// PacesDeltas reports whether the stream reads runs of deltas at a pace
// (SetDeltaPace).
func (s *Stream) PacesDeltas() bool { return s.pace.deltas.Load() > 0 }

// streamPacing is how a stream's reader paces its reads, in nanoseconds.
type streamPacing struct {
	every  atomic.Int64 // SetPace's
	deltas atomic.Int64 // SetDeltaPace's
}

// Stream opens the session's event stream after o.Since. Connect failures (a
// refusal such as not_found or unauthenticated, or an unreachable host) come
// back from this call, not from the first Next. The stream lives until ctx
// ends or Close; the caller must Close it.
func (c *Client) Stream(ctx context.Context, sessionID string, o StreamOptions) (*Stream, error) {
	if err := CheckSessionID(sessionID); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	sctx, cancel := context.WithCancel(ctx)
	s := &Stream{c: c, id: sessionID, o: o, ctx: sctx, cancel: cancel}
	s.link = link{transport: o.Transport, fallbackAfter: o.FallbackAfter, attempts: o.Backoff.Attempts,
		sseRetry: o.SSERetry, mode: ConnConnecting}
	s.cursor.Store(o.Since)
	s.report(ConnState{Mode: ConnConnecting})
	if err := s.open(); err != nil {
		s.finish(err)
		cancel()
		return nil, err
	}
	return s, nil
}

// open makes the first connection: SSE, else (auto, when the host answered
// but not with a stream, or held the answer back) a long-poll.
func (s *Stream) open() error {
	var fellBack error
	if s.o.Transport != TransportPoll {
		err := s.dialSSE()
		if err == nil {
			return nil
		}
		var te *TransportError
		unreachable := errors.As(err, &te) && te.Status == 0
		if s.o.Transport == TransportSSE || isPermanent(err) || unreachable {
			return err
		}
		fellBack = err
	}
	if _, err := s.pollOnce(0); err != nil {
		return err
	}
	s.apply(s.link.step(linkEvent{in: inOpenedPolling, err: fellBack, now: time.Now()}))
	return nil
}

// Next waits for the next event and reports whether there is one. It is
// false at the end: ctx done, Close, the delivered session.deleted, or a
// permanent refusal (then Err says why).
func (s *Stream) Next() bool {
	for !s.done {
		if s.ending || s.ctx.Err() != nil {
			s.finish(nil)
			break
		}
		if ev, ok := s.pull(); ok {
			if s.ctx.Err() == nil && s.accept(ev) {
				return true
			}
			continue // (after Close, what was still in the pipe is dropped)
		}
		if !s.done {
			s.advance()
		}
	}
	return false
}

// pull takes the next event already at hand: from the long-poll batch or the
// open SSE connection. ok is false when a connection must be made first.
func (s *Stream) pull() (Event, bool) {
	if len(s.batch) > 0 {
		ev := s.batch[0]
		s.batch = s.batch[1:]
		return ev, true
	}
	for s.conn != nil {
		ev, live, err := s.conn.next()
		switch {
		case err != nil:
			s.drop(err)
		case live:
			s.liveMark()
		default:
			return ev, true
		}
	}
	return Event{}, false
}

// advance makes progress when nothing is at hand: a (re)connection, or a
// long-poll, with an SSE probe beside it when one is due.
func (s *Stream) advance() {
	if !s.link.polling {
		s.reconnect()
		return
	}
	if s.settleProbe() {
		return
	}
	if s.probe == nil && s.link.shouldRetrySSE(time.Now()) {
		s.probe = s.startProbe()
	}
	s.poll()
	s.settleProbe()
}

// Current is the event the last successful Next delivered.
func (s *Stream) Current() Event { return s.cur }

// Err is why the stream ended: nil after a clean end (session deleted, ctx
// done, Close), else the refusal (*Error) or the last failure.
func (s *Stream) Err() error { return s.err }

// Cursor is the seq of the last durable event delivered (Since before any).
func (s *Stream) Cursor() int64 { return s.cursor.Load() }

// Close ends the stream: a Next under way returns false, and its connection
// is cancelled at once. It is idempotent and safe from another goroutine.
func (s *Stream) Close() error {
	s.cancel()
	return nil
}

// finish ends the stream with err (nil for a clean end).
func (s *Stream) finish(err error) {
	if s.done {
		return
	}
	s.done = true
	if err != nil && s.ctx.Err() != nil && !isPermanent(err) {
		err = nil // a failure caused by the end itself
	}
	s.err = err
	s.setConn(nil)
	s.cancel()
	s.stopProbe()
	s.report(ConnState{Mode: ConnClosed, Err: err})
}

// apply carries out a step of the link: its report, and the end.
func (s *Stream) apply(st linkStep) {
	if st.reported {
		s.report(st.report)
	}
	if st.end {
		s.finish(st.err)
	}
}

// report tells OnState, and the client's trace, about a change.
func (s *Stream) report(st ConnState) {
	if s.o.OnState != nil {
		s.o.OnState(st)
	}
	if t := s.c.trace.StreamState; t != nil {
		t(s.id, st)
	}
}

// setConn replaces the open SSE connection, closing the old one.
func (s *Stream) setConn(k *sseConn) {
	if s.conn != nil && s.conn != k {
		s.conn.close()
	}
	s.conn = k
}

// wait sleeps before reconnect attempt n (from 1): the first is immediate,
// then Base doubling to Max, with a little jitter; never sooner than the
// host's Retry-After, if the last failure had one (at most
// maxStreamRetryAfter).
func (s *Stream) wait(n int) error {
	after := min(retryAfterOf(s.link.lastErr), maxStreamRetryAfter)
	if n <= 1 && after == 0 {
		return s.ctx.Err()
	}
	d := time.Duration(0)
	if n > 1 {
		d = backoff(s.o.Backoff, n-1)
		d += time.Duration(rand.Int64N(int64(d)/5 + 1))
	}
	return sleepCtx(s.ctx, max(d, after))
}
