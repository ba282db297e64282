package client

import (
	"io"
	"net"
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestQuietConnHoldsArrivals: a held connection's socket is not readable to
// the poller while what came is less than the mark (so arrivals wake
// nobody), a read still takes what came, and the read that then finds
// nothing lowers the mark before it waits: what comes next is read at once
// and the socket is readable again at its first byte.
func TestQuietConnHoldsArrivals(t *testing.T) {
	c, peer := quietPair(t)
	if !c.holdArrivals() {
		t.Fatal("the mark was not raised")
	}
	_, _ = io.WriteString(peer, "delta one\n")
	waitQueued(t, c, len("delta one\n"))
	if readable(t, c) {
		t.Fatal("held, the socket is readable at 10 bytes: arrivals wake the poller")
	}
	buf := make([]byte, 64)
	if n, err := c.Read(buf); err != nil || string(buf[:n]) != "delta one\n" {
		t.Fatalf("held, read %q, %v", buf[:n], err)
	}

	// Nothing more: the read lowers the mark and waits for what comes.
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second)) // a guard against a hang only
	type read struct {
		got string
		err error
	}
	done := make(chan read, 1)
	go func() {
		n, err := io.ReadAtLeast(c, buf, len("delta two\n"))
		done <- read{string(buf[:n]), err}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for c.held.Load() { // the read found nothing and lowers the mark before it waits
		if time.Now().After(deadline) {
			t.Fatal("the read that found nothing did not lower the mark")
		}
		runtime.Gosched()
	}
	_, _ = io.WriteString(peer, "delta two\n")
	if r := <-done; r.err != nil || r.got != "delta two\n" {
		t.Fatalf("after the hold, read %q, %v", r.got, r.err)
	}
	_, _ = io.WriteString(peer, "x")
	waitQueued(t, c, 1)
	if !readable(t, c) {
		t.Fatal("after the hold the socket is not readable at its first byte")
	}
}

// quietPair is a quiet connection to a peer on loopback.
func quietPair(t *testing.T) (*quietConn, net.Conn) {
	t.Helper()
	raw, peer := tcpPair(t)
	c, ok := quiet(raw).(*quietConn)
	if !ok {
		t.Fatal("a TCP connection was not made quiet")
	}
	t.Cleanup(func() { c.Close() })
	return c, peer
}

// waitQueued waits until the socket's receive queue holds n bytes.
func waitQueued(t *testing.T, c *quietConn, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		q := 0
		_ = c.raw.Control(func(fd uintptr) { q, _ = unix.IoctlGetInt(int(fd), unix.SIOCINQ) })
		if q >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes queued, waited for %d", q, n)
		}
		runtime.Gosched() // loopback queues it at once: a wait of microseconds
	}
}

// readable reports whether the kernel says the socket is readable now.
func readable(t *testing.T, c *quietConn) bool {
	t.Helper()
	var fds []unix.PollFd
	_ = c.raw.Control(func(fd uintptr) { fds = []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}} })
	n, err := unix.Poll(fds, 0)
	if err != nil {
		t.Fatal(err)
	}
	return n > 0 && fds[0].Revents&unix.POLLIN != 0
}

// TestStreamHoldsItsConnection: an SSE stream of a client made without
// WithHTTPClient knows its quiet connection, so a paced read can hold its
// arrivals back (sseConn.wait).
func TestStreamHoldsItsConnection(t *testing.T) {
	h := newFakeHost(t, 2)
	c, err := New(h.srv.URL, WithMount(""), WithGraph("demo"), WithToken("tok"), WithRetry(RetryPolicy{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Stream(t.Context(), "s1", StreamOptions{Transport: TransportSSE, Backoff: fastBackoff})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := drainStream(s, 2); len(got) != 2 {
		t.Fatalf("read %d events, want 2", len(got))
	}
	if s.conn == nil || s.conn.body.hold == nil {
		t.Fatal("the stream's connection cannot hold its arrivals back")
	}
	if !s.conn.body.hold.holdArrivals() {
		t.Fatal("the stream's connection did not hold its arrivals back")
	}
}
