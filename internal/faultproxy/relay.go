package faultproxy

import (
	"bytes"
	"net"
	"sync/atomic"
)

// relay carries the host's bytes of one connection to the client: cutting it
// when its budget is spent, and holding or buffering an event stream.
type relay struct {
	p      *Proxy
	down   net.Conn
	stream atomic.Bool // the client asked for an event stream on this connection

	budget  int64 // bytes before the cut; 0: never
	reset   bool  // cut by a reset (else an orderly close)
	pending []byte
	started bool // the held stream was let go, or its headers were sent
}

func (p *Proxy) newRelay(down net.Conn) *relay {
	r := &relay{p: p, down: down}
	if p.o.Cuts > 0 {
		p.mu.Lock()
		r.budget, r.reset = 1+p.rng.Int64N(int64(p.o.CutBudget)), p.rng.IntN(2) == 0
		p.mu.Unlock()
	}
	return r
}

// run relays until either side ends or the connection is cut.
func (r *relay) run(up net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := up.Read(buf)
		if n > 0 && !r.take(buf[:n]) {
			return
		}
		if err != nil {
			if len(r.pending) > 0 {
				r.write(r.pending)
			}
			return
		}
	}
}

// take passes on one chunk from the host as the options say; false when the
// connection is finished.
func (r *relay) take(chunk []byte) bool {
	o := r.p.o
	if !r.stream.Load() || (o.HoldSSE <= 0 && o.BufferSSE <= 0) {
		return r.write(chunk)
	}
	r.pending = append(r.pending, chunk...)
	switch {
	case o.HoldSSE > 0 && !r.started:
		if len(r.pending) < o.HoldSSE {
			return true
		}
		r.started = true
		return r.flush(len(r.pending))
	case o.HoldSSE > 0:
		return r.flush(len(r.pending))
	}
	if !r.started {
		i := bytes.Index(r.pending, []byte("\r\n\r\n"))
		if i < 0 {
			return true
		}
		r.started = true
		if !r.flush(i + 4) {
			return false
		}
	}
	for len(r.pending) >= o.BufferSSE {
		if !r.flush(o.BufferSSE) {
			return false
		}
	}
	return true
}

// flush writes the first n pending bytes.
func (r *relay) flush(n int) bool {
	ok := r.write(r.pending[:n])
	r.pending = append(r.pending[:0], r.pending[n:]...)
	return ok
}

// write sends bytes to the client, cutting the connection once its budget is
// spent (unless the cuts are spent or stopped); false when it is finished.
func (r *relay) write(b []byte) bool {
	if r.budget > 0 && int64(len(b)) >= r.budget && r.cut(b[:r.budget]) {
		return false
	}
	r.budget -= int64(len(b))
	_, err := r.down.Write(b)
	return err == nil
}

// cut writes the last bytes and cuts the connection; it reports whether it
// cut.
func (r *relay) cut(last []byte) bool {
	p := r.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped || p.cuts.Load() >= int64(p.o.Cuts) {
		return false
	}
	_, _ = r.down.Write(last)
	if tc, ok := r.down.(*net.TCPConn); ok && r.reset {
		_ = tc.SetLinger(0)
	}
	_ = r.down.Close()
	p.cuts.Add(1)
	return true
}
