package client

import (
	"context"
	"time"
)

// source is what the Stream knows of where its events come from: the open
// SSE connection, or the last long-poll's answer.
type source struct {
	last      int64     // the last durable seq read from it
	delivered bool      // it delivered a durable event
	opened    time.Time // when the connection opened (zero for a poll)
	counting  bool      // a resumed connection: count its replay until it is live
	from      int64     // the cursor it resumed from
}

// inspectTimeout bounds the inspect that checks a bad seq.
const inspectTimeout = 15 * time.Second

// accept filters one event. A durable event is delivered when its seq
// follows the cursor; one at or below the cursor, read in order from its
// source, is a replay of what was delivered and is dropped; any other seq is
// the host's fault (badSeq). Seq-less ones (message.delta) pass.
func (s *Stream) accept(ev Event) bool {
	if ev.Seq != 0 {
		cursor := s.cursor.Load()
		switch {
		case ev.Seq == cursor+1:
		case ev.Seq > cursor && ev.Seq == s.gap:
			s.gap = 0 // skipped again after a resume: the host's log lacks them
		case ev.Seq <= cursor && ev.Seq > s.src.last:
			s.src.last = ev.Seq
			return false
		default:
			s.badSeq(ev.Seq, cursor)
			return false
		}
		s.src.last, s.src.delivered = ev.Seq, true
		s.cursor.Store(ev.Seq)
		if ev.Type == TypeSessionDeleted {
			s.ending = true
		}
	}
	s.cur = ev
	s.c.traceEvent(s.id, &ev)
	return true
}

// badSeq handles a seq that does not follow the cursor: it is reported and
// not delivered. Going backwards, it is dropped. Jumping ahead, an inspect
// tells which: beyond the host's own cursor it is garbage and dropped (once
// reported, the same seq again is dropped quietly); within it, this source
// skipped events, so the stream resumes after the cursor; when the same seq
// comes first again, the host's log lacks the skipped ones and it is
// delivered.
func (s *Stream) badSeq(seq, cursor int64) {
	if seq == s.bogus {
		return
	}
	fault := &StreamError{Kind: StreamBadSeq, Cursor: cursor, Seq: seq}
	if seq < cursor || seq <= s.src.last {
		fault.Err = errBackwards
		s.apply(s.link.step(linkEvent{in: inHostFault, err: fault}))
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, inspectTimeout)
	snap, err := s.c.Inspect(ctx, s.id)
	cancel()
	if err == nil && seq > snap.Cursor {
		s.bogus = seq
		fault.Err = &seqError{host: snap.Cursor, beyond: true}
		s.apply(s.link.step(linkEvent{in: inHostFault, err: fault}))
		return
	}
	fault.Err = &seqError{cause: err}
	if err == nil {
		fault.Err = &seqError{host: snap.Cursor}
	}
	s.gap = seq
	if s.conn != nil {
		s.drop(fault) // reconnect from the cursor
		return
	}
	s.batch = nil // poll again from the cursor
	s.apply(s.link.step(linkEvent{in: inHostFault, err: fault}))
}

// liveMark is where the open connection showed it was live: a resumed
// connection reports how many events its replay brought, by seq against the
// cursor it resumed from.
func (s *Stream) liveMark() {
	if !s.src.counting {
		return
	}
	s.src.counting = false
	if n := s.cursor.Load() - s.src.from; n > 0 {
		s.report(ConnState{Mode: s.link.mode, Replayed: int(n)})
	}
}
