package client

import (
	"context"
	"time"
)

// pollSlack bounds a long-poll beyond its waitMs: a host that has not
// answered by then is taken for lost.
const pollSlack = 15 * time.Second

// pollOnce makes one long-poll from the cursor and keeps its events for Next.
func (s *Stream) pollOnce(wait time.Duration) error {
	ctx, cancel := context.WithTimeout(s.ctx, wait+pollSlack)
	defer cancel()
	res, err := s.c.Watch(ctx, s.id, s.cursor.Load(), wait)
	if err != nil {
		return err
	}
	s.batch = res.Events
	return nil
}

// poll makes one long-poll in polling mode, after a backoff when the last one
// failed. A failure is reported as reconnecting; a refusal (or spent
// attempts) ends the stream.
func (s *Stream) poll() error {
	if s.fails > 0 {
		if s.gaveUp() {
			return s.lastErr
		}
		if s.wait(s.fails+1) != nil {
			return nil
		}
	}
	err := s.pollOnce(s.o.PollWait)
	switch {
	case err == nil:
		if s.mode != ConnPolling {
			s.report(ConnState{Mode: ConnPolling})
		}
		s.fails = 0
		return nil
	case s.ctx.Err() != nil:
		return nil
	case isPermanent(err):
		return err
	}
	s.failed(err)
	return nil
}
