package ride

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

// hangingHost serves the reference host, but takes every prompt and never
// answers it (until the client gives up).
func hangingHost(t *testing.T) (*httptest.Server, *vehicletest.Host) {
	t.Helper()
	h := vehicletest.New(vehicletest.WithDeterministicIDs(), vehicletest.WithMount(""))
	gone := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, rq *http.Request) {
		if rq.Method == http.MethodPost && strings.HasSuffix(rq.URL.Path, "/prompt") {
			_, _ = io.Copy(io.Discard, rq.Body) // so that the server notices the client leave
			select {
			case <-rq.Context().Done():
			case <-gone:
			}
			return
		}
		h.ServeHTTP(w, rq)
	}))
	t.Cleanup(func() {
		close(gone)
		srv.Close()
		h.Close()
	})
	return srv, h
}

// TestHungRequestAnswersUnreachable: a prompt the host never answers gets
// unreachable with its requestId after the deadline, and the lines behind
// it are answered.
func TestHungRequestAnswersUnreachable(t *testing.T) {
	t.Parallel()
	srv, _ := hangingHost(t)
	const timeout = 300 * time.Millisecond
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, RequestTimeout: timeout})
	start := time.Now()
	r.send(`{"op":"prompt","requestId":"p1","text":"hello"}`, `{"op":"inspect","requestId":"i1"}`,
		`{"op":"watch","requestId":"w1","since":0}`)
	p := r.answer("p1")
	if d := time.Since(start); d < timeout {
		t.Errorf("answered after %v, before the deadline", d)
	}
	var details struct {
		TimeoutMs int64 `json:"timeoutMs"`
	}
	_ = json.Unmarshal(p.Details, &details)
	if p.Type != client.TypeError || p.Code != CodeUnreachable || details.TimeoutMs != timeout.Milliseconds() ||
		!strings.Contains(p.Message, "did not answer within 300ms") {
		t.Errorf("the hung prompt: %+v", p)
	}
	if f := r.answer("i1"); f.Type != client.TypeSessionSnapshot {
		t.Errorf("the line behind it: %+v", f)
	}
	if f := r.answer("w1"); f.Type != client.TypeWatchCompleted {
		t.Errorf("the watch behind it: %+v", f)
	}
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
}

// TestWatchDeadlineIncludesItsWait: a watch that asks the host to wait
// longer than the request deadline is not cut at the deadline.
func TestWatchDeadlineIncludesItsWait(t *testing.T) {
	t.Parallel()
	srv := newHost(t)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, RequestTimeout: time.Second})
	r.send(`{"op":"watch","requestId":"w1","since":1000,"waitMs":1500}`)
	if f := r.answer("w1"); f.Type != client.TypeWatchCompleted {
		t.Errorf("%+v", f)
	}
	_ = r.in.Close()
	_ = r.wait()
}

// TestChimer: bo rides ada's session as a chimer: no inspect and no claim at
// the start, ready says chimer, chime works, prompt is refused by the host.
func TestChimer(t *testing.T) {
	srv := newHost(t)
	ada := newClient(t, srv.URL, "ada-token", "ada-1")
	ctx := context.Background()
	if _, err := ada.Create(ctx, client.CreateRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ada.SetRoomPolicy(ctx, "s1", client.PolicySuggest); err != nil {
		t.Fatal(err)
	}
	before := len(srv.Requests())
	r := startRun(t, Config{Client: newClient(t, srv.URL, "bo-token", "bo-1"), Session: "s1", Chime: true})
	waitLine(t, r.out, `"type":"ready"`)
	ready := r.frames()[0]
	var v struct {
		Session struct {
			SessionID string `json:"sessionId"`
		} `json:"session"`
		Chimer bool `json:"chimer"`
		Lease  bool `json:"lease"`
	}
	if err := ready.Decode(&v); err != nil || !v.Chimer || v.Lease || v.Session.SessionID != "s1" {
		t.Errorf("ready %s", ready.Value)
	}
	if n := len(srv.Requests()); n != before {
		t.Errorf("the chimer asked the host %d things at the start", n-before)
	}
	r.send(`{"op":"chime","requestId":"c1","text":"look at the fences"}`, `{"op":"prompt","requestId":"p1","text":"hi"}`)
	if f := r.answer("c1"); f.Type != client.TypeChimeAccepted {
		t.Errorf("chime: %+v", f)
	}
	if f := r.answer("p1"); f.Type != client.TypeError || f.Code != client.CodeNotFound {
		t.Errorf("prompt: %+v", f)
	}
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	for _, rq := range srv.Requests()[before:] {
		if strings.HasSuffix(rq.Path, "/release") || strings.HasSuffix(rq.Path, "/claim") {
			t.Errorf("the chimer sent %s %s", rq.Method, rq.Path)
		}
	}
}

// TestChimeConfigRefused: a chimer cannot create or follow.
func TestChimeConfigRefused(t *testing.T) {
	srv := newHost(t)
	c := newClient(t, srv.URL, "bo-token", "bo-1")
	for _, cfg := range []Config{{Client: c, New: true, Chime: true}, {Client: c, Session: "s1", Chime: true, Follow: true}} {
		out := linesink.New()
		if err := Run(context.Background(), cfg, strings.NewReader(""), out); err == nil {
			t.Errorf("%+v ran", cfg)
		}
		if lines, _ := out.Lines(); len(lines) != 1 || !strings.Contains(lines[0], "--chime") {
			t.Errorf("%q", lines)
		}
	}
}

// TestReplayedBranchReleased: a fork whose answer is a replay (the same
// client made it before, with the same requestId) still has its lease
// released when the ride ends.
func TestReplayedBranchReleased(t *testing.T) {
	srv := newHost(t)
	ctx := context.Background()
	c := newClient(t, srv.URL, "ada-token", "ride-a")
	if _, err := c.Create(ctx, client.CreateRequest{}); err != nil {
		t.Fatal(err)
	}
	first, err := c.Call(ctx, client.OpClone, "s1", json.RawMessage(`{"requestId":"k1"}`))
	if err != nil {
		t.Fatal(err)
	}
	var b client.Branched
	if err := first.Decode(&b); err != nil || b.Lease == nil {
		t.Fatalf("clone: %v %s", err, first.Value)
	}
	r := startRun(t, Config{Client: c, Session: "s1"})
	r.send(`{"op":"clone","requestId":"k1"}`)
	if f := r.answer("k1"); !f.Replayed || f.Type != client.TypeSessionCloned {
		t.Fatalf("not a replay: %+v", f)
	}
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	evs := srv.Events(b.Session.SessionID)
	if len(evs) == 0 || evs[len(evs)-1].Type != client.EvLeaseReleased {
		t.Errorf("%s: the replayed branch's lease was not released: %v", b.Session.SessionID, evs)
	}
}
