package vehicletest

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// TB is the part of testing.TB the server needs, so that the package does
// not import testing.
type TB interface {
	Helper()
	Cleanup(func())
	Fatalf(format string, args ...any)
}

// Server is a Host listening on a loopback address. URL is gardend's root
// (e.g. http://127.0.0.1:PORT); the routes live under URL + Mount().
type Server struct {
	URL string
	*Host

	srv       *http.Server
	ln        net.Listener
	served    chan struct{}
	closeOnce sync.Once

	connMu sync.Mutex
	conns  map[net.Conn]http.ConnState
	closed bool                 // set by Close: a connection that opens afterwards is closed at once
	onConn func(http.ConnState) // tests: told of each connection's state change
}

// NewServer starts a host on 127.0.0.1 with a free port and registers Close
// with tb.Cleanup.
func NewServer(tb TB, opts ...Option) *Server {
	tb.Helper()
	s, err := Listen("127.0.0.1:0", opts...)
	if err != nil {
		tb.Fatalf("vehicletest: cannot listen on loopback: %v", err)
		return nil
	}
	tb.Cleanup(s.Close)
	return s
}

// Listen starts a host on addr (host:port; port 0 picks a free one). The
// caller should call Close when finished.
func Listen(addr string, opts ...Option) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	h := New(opts...)
	s := &Server{
		URL:    "http://" + ln.Addr().String(),
		Host:   h,
		ln:     ln,
		served: make(chan struct{}),
		conns:  map[net.Conn]http.ConnState{},
	}
	s.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ConnState: s.trackConn}
	go func() {
		defer close(s.served)
		_ = s.srv.Serve(ln) // http.ErrServerClosed once Close shuts it down
	}()
	return s, nil
}

// Base is the address the vehicle routes live under: URL + Mount().
func (s *Server) Base() string { return s.URL + s.Mount() }

// trackConn keeps the state of every connection, as httptest.Server does,
// so that Close can close the idle ones and those that never sent a request.
func (s *Server) trackConn(c net.Conn, st http.ConnState) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if s.onConn != nil {
		s.onConn(st)
	}
	switch st {
	case http.StateNew:
		if s.closed {
			_ = c.Close()
			return
		}
		s.conns[c] = st
	case http.StateActive, http.StateIdle:
		if _, ok := s.conns[c]; ok {
			s.conns[c] = st
		}
		if st == http.StateIdle && s.closed {
			_ = c.Close()
		}
	case http.StateHijacked, http.StateClosed:
		delete(s.conns, c)
	}
}

// closeQuietConns closes every connection that is idle or has not sent a
// request yet; net/http's Shutdown would wait 5 s for the latter.
func (s *Server) closeQuietConns() {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	s.closed = true
	for c, st := range s.conns {
		if st == http.StateIdle || st == http.StateNew {
			_ = c.Close()
		}
	}
}

// Close stops the runs, ends the streams and long-polls, closes the
// listener, the idle connections and those that never sent a request, then
// waits for the requests under way. It is idempotent.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.Host.Close()
		s.srv.SetKeepAlivesEnabled(false)
		_ = s.ln.Close()
		s.closeQuietConns()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil {
			_ = s.srv.Close()
		}
		<-s.served
	})
}
