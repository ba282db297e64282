package vehicletest

import (
	"net"
	"net/http"
	"testing"
	"time"
)

// TestCloseQuietConnection checks that Close does not wait for a
// connection that never sent a request (net/http's Shutdown waits 5 s).
func TestCloseQuietConnection(t *testing.T) {
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan struct{}, 1)
	s.connMu.Lock()
	s.onConn = func(st http.ConnState) {
		if st == http.StateNew {
			accepted <- struct{}{}
		}
	}
	s.connMu.Unlock()
	conn, err := net.Dial("tcp", s.URL[len("http://"):])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	select { // the server knows the connection once it has accepted it
	case <-accepted:
	case <-time.After(5 * time.Second):
		t.Fatal("the server never accepted the connection")
	}
	start := time.Now()
	s.Close()
	if d := time.Since(start); d > time.Second {
		t.Fatalf("Close took %v with a quiet connection open; want well under 1 s", d)
	}
	_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := conn.Read(make([]byte, 1)); err == nil {
		t.Fatal("the quiet connection is still open after Close")
	}
}
