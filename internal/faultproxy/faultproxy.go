// Package faultproxy is a loopback TCP proxy for tests that misbehaves on
// purpose, reproducibly from a seed: it cuts connections after a random number
// of the host's bytes, and it holds back or buffers event streams the way a
// buffering reverse proxy does. DropAnswers is its HTTP-level companion: it
// carries a request out and loses the answer.
//
// It listens on 127.0.0.1 only. Use it from tests: New registers its Close
// with the test's cleanup.
package faultproxy

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// Options says how the proxy misbehaves. The zero value relays faithfully.
type Options struct {
	// Seed makes the cuts reproducible.
	Seed uint64
	// Cuts is how many connections to cut in all (0: none). Each connection
	// is cut after a random number of the host's bytes, 1 to CutBudget
	// (default 64 KiB), by a reset or an orderly close, at random.
	Cuts      int
	CutBudget int
	// HoldSSE holds an event-stream response, status line and headers
	// included, until this many of its bytes have arrived from the host (or
	// the host ends it): a proxy that sends nothing before its first buffer
	// is full. Other responses pass at once.
	HoldSSE int
	// BufferSSE passes an event-stream response's headers at once but its
	// body only in chunks of this many bytes (or at its end): a proxy with
	// response buffering on.
	BufferSSE int
}

// Proxy is a running fault proxy.
type Proxy struct {
	ln     net.Listener
	target string
	o      Options

	cuts  atomic.Int64
	conns atomic.Int64
	sse   atomic.Int64

	mu      sync.Mutex
	stopped bool
	rng     *rand.Rand
	open    map[net.Conn]struct{}
	wg      sync.WaitGroup
}

// New starts a proxy on a loopback port that relays to target (host:port).
// It is closed when the test ends.
func New(tb testing.TB, target string, o Options) *Proxy {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("faultproxy: cannot listen on loopback: %v", err)
	}
	if o.CutBudget <= 0 {
		o.CutBudget = 64 << 10
	}
	p := &Proxy{ln: ln, target: target, o: o, rng: rand.New(rand.NewPCG(o.Seed, o.Seed)),
		open: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.serve()
	tb.Cleanup(p.Close)
	return p
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// URL is the proxy's address as an http:// base URL.
func (p *Proxy) URL() string { return "http://" + p.Addr() }

// Cuts is how many connections the proxy has cut so far.
func (p *Proxy) Cuts() int64 { return p.cuts.Load() }

// Conns is how many connections the proxy has accepted so far.
func (p *Proxy) Conns() int64 { return p.conns.Load() }

// StreamConns is how many of those carried an event-stream request.
func (p *Proxy) StreamConns() int64 { return p.sse.Load() }

// Stop ends the cutting; when it returns, no cut is under way and none will
// happen. Holding and buffering go on.
func (p *Proxy) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
}

// Close stops the proxy and closes every connection; idempotent.
func (p *Proxy) Close() {
	_ = p.ln.Close()
	p.mu.Lock()
	for c := range p.open {
		_ = c.Close()
	}
	p.open = nil
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *Proxy) serve() {
	defer p.wg.Done()
	for {
		down, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.conns.Add(1)
		p.wg.Add(1)
		go p.pipe(down)
	}
}

// pipe relays one connection both ways.
func (p *Proxy) pipe(down net.Conn) {
	defer p.wg.Done()
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		_ = down.Close()
		return
	}
	if !p.track(down, up) {
		return
	}
	defer p.untrack(down, up)
	r := p.newRelay(down)
	go p.requests(down, up, r)
	r.run(up)
}

// requests copies the client's bytes to the host, noting an event-stream
// request before it is forwarded (so the answer that follows is known to be
// a stream: the client sends nothing else on a connection until it has read
// the previous answer).
func (p *Proxy) requests(down, up net.Conn, r *relay) {
	buf := make([]byte, 16<<10)
	for {
		n, err := down.Read(buf)
		if n > 0 {
			if !r.stream.Load() && bytes.Contains(bytes.ToLower(buf[:n]), []byte("text/event-stream")) {
				r.stream.Store(true)
				p.sse.Add(1)
			}
			if _, werr := up.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if tc, ok := up.(*net.TCPConn); ok && err == io.EOF {
				_ = tc.CloseWrite()
			}
			return
		}
	}
}

func (p *Proxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.open == nil {
		for _, c := range cs {
			_ = c.Close()
		}
		return false
	}
	for _, c := range cs {
		p.open[c] = struct{}{}
	}
	return true
}

func (p *Proxy) untrack(cs ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range cs {
		_ = c.Close()
		delete(p.open, c)
	}
}
