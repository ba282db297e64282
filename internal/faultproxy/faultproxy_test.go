package faultproxy

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// sseHost answers an event-stream request with its headers, then one line
// per value sent on lines; other requests get "plain".
func sseHost(t *testing.T, lines chan string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept") != "text/event-stream" {
			_, _ = io.WriteString(w, "plain")
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		for {
			select {
			case l := <-lines:
				_, _ = io.WriteString(w, l)
				w.(http.Flusher).Flush()
			case <-r.Context().Done():
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func target(srv *httptest.Server) string { return strings.TrimPrefix(srv.URL, "http://") }

// streamGet opens an event stream through the proxy; the headers channel
// gets the response (or nil on error) once the headers arrive.
func streamGet(t *testing.T, url string) <-chan *http.Response {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	out := make(chan *http.Response, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		req.Header.Set("Accept", "text/event-stream")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			out <- nil
			return
		}
		t.Cleanup(func() { _ = resp.Body.Close() })
		out <- resp
	}()
	return out
}

func recv[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(5 * time.Second):
		t.Fatalf("no %s in 5 s", what)
	}
	var zero T
	return zero
}

func TestHoldSSE(t *testing.T) {
	lines := make(chan string, 10)
	p := New(t, target(sseHost(t, lines)), Options{HoldSSE: 4096})
	if body := plainGet(t, p.URL()); body != "plain" {
		t.Fatalf("a plain answer through the proxy = %q", body)
	}
	got := streamGet(t, p.URL())
	lines <- ": keepalive\n\n"
	select {
	case <-got:
		t.Fatal("headers arrived before 4 KiB")
	case <-time.After(100 * time.Millisecond): // a bound on what must not happen
	}
	lines <- strings.Repeat("x", 4096)
	resp := recv(t, got, "headers after 4 KiB")
	if resp == nil || resp.StatusCode != 200 {
		t.Fatalf("response %v", resp)
	}
	if p.StreamConns() != 1 {
		t.Errorf("StreamConns = %d", p.StreamConns())
	}
}

func TestBufferSSE(t *testing.T) {
	lines := make(chan string, 10)
	p := New(t, target(sseHost(t, lines)), Options{BufferSSE: 64})
	resp := recv(t, streamGet(t, p.URL()), "headers")
	if resp == nil {
		t.Fatal("no response")
	}
	read := make(chan string, 1)
	go func() {
		b := make([]byte, 256)
		n, _ := resp.Body.Read(b)
		read <- string(b[:n])
	}()
	lines <- strings.Repeat("a", 40)
	select {
	case s := <-read:
		t.Fatalf("body %q passed before the buffer filled", s)
	case <-time.After(100 * time.Millisecond): // a bound on what must not happen
	}
	// The body is chunked on the wire: "28\r\n" and 40 a's and "\r\n" are
	// 46 bytes; "d\r\n", 13 b's and "\r\n" make it 64.
	lines <- strings.Repeat("b", 13)
	if s := recv(t, read, "the first chunk"); !strings.HasPrefix(s, strings.Repeat("a", 40)) {
		t.Fatalf("chunk = %q", s)
	}
}

func TestCuts(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, strings.Repeat("z", 10000))
	}))
	t.Cleanup(srv.Close)
	p := New(t, target(srv), Options{Seed: 7, Cuts: 3, CutBudget: 5000})
	short := 0
	for i := 0; i < 6; i++ {
		tr := &http.Transport{DisableKeepAlives: true}
		resp, err := (&http.Client{Transport: tr}).Get(p.URL())
		if err != nil {
			short++
			continue
		}
		b, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil || len(b) < 10000 {
			short++
		}
	}
	if short != 3 || p.Cuts() != 3 {
		t.Errorf("%d short answers, %d cuts; want 3 and 3", short, p.Cuts())
	}
	if p.Conns() != 6 {
		t.Errorf("Conns = %d, want 6", p.Conns())
	}
}

func TestDropAnswers(t *testing.T) {
	var ran atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ran.Add(1)
		fmt.Fprint(w, "ok")
	}))
	t.Cleanup(srv.Close)
	d := &DropAnswers{Target: srv.URL, N: 1, Match: func(r *http.Request) bool { return r.Method == http.MethodPost }}
	t.Cleanup(d.Close)
	front := httptest.NewServer(d)
	t.Cleanup(front.Close)
	if _, err := http.Post(front.URL, "text/plain", nil); err == nil {
		t.Fatal("the first POST got an answer")
	}
	if body := plainGet(t, front.URL); body != "ok" {
		t.Fatalf("GET = %q", body)
	}
	resp, err := http.Post(front.URL, "text/plain", nil)
	if err != nil {
		t.Fatalf("second POST: %v", err)
	}
	_ = resp.Body.Close()
	if ran.Load() != 3 || d.Dropped.Load() != 1 {
		t.Errorf("host ran %d, dropped %d; want 3 and 1", ran.Load(), d.Dropped.Load())
	}
}

func plainGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := bufio.NewReader(resp.Body).ReadString('\n')
	return b
}
