package client

import (
	"context"
	"time"
)

// sseProbe tries SSE again for a polling auto stream, beside its long-polls:
// a connection is taken over only once it has shown it is live (it read a
// first block, a keepalive will do), so a proxy that holds the stream back
// costs the long-polls nothing.
type sseProbe struct {
	ready chan struct{} // closed when k is live
	done  chan struct{} // closed when the probe is over, live or not
	k     *sseConn
	err   error
}

// startProbe dials SSE from the cursor in a goroutine of its own.
func (s *Stream) startProbe() *sseProbe {
	p := &sseProbe{ready: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		k, err := s.connectSSE()
		if err != nil {
			p.err = err
			return
		}
		select {
		case <-k.first:
			p.k = k
			close(p.ready)
		case <-k.exited:
			p.err = k.err
			k.close()
		}
	}()
	return p
}

// pollCtx is ctx for a long-poll, cancelled as well when the probe under way
// turns live, so that the stream switches to SSE at once.
func (s *Stream) pollCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	if p := s.probe; p != nil {
		go func() {
			select {
			case <-p.ready:
				cancel()
			case <-p.done: // over and not live: the poll goes on
			case <-ctx.Done():
			}
		}()
	}
	return ctx, cancel
}

// settleProbe takes the probe's outcome when it has one: a live connection
// becomes the stream's, a failure reschedules the next try. It reports
// whether the stream now streams.
func (s *Stream) settleProbe() bool {
	p := s.probe
	if p == nil {
		return false
	}
	select {
	case <-p.done:
	default:
		return false
	}
	s.probe = nil
	if p.k == nil {
		if p.err != nil && s.ctx.Err() == nil {
			s.apply(s.link.step(linkEvent{in: inDialFailed, err: p.err, now: time.Now()}))
		}
		return false
	}
	s.batch = nil // what the poll still held comes again on the connection
	s.setConn(p.k)
	s.src = source{opened: time.Now()}
	s.apply(s.link.step(linkEvent{in: inOpened}))
	return true
}

// stopProbe ends a probe under way (the stream's context is done) and closes
// its connection.
func (s *Stream) stopProbe() {
	if p := s.probe; p != nil {
		<-p.done
		if p.k != nil {
			p.k.close()
		}
		s.probe = nil
	}
}
