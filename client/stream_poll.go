package client

import (
	"context"
	"time"
)

// pollSlack bounds a long-poll beyond its waitMs: a host that has not
// answered by then is taken for lost.
const pollSlack = 15 * time.Second

// minPollGap paces long-polls that bring nothing new: at most four a second,
// however fast the host answers.
const minPollGap = 250 * time.Millisecond

// pollOnce makes one long-poll from the cursor and keeps its events for Next.
// It reports how many durable events the answer brought that follow the
// cursor.
func (s *Stream) pollOnce(wait time.Duration) (int, error) {
	ctx, cancel := context.WithTimeout(s.ctx, wait+pollSlack)
	defer cancel()
	ctx, stop := s.pollCtx(ctx)
	defer stop()
	cursor := s.cursor.Load()
	s.lastPoll, s.lastPollCursor = time.Now(), cursor
	res, err := s.c.watch(ctx, s.id, cursor, wait)
	if err != nil {
		return 0, err
	}
	s.batch = res.Events
	s.src = source{}
	n := 0
	for _, ev := range res.Events {
		if ev.Seq == cursor+int64(n)+1 {
			n++
		}
	}
	return n, nil
}

// poll makes one long-poll in polling mode: after a backoff when the last
// one failed, or, when the last one brought nothing new, not before
// minPollGap after that one began. A failure is reported as reconnecting; a refusal (or spent
// attempts) ends the stream.
func (s *Stream) poll() {
	var err error
	if s.link.fails > 0 {
		err = s.wait(s.link.fails + 1)
	} else if s.cursor.Load() == s.lastPollCursor {
		err = sleepCtx(s.ctx, time.Until(s.lastPoll.Add(minPollGap)))
	}
	if err != nil {
		return // ctx done: Next ends cleanly
	}
	lost := s.link.lost
	n, err := s.pollOnce(s.o.PollWait)
	switch {
	case err == nil:
		if !lost {
			n = 0
		}
		s.apply(s.link.step(linkEvent{in: inPolled, replayed: n}))
	case s.ctx.Err() != nil, s.probeLive():
		// ended, or cut short for the SSE connection that takes over
	default:
		s.apply(s.link.step(linkEvent{in: inPollFailed, err: err, now: time.Now()}))
	}
}

// probeLive reports whether the SSE probe under way has turned live.
func (s *Stream) probeLive() bool {
	if s.probe == nil {
		return false
	}
	select {
	case <-s.probe.ready:
		return true
	default:
		return false
	}
}
