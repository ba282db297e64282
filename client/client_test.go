package client

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fastRetry keeps retry tests quick.
func fastRetry() Option {
	return WithRetry(RetryPolicy{Attempts: 4, Base: time.Millisecond, Max: 5 * time.Millisecond})
}

func newTestClient(t *testing.T, h http.HandlerFunc, opts ...Option) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	opts = append([]Option{WithMount(""), WithGraph("demo"), fastRetry()}, opts...)
	c, err := New(srv.URL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func writeFrame(w http.ResponseWriter, status int, f Frame) {
	f.Protocol = Protocol
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(f)
}

func TestNewRejectsBadAddress(t *testing.T) {
	for _, addr := range []string{"", "sophia.example.com", "ftp://x", "http://"} {
		if _, err := New(addr); err == nil {
			t.Errorf("New(%q) accepted a bad address", addr)
		}
	}
}

func TestHeadersAndPaths(t *testing.T) {
	type seen struct{ path, auth, visitor, key string }
	var got []seen
	var mu sync.Mutex
	h := func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, seen{r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("X-Visitor-Id"), r.Header.Get("X-Model-Key")})
		mu.Unlock()
		writeFrame(w, 200, Frame{Type: TypeSessionList, Value: json.RawMessage(`{"sessions":[]}`)})
	}
	tok := newTestClient(t, h, WithToken("tok"), WithVisitorID("v1"), WithModelKey("mk"), WithMount("/services/vehicle"))
	if _, err := tok.List(context.Background()); err != nil {
		t.Fatal(err)
	}
	vis := newTestClient(t, h, WithVisitorID("v1"))
	if _, err := vis.List(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{"/services/vehicle/g/demo/sessions", "Bearer tok", "", "mk"},
		{"/g/demo/sessions", "", "v1", ""},
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("request %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if !vis.Visitor() || tok.Visitor() {
		t.Error("Visitor() wrong")
	}
}

func TestRefusalIsTypedAndNotRetried(t *testing.T) {
	var calls int
	var mu sync.Mutex
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		mu.Unlock()
		writeFrame(w, 409, Frame{Type: TypeError, RequestID: "r1", Code: CodeLeaseHeld, Message: "another client drives",
			Details: json.RawMessage(`{"holder":{"principal":"user:ada","clientId":"c2","expiresAt":"2026-01-01T00:00:00Z"},"canTakeOver":true}`)})
	})
	_, err := c.Send(context.Background(), "s1", OpPrompt, TextRequest{Text: "hi", RequestID: "r1"})
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("want *Error, got %T %v", err, err)
	}
	if e.Status != 409 || e.Code != CodeLeaseHeld || e.RequestID != "r1" {
		t.Errorf("got %+v", e)
	}
	if !errors.Is(err, &Error{Code: CodeLeaseHeld}) || errors.Is(err, &Error{Code: CodeNotFound}) {
		t.Error("errors.Is by code broken")
	}
	d, ok := e.LeaseHeld()
	if !ok || !d.CanTakeOver || d.Holder == nil || d.Holder.ClientID != "c2" {
		t.Errorf("lease details: %+v %v", d, ok)
	}
	if IsTransport(err) {
		t.Error("a refusal reported as transport")
	}
	if calls != 1 {
		t.Errorf("a refusal was retried: %d calls", calls)
	}
	if ErrorCode(err) != CodeLeaseHeld {
		t.Error("ErrorCode")
	}
}

// TestLostAnswerRetriedWithSameBody drops the first answers (a proxy's 502,
// then a cut connection) and checks the retry carries the same requestId and
// body, and that the replayed flag reaches the caller.
func TestLostAnswerRetriedWithSameBody(t *testing.T) {
	var bodies []string
	var mu sync.Mutex
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		n := len(bodies)
		mu.Unlock()
		switch n {
		case 1:
			w.WriteHeader(http.StatusBadGateway)
		case 2:
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		default:
			writeFrame(w, 200, Frame{Type: TypeCommandAccepted, RequestID: "r9", Replayed: true,
				Value: json.RawMessage(`{"commandId":"r9","op":"prompt","status":"accepted","disposition":"started"}`)})
		}
	})
	a, err := c.Send(context.Background(), "s1", OpPrompt, TextRequest{Text: "hello", RequestID: "r9"})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Replayed || a.CommandID != "r9" {
		t.Errorf("got %+v", a)
	}
	if len(bodies) != 3 || bodies[0] != bodies[1] || bodies[1] != bodies[2] {
		t.Fatalf("retries changed the body: %q", bodies)
	}
	if !strings.Contains(bodies[0], `"requestId":"r9"`) {
		t.Errorf("no requestId in %s", bodies[0])
	}
}

