package client

// NextReady is Next without the wait: it delivers an event that is already
// at hand (read and decoded by the connection's reader, or left from a
// long-poll) and reports false at once when none is. A false does not end
// the stream: call Next to wait for the next event. Use it after Next to
// fold everything that arrived together in one go. Like Next, call it from
// the goroutine that reads the stream.
func (s *Stream) NextReady() bool {
	for !s.done && !s.ending && s.ctx.Err() == nil && s.atHand() {
		ev, ok := s.pull()
		if !ok {
			return false
		}
		if s.accept(ev) {
			return true
		}
	}
	return false
}

// atHand reports whether pull can return an event without waiting: one of
// the long-poll batch, or one the SSE reader handed over (a waiting batch is
// taken from the reader without blocking).
func (s *Stream) atHand() bool {
	if len(s.batch) > 0 {
		return true
	}
	k := s.conn
	if k == nil {
		return false
	}
	for len(k.batch) == 0 {
		select {
		case b, ok := <-k.out:
			if !ok {
				return false // the reader ended: Next reports it
			}
			k.batch = b.events
			if b.live {
				s.liveMark() // as pull does: the replay is over
			}
		default:
			return false
		}
	}
	return true
}
