package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// fastBackoff keeps reconnect tests quick.
var fastBackoff = RetryPolicy{Base: time.Millisecond, Max: 5 * time.Millisecond}

// noLeaks checks, after every other cleanup of the test, that no goroutine
// the test started is left.
func noLeaks(t *testing.T) {
	t.Helper()
	opt := goleak.IgnoreCurrent()
	clock := goleak.IgnoreAnyFunction("github.com/sophia-labs/vehicle/internal/quiettime.(*clock).run")
	t.Cleanup(func() { goleak.VerifyNone(t, opt, clock) })
}

// stateLog records ConnState reports.
type stateLog struct {
	mu     sync.Mutex
	states []ConnState
}

func (l *stateLog) add(s ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.states = append(l.states, s)
}

// String lists the modes: "streaming", "reconnecting#2", "streaming+15"
// (Replayed), "polling!" (with an error).
func (l *stateLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var parts []string
	for _, s := range l.states {
		p := s.Mode.String()
		if s.Attempt > 0 {
			p += fmt.Sprintf("#%d", s.Attempt)
		}
		if s.Replayed > 0 {
			p += fmt.Sprintf("+%d", s.Replayed)
		}
		if s.Err != nil && s.Mode != ConnReconnecting {
			p += "!"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func (l *stateLog) last() ConnState {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.states[len(l.states)-1]
}

// openStream opens a stream on the fake host with a deadline, fast backoff and
// a state log; it is closed at cleanup.
func openStream(t *testing.T, h *fakeHost, o StreamOptions) (*Stream, *stateLog) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	t.Cleanup(cancel)
	log := &stateLog{}
	o.OnState = log.add
	if o.Backoff == (RetryPolicy{}) {
		o.Backoff = fastBackoff
	}
	s, err := h.client(t).Stream(ctx, "s1", o)
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, log
}

// drainStream reads n events (fewer if the stream ends first).
func drainStream(s *Stream, n int) []Event {
	var out []Event
	for len(out) < n && s.Next() {
		out = append(out, s.Current())
	}
	return out
}

// seqList lists the events' seqs, "d" for a delta.
func seqList(evs []Event) string {
	var b strings.Builder
	for i, ev := range evs {
		if i > 0 {
			b.WriteByte(' ')
		}
		if ev.Seq == 0 {
			b.WriteString("d")
		} else {
			fmt.Fprint(&b, ev.Seq)
		}
	}
	return b.String()
}

func seqRange(from, to int) string {
	var parts []string
	for i := from; i <= to; i++ {
		parts = append(parts, fmt.Sprint(i))
	}
	return strings.Join(parts, " ")
}

func sseIDs(h *fakeHost) []string {
	var out []string
	for _, r := range h.requests() {
		if r.sse {
			out = append(out, r.lastEventID)
		}
	}
	return out
}

func TestStreamResumesAfterDrop(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 10)
	h.plans = []connPlan{{cutAfter: 4}}
	h.overlap = 2 // the host replays two events the client already has
	s, log := openStream(t, h, StreamOptions{})
	if got := seqList(drainStream(s, 10)); got != seqRange(1, 10) {
		t.Fatalf("seqs = %q, want 1..10 once each", got)
	}
	if got := fmt.Sprint(sseIDs(h)); got != "[0 4]" {
		t.Errorf("Last-Event-ID per connection = %s, want [0 4]", got)
	}
	if s.Cursor() != 10 {
		t.Errorf("Cursor = %d, want 10", s.Cursor())
	}
	if got := log.String(); !strings.HasPrefix(got, "connecting streaming reconnecting#1 streaming") {
		t.Errorf("states = %q", got)
	}
	for _, r := range h.requests() {
		if r.auth != "Bearer tok" {
			t.Errorf("a request went without the credential: %q", r.auth)
		}
	}
}

func TestStreamReconnectsAfterCleanEnd(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 10)
	h.plans = []connPlan{{endAfter: 3}, {endAfter: 3}}
	s, _ := openStream(t, h, StreamOptions{Since: 1})
	if got := seqList(drainStream(s, 9)); got != seqRange(2, 10) {
		t.Fatalf("seqs = %q, want 2..10", got)
	}
	if got := fmt.Sprint(sseIDs(h)); got != "[1 4 7]" {
		t.Errorf("Last-Event-ID per connection = %s, want [1 4 7]", got)
	}
}

