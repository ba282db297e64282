package client

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestStreamClientSpeaksHTTP1: the streams' own client reads an SSE answer
// over HTTP/1.1, even from a TLS host that offers HTTP/2, so the goroutine
// that decodes the stream is the one that reads it.
func TestStreamClientSpeaksHTTP1(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, ": keepalive\n\n")
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	_, hc := newQuietClients()
	tr := hc.Transport.(*idleCloser).tr
	tr.TLSClientConfig = srv.Client().Transport.(*http.Transport).TLSClientConfig
	resp, err := hc.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.ProtoMajor != 1 || string(body) != ": keepalive\n\n" {
		t.Errorf("got %s %q, want HTTP/1.x and the keepalive", resp.Proto, body)
	}
}

// TestQuietConnReads: a quiet connection reads what comes, waits while
// nothing does, ends at EOF, honours read deadlines and reports a closed
// connection as net.ErrClosed.
func TestQuietConnReads(t *testing.T) {
	raw, peer := tcpPair(t)
	c := quiet(raw)
	defer c.Close()

	// Data written later is read once it comes.
	go func() { _, _ = io.WriteString(peer, "event one\n") }()
	buf := make([]byte, 64)
	n, err := io.ReadAtLeast(c, buf, len("event one\n"))
	if err != nil || string(buf[:n]) != "event one\n" {
		t.Fatalf("read %q, %v", buf[:n], err)
	}

	// A deadline ends a read that waits.
	_ = c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := c.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("past the deadline: %v, want a deadline error", err)
	}
	_ = c.SetReadDeadline(time.Time{})

	// The peer's close is EOF.
	_, _ = io.WriteString(peer, "last")
	peer.Close()
	all, err := io.ReadAll(c)
	if err != nil || string(all) != "last" {
		t.Fatalf("to the end: %q, %v", all, err)
	}

	// A read of a closed connection says so.
	c.Close()
	if _, err := c.Read(buf); !errors.Is(err, net.ErrClosed) || !strings.Contains(err.Error(), "read") {
		t.Fatalf("closed: %v, want net.ErrClosed", err)
	}
}

// TestIdleConnectionsClosedQuietly: the quiet clients keep a connection
// for the next request while it is used, and close it once it was idle
// for the while given, on the quiet clock (their transports have no idle
// timer of their own).
func TestIdleConnectionsClosedQuietly(t *testing.T) {
	t.Parallel()
	opened, closed := make(chan struct{}, 8), make(chan struct{}, 8)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		switch st {
		case http.StateNew:
			opened <- struct{}{}
		case http.StateClosed:
			closed <- struct{}{}
		}
	}
	srv.Start()
	defer srv.Close()
	requests, _ := newQuietClients()
	if tr := requests.Transport.(*idleCloser).tr; tr.IdleConnTimeout != 0 {
		t.Fatalf("the transport closes idle connections itself after %v", tr.IdleConnTimeout)
	}
	hc := &http.Client{Transport: newIdleCloser(quietTransport(false), time.Second)}
	get := func() {
		resp, err := hc.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := io.ReadAll(resp.Body); string(b) != "ok" {
			t.Fatalf("answer %q", b)
		}
		resp.Body.Close()
	}
	for range 4 { // in use: one connection
		get()
		time.Sleep(50 * time.Millisecond)
	}
	if len(opened) != 1 || len(closed) != 0 {
		t.Fatalf("%d connections opened and %d closed while in use, want 1 and 0", len(opened), len(closed))
	}
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the idle connection was not closed")
	}
	get() // a new one after
	if len(opened) != 2 {
		t.Fatalf("%d connections opened, want 2", len(opened))
	}
}

// TestQuietConnWrites: a quiet connection writes all it is given, waiting
// while the socket's buffer is full (8 MiB to a peer that reads slowly),
// honours write deadlines and reports a closed connection as
// net.ErrClosed.
func TestQuietConnWrites(t *testing.T) {
	raw, peer := tcpPair(t)
	c := quiet(raw)
	defer c.Close()
	if _, ok := c.(*quietConn); !ok {
		t.Skip("no quiet connections here")
	}

	big := make([]byte, 8<<20)
	for i := range big {
		big[i] = byte(i % 251)
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(peer, int64(len(big))))
		got <- b
	}()
	if n, err := c.Write(big); n != len(big) || err != nil {
		t.Fatalf("wrote %d of %d: %v", n, len(big), err)
	}
	if b := <-got; !slices.Equal(b, big) {
		t.Fatalf("the peer read %d bytes, not what was written", len(b))
	}

	// Nobody reads: once the buffers are full, a deadline ends a write
	// that waits.
	_ = c.SetWriteDeadline(time.Now().Add(200 * time.Millisecond))
	for i := 0; ; i++ {
		_, err := c.Write(big)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			break
		}
		if err != nil || i == 64 {
			t.Fatalf("past the deadline, %d MiB written: %v, want a deadline error", (i+1)*8, err)
		}
	}
	_ = c.SetWriteDeadline(time.Time{})

	c.Close()
	if _, err := c.Write([]byte("x")); !errors.Is(err, net.ErrClosed) || !strings.Contains(err.Error(), "write") {
		t.Fatalf("closed: %v, want net.ErrClosed", err)
	}
}

// tcpPair is a TCP connection on loopback and its peer, the peer closed at
// the test's end (the connection is the caller's to close).
func tcpPair(t *testing.T) (conn, peer net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	conn, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	peer = <-accepted
	if peer == nil {
		t.Fatal("the loopback listener accepted nothing")
	}
	t.Cleanup(func() { peer.Close() })
	return conn, peer
}