func TestTransportErrorAfterRetries(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	c, err := New("http://"+addr, WithGraph("demo"), fastRetry())
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Prompt(context.Background(), "s1", "hi")
	var te *TransportError
	if !errors.As(err, &te) {
		t.Fatalf("want *TransportError, got %T %v", err, err)
	}
	if te.Attempts != 4 || !strings.Contains(err.Error(), addr) {
		t.Errorf("attempts %d, message %q", te.Attempts, err)
	}
	if ErrorCode(err) != "" {
		t.Error("transport error has a code")
	}
}

func TestNonFrameAnswers(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/account":
			_, _ = io.WriteString(w, `{"kind":"member","principal":"user:ada","turnsToday":2}`)
		case "/g/demo/sessions/html":
			w.WriteHeader(404)
			_, _ = io.WriteString(w, "<html>nope</html>")
		default:
			w.WriteHeader(204)
		}
	})
	acc, err := c.Account(context.Background())
	if err != nil || acc.Kind != AccountMember || acc.TurnsToday != 2 {
		t.Fatalf("account: %+v %v", acc, err)
	}
	_, err = c.Inspect(context.Background(), "html")
	if ErrorCode(err) != CodeNotFound || !strings.Contains(err.Error(), "not a frame") {
		t.Errorf("html 404: %v", err)
	}
	if err := c.TrashDocument(context.Background(), "demo", "doc"); err != nil {
		t.Errorf("204 trash: %v", err)
	}
}

func TestDeleteReportsMirrorTrashFailure(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/navigation/") {
			writeFrame(w, 403, Frame{Type: TypeError, Code: "forbidden", Message: "no"})
			return
		}
		writeFrame(w, 200, Frame{Type: TypeSessionDeleted,
			Value: json.RawMessage(`{"sessionId":"s1","trashedAs":"trash/s1","mirror":{"documentId":"sophia-conversation-s1","graphId":"demo"}}`)})
	})
	out, err := c.Delete(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	if out.MirrorTrashed || out.MirrorErr == nil || !strings.Contains(out.MirrorErr.Error(), "sophia-conversation-s1") {
		t.Errorf("got %+v", out)
	}
	if out.Deleted.TrashedAs != "trash/s1" {
		t.Errorf("trashedAs %q", out.Deleted.TrashedAs)
	}
}

func TestStatusOfEveryCode(t *testing.T) {
	for code, want := range map[string]int{CodeInvalidJSON: 400, CodeUnauthenticated: 401, CodeModelKeyRequired: 402,
		CodeAccessReduced: 403, CodeNotFound: 404, CodeLeaseHeld: 409, CodeDailyTurnLimit: 429,
		CodeNotImplemented: 501, CodeIsolationUnavailable: 503, "made_up": 500} {
		if got := StatusOf(code); got != want {
			t.Errorf("StatusOf(%s) = %d, want %d", code, got, want)
		}
	}
}

// TestLostDeleteAnswerRetried: a delete carries its requestId in the query,
// so a lost answer is retried with the same id.
func TestLostDeleteAnswerRetried(t *testing.T) {
	var queries []string
	var mu sync.Mutex
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		queries = append(queries, r.URL.RawQuery)
		n := len(queries)
		mu.Unlock()
		if n == 1 {
			w.WriteHeader(http.StatusGatewayTimeout)
			return
		}
		writeFrame(w, 200, Frame{Type: TypeSessionDeleted, Replayed: true, Value: json.RawMessage(`{"sessionId":"s1","trashedAs":"trash/s1"}`)})
	})
	written := &Snapshot{Mirror: Mirror{State: "written"}} // a snapshot that needs no reading again
	out, err := c.Delete(context.Background(), "s1", DeleteRequestID("del-1"), KnownSnapshot(written))
	if err != nil || !out.Deleted.Replayed {
		t.Fatalf("delete: %+v %v", out, err)
	}
	if len(queries) != 2 || queries[0] != queries[1] || !strings.Contains(queries[0], "requestId=del-1") {
		t.Errorf("queries %q", queries)
	}
}
