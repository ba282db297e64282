package client_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// cutProxy is a loopback TCP proxy that cuts each connection after a random
// number of bytes from the host (seeded), until it has cut max times or is
// stopped.
type cutProxy struct {
	ln     net.Listener
	target string
	budget int
	max    int64
	cuts   atomic.Int64

	mu      sync.Mutex
	stopped bool
	rng     *rand.Rand
	conns   map[net.Conn]struct{}
	wg      sync.WaitGroup
}

func newCutProxy(t *testing.T, target string, cuts, budget int) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, target: target, budget: budget, max: int64(cuts),
		rng: rand.New(rand.NewPCG(faultSeed, faultSeed)), conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.serve()
	t.Cleanup(p.close)
	return p
}

func (p *cutProxy) addr() string { return p.ln.Addr().String() }

// stop ends the cutting; when it returns, no cut is under way.
func (p *cutProxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
}

func (p *cutProxy) serve() {
	defer p.wg.Done()
	for {
		down, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.wg.Add(1)
		go p.pipe(down)
	}
}

// pipe relays one connection both ways.
func (p *cutProxy) pipe(down net.Conn) {
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
	go func() { _, _ = io.Copy(up, down) }()
	p.relay(down, up)
}

// relay copies the host's bytes to the client until the connection's budget
// is spent, then cuts it: a reset or an orderly close, at random.
func (p *cutProxy) relay(down, up net.Conn) {
	p.mu.Lock()
	budget, reset := 1+p.rng.Int64N(int64(p.budget)), p.rng.IntN(2) == 0
	p.mu.Unlock()
	buf := make([]byte, 32<<10)
	for {
		n, err := up.Read(buf)
		chunk := buf[:n]
		if budget > 0 && int64(n) >= budget && p.cut(down, buf[:budget], reset) {
			return
		}
		budget -= int64(n)
		if _, werr := down.Write(chunk); werr != nil || err != nil {
			return
		}
	}
}

// cut writes the last bytes and cuts the connection, unless the cuts are
// spent or stopped; it reports whether it cut.
func (p *cutProxy) cut(down net.Conn, last []byte, reset bool) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped || p.cuts.Load() >= p.max {
		return false
	}
	_, _ = down.Write(last)
	if reset {
		_ = down.(*net.TCPConn).SetLinger(0)
	}
	_ = down.Close()
	p.cuts.Add(1)
	return true
}

func (p *cutProxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns == nil {
		for _, c := range cs {
			_ = c.Close()
		}
		return false
	}
	for _, c := range cs {
		p.conns[c] = struct{}{}
	}
	return true
}

func (p *cutProxy) untrack(cs ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range cs {
		_ = c.Close()
		delete(p.conns, c)
	}
}

func (p *cutProxy) close() {
	_ = p.ln.Close()
	p.mu.Lock()
	for c := range p.conns {
		_ = c.Close()
	}
	p.conns = nil
	p.mu.Unlock()
	p.wg.Wait()
}

// dropFirstAnswer forwards requests to target, but the first request other
// than a GET whose path ends in suffix is carried out and its answer dropped:
// the connection is closed without a response.
func dropFirstAnswer(target, suffix string, dropped *atomic.Bool) http.Handler {
	tr := &http.Transport{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		req, err := http.NewRequestWithContext(r.Context(), r.Method, target+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header = r.Header.Clone()
		resp, err := tr.RoundTrip(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		if r.Method != http.MethodGet && strings.HasSuffix(r.URL.Path, suffix) && dropped.CompareAndSwap(false, true) {
			panic(http.ErrAbortHandler) // the command ran; its answer is lost
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(data)
	})
}
