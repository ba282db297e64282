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
	served    chan struct{}
	closeOnce sync.Once
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
		srv:    &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second},
		served: make(chan struct{}),
	}
	go func() {
		defer close(s.served)
		_ = s.srv.Serve(ln) // http.ErrServerClosed once Close shuts it down
	}()
	return s, nil
}

// Base is the address the vehicle routes live under: URL + Mount().
func (s *Server) Base() string { return s.URL + s.Mount() }

// Close stops the runs, ends the streams and long-polls, then shuts the
// listener and its connections down and waits for them. It is idempotent.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.Host.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil {
			_ = s.srv.Close()
		}
		<-s.served
	})
}