func TestStreamRefusedAtConnect(t *testing.T) {
	frame := func(code string) string {
		return fmt.Sprintf(`{"protocol":%q,"type":"error","code":%q,"message":"no"}`, Protocol, code)
	}
	for _, tc := range []struct {
		name      string
		plan      connPlan
		transport Transport
		code      string
	}{
		{"unauthenticated", connPlan{status: 401, body: frame(CodeUnauthenticated)}, TransportAuto, CodeUnauthenticated},
		{"not found", connPlan{status: 404, body: frame(CodeNotFound)}, TransportAuto, CodeNotFound},
		{"access reduced", connPlan{status: 403, body: frame(CodeAccessReduced)}, TransportAuto, CodeAccessReduced},
		{"poll refused", connPlan{status: 401, body: frame(CodeUnauthenticated)}, TransportPoll, CodeUnauthenticated},
		{"no stream, SSE only", connPlan{status: 406, body: "no"}, TransportSSE, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			h := newFakeHost(t, 1)
			h.refuse = &tc.plan
			log := &stateLog{}
			s, err := h.client(t).Stream(t.Context(), "s1", StreamOptions{Transport: tc.transport, OnState: log.add})
			if s != nil || err == nil {
				t.Fatalf("Stream = %v, %v; want a refusal", s, err)
			}
			if tc.code != "" && ErrorCode(err) != tc.code {
				t.Errorf("err = %v, want code %s", err, tc.code)
			}
			if tc.code == "" && !isNotSSE(err) {
				t.Errorf("err = %v, want a refusal of event-stream", err)
			}
			if st := log.last(); st.Mode != ConnClosed || st.Err == nil {
				t.Errorf("last state = %+v, want closed with the error", st)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		noLeaks(t)
		h := newFakeHost(t, 1)
		c := h.client(t)
		h.srv.Close()
		_, err := c.Stream(t.Context(), "s1", StreamOptions{})
		if !IsTransport(err) {
			t.Fatalf("err = %v, want a transport error", err)
		}
	})
}

func TestStreamUnauthenticatedMidwayIsPermanent(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 5)
	body := fmt.Sprintf(`{"protocol":%q,"type":"error","code":"unauthenticated","message":"token revoked"}`, Protocol)
	h.plans = []connPlan{{cutAfter: 2}}
	h.then = connPlan{status: http.StatusUnauthorized, body: body}
	s, log := openStream(t, h, StreamOptions{})
	if got := seqList(drainStream(s, 5)); got != "1 2" {
		t.Fatalf("seqs = %q, want 1 2", got)
	}
	var e *Error
	if !errors.As(s.Err(), &e) || e.Code != CodeUnauthenticated || e.Status != 401 {
		t.Fatalf("Err = %v, want the unauthenticated *Error", s.Err())
	}
	if n := len(sseIDs(h)); n != 2 {
		t.Errorf("%d SSE connections, want 2 (no retry after a refusal)", n)
	}
	if st := log.last(); st.Mode != ConnClosed || st.Err != s.Err() {
		t.Errorf("last state = %+v, want closed with the refusal", st)
	}
}

func TestStreamFallsBackToPoll(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 10)
	h.plans = []connPlan{{cutAfter: 3}}
	h.then = connPlan{status: http.StatusBadGateway, body: "bad gateway"}
	s, log := openStream(t, h, StreamOptions{PollWait: 5 * time.Second, SSERetry: -1})
	got := drainStream(s, 10)
	for i := 11; i <= 15; i++ {
		h.add(EvCommandCompleted, 0) // live events reach a long-poll under way
		got = append(got, drainStream(s, 1)...)
	}
	if seqList(got) != seqRange(1, 15) {
		t.Fatalf("seqs = %q, want 1..15 in order", seqList(got))
	}
	if want := "connecting streaming reconnecting#1 reconnecting#2 polling! polling+7"; log.String() != want {
		t.Errorf("states = %q, want %q", log.String(), want)
	}
	if n := len(sseIDs(h)); n != 3 {
		t.Errorf("%d SSE connections, want 3", n)
	}
}

func TestStreamFallsBackWhenRefusedEventStream(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 3)
	h.then = connPlan{status: http.StatusNotAcceptable, ctype: "text/plain", body: "no streams here"}
	s, log := openStream(t, h, StreamOptions{PollWait: 5 * time.Second, SSERetry: -1})
	if got := seqList(drainStream(s, 3)); got != "1 2 3" {
		t.Fatalf("seqs = %q", got)
	}
	if log.String() != "connecting polling!" || !isNotSSE(log.last().Err) {
		t.Errorf("states = %q (%v), want a fallback at once", log, log.last().Err)
	}
}

func TestStreamTriesSSEAgainAfterFallback(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 3)
	h.plans = []connPlan{{status: http.StatusServiceUnavailable, body: "busy"}}
	s, log := openStream(t, h, StreamOptions{PollWait: time.Second, SSERetry: time.Nanosecond})
	got := drainStream(s, 3)
	// The SSE try runs beside the long-polls and takes over once it is live:
	// events flow all along, once each.
	for !strings.HasSuffix(log.String(), "streaming") && len(got) < 200 {
		h.add(EvCommandCompleted, 0)
		got = append(got, drainStream(s, 1)...)
	}
	h.add(EvCommandCompleted, 0)
	got = append(got, drainStream(s, 1)...)
	if seqList(got) != seqRange(1, len(got)) {
		t.Fatalf("seqs = %q", seqList(got))
	}
	if want := "connecting polling! streaming"; log.String() != want {
		t.Errorf("states = %q, want %q", log, want)
	}
}

func TestStreamPassesDeltas(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 1)
	h.add("", 1)
	h.add("", 2)
	h.add(EvMessageCompleted, 0)
	h.add("", 3)
	h.add(EvRunSettled, 0)
	s, _ := openStream(t, h, StreamOptions{})
	evs := drainStream(s, 6)
	if got := seqList(evs); got != "1 d d 2 d 3" {
		t.Fatalf("seqs = %q", got)
	}
	if evs[1].Type != EvMessageDelta || s.Cursor() != 3 {
		t.Errorf("delta type %q, cursor %d", evs[1].Type, s.Cursor())
	}
	var d DeltaValue
	if err := evs[2].Decode(&d); err != nil || d.Delta != "d2" {
		t.Errorf("delta value %+v, %v", d, err)
	}
}

func TestStreamEndsAfterDeleted(t *testing.T) {
	for _, tr := range []Transport{TransportSSE, TransportPoll} {
		t.Run(tr.String(), func(t *testing.T) {
			noLeaks(t)
			h := newFakeHost(t, 2)
			h.add(TypeSessionDeleted, 0)
			s, log := openStream(t, h, StreamOptions{Transport: tr})
			evs := drainStream(s, 10)
			if got := seqList(evs); got != "1 2 3" || evs[2].Type != TypeSessionDeleted {
				t.Fatalf("seqs = %q", got)
			}
			if s.Next() || s.Err() != nil {
				t.Errorf("Next after the end: err %v", s.Err())
			}
			if n := len(h.requests()); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
			if st := log.last(); st.Mode != ConnClosed || st.Err != nil {
				t.Errorf("last state %+v, want a clean close", st)
			}
		})
	}
}

func TestStreamCloseFromAnotherGoroutine(t *testing.T) {
	for _, tr := range []Transport{TransportSSE, TransportPoll} {
		t.Run(tr.String(), func(t *testing.T) {
			noLeaks(t)
			h := newFakeHost(t, 2)
			s, log := openStream(t, h, StreamOptions{Transport: tr, PollWait: 20 * time.Second})
			drainStream(s, 2)
			ended := make(chan bool)
			go func() { ended <- s.Next() }()
			_ = s.Close()
			select {
			case ok := <-ended:
				if ok {
					t.Fatal("Next delivered after Close")
				}
			case <-time.After(5 * time.Second):
				t.Fatal("Next still blocked 5 s after Close")
			}
			if s.Err() != nil || s.Close() != nil {
				t.Errorf("Err %v after Close", s.Err())
			}
			if st := log.last(); st.Mode != ConnClosed || st.Err != nil {
				t.Errorf("last state %+v", st)
			}
		})
	}
}

func TestStreamEndsWithContext(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 1)
	ctx, cancel := context.WithCancel(t.Context())
	s, err := h.client(t).Stream(ctx, "s1", StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	drainStream(s, 1)
	cancel()
	if s.Next() || s.Err() != nil {
		t.Fatalf("Next after cancel: err %v", s.Err())
	}
}
