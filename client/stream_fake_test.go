package client

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeHost is a scripted event source for the Stream's unit tests: one
// session "s1" on graph "demo", served at the root, over SSE and long-poll.
type fakeHost struct {
	mu      sync.Mutex
	events  []Event       // the log, deltas included (seq 0)
	wake    chan struct{} // closed and replaced on every append
	plans   []connPlan    // what the n-th SSE connection does
	then    connPlan      // what every later SSE connection does
	overlap int           // replay this many events before the asked cursor
	refuse  *connPlan     // when set, every request (SSE or poll) gets this answer
	noWait  bool          // long-polls answer at once, whatever their waitMs
	// snapCursor is the cursor of the snapshot GET /g/demo/sessions/s1
	// answers; inspects counts those requests.
	snapCursor int64
	inspects   int
	reqs       []fakeReq
	srv        *httptest.Server
}

// connPlan scripts one SSE connection: an answer other than a stream
// (status), an abrupt cut or a clean end after some events, or silence.
type connPlan struct {
	status   int    // answer this instead of a stream
	ctype    string // its content type (default application/json)
	body     string // its body
	cutAfter int    // abort the connection after this many events
	endAfter int    // end the response cleanly after this many events
	silent   bool   // send the headers, then nothing at all
	hello    string // written first, before any event (a comment, say)
	live     string // written after the replay, before live events
	liveAdd  int    // then append this many events at once, as live ones
}

// fakeReq records one request.
type fakeReq struct {
	sse         bool
	lastEventID string
	since       string
	auth        string
}

func newFakeHost(t *testing.T, durable int) *fakeHost {
	h := &fakeHost{wake: make(chan struct{})}
	for i := 0; i < durable; i++ {
		h.add(EvCommandAccepted, 0)
	}
	h.srv = httptest.NewServer(h)
	t.Cleanup(h.srv.Close)
	return h
}

// add appends one event: durable when delta is 0 (seq assigned), else a
// message.delta.
func (h *fakeHost) add(typ string, delta int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if delta == 0 {
		h.appendLocked(typ)
		return
	}
	ev := Event{Protocol: Protocol, Type: EvMessageDelta, SessionID: "s1", At: "2026-10-13T10:00:00Z",
		Value: json.RawMessage(fmt.Sprintf(`{"runId":"r1","messageId":"m1","delta":"d%d"}`, delta))}
	h.events = append(h.events, ev)
	close(h.wake)
	h.wake = make(chan struct{})
}

// appendLocked appends a durable event at the next seq; h.mu is held.
func (h *fakeHost) appendLocked(typ string) {
	seq := h.lastSeq() + 1
	h.events = append(h.events, Event{Protocol: Protocol, Type: typ, SessionID: "s1", At: "2026-10-13T10:00:00Z",
		Seq: seq, Value: json.RawMessage(fmt.Sprintf(`{"commandId":"c%d"}`, seq))})
	close(h.wake)
	h.wake = make(chan struct{})
}

// addSeq appends a durable event with the given seq, right or wrong.
func (h *fakeHost) addSeq(seq int64, value string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, Event{Protocol: Protocol, Type: EvCommandAccepted, SessionID: "s1",
		At: "2026-10-13T10:00:00Z", Seq: seq, Value: json.RawMessage(value)})
	close(h.wake)
	h.wake = make(chan struct{})
}

func (h *fakeHost) lastSeq() int64 {
	for i := len(h.events) - 1; i >= 0; i-- {
		if h.events[i].Seq > 0 {
			return h.events[i].Seq
		}
	}
	return 0
}

func (h *fakeHost) requests() []fakeReq {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]fakeReq(nil), h.reqs...)
}

// client is a Client of the fake host with its own transport.
func (h *fakeHost) client(t *testing.T) *Client {
	t.Helper()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	c, err := New(h.srv.URL, WithMount(""), WithGraph("demo"), WithToken("tok"),
		WithHTTPClient(&http.Client{Transport: tr}), WithRetry(RetryPolicy{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (h *fakeHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/g/demo/sessions/s1" {
		h.serveInspect(w)
		return
	}
	if r.URL.Path != "/g/demo/sessions/s1/events" {
		writeFakeError(w, http.StatusNotFound, CodeNotFound)
		return
	}
	isSSE := strings.Contains(r.Header.Get("Accept"), "text/event-stream")
	h.mu.Lock()
	h.reqs = append(h.reqs, fakeReq{sse: isSSE, lastEventID: r.Header.Get("Last-Event-ID"),
		since: r.URL.Query().Get("since"), auth: r.Header.Get("Authorization")})
	n := 0
	for _, q := range h.reqs {
		if q.sse {
			n++
		}
	}
	plan := h.then
	if h.refuse != nil {
		plan = *h.refuse
	} else if isSSE && n <= len(h.plans) {
		plan = h.plans[n-1]
	}
	h.mu.Unlock()
	switch {
	case plan.status != 0 && (isSSE || h.refuse != nil):
		ct := plan.ctype
		if ct == "" {
			ct = "application/json"
		}
		w.Header().Set("Content-Type", ct)
		w.WriteHeader(plan.status)
		_, _ = w.Write([]byte(plan.body))
	case isSSE:
		h.serveSSE(w, r, plan)
	default:
		h.servePoll(w, r)
	}
}

func writeFakeError(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = fmt.Fprintf(w, `{"protocol":%q,"type":"error","code":%q,"message":"fake %s"}`, Protocol, code, code)
}

// cursorOf is the request's resume point: Last-Event-ID, else since.
func cursorOf(r *http.Request) int64 {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("since")
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

// start is the index after the last durable event at or below cursor, less
// the overlap.
func (h *fakeHost) start(cursor int64) int {
	i := 0
	for j, ev := range h.events {
		if ev.Seq > 0 && ev.Seq <= cursor {
			i = j + 1
		}
	}
	return max(0, i-h.overlap)
}

func (h *fakeHost) serveSSE(w http.ResponseWriter, r *http.Request, plan connPlan) {
	fl := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	if plan.silent {
		fl.Flush()
		<-r.Context().Done()
		return
	}
	_, _ = io.WriteString(w, plan.hello)
	h.mu.Lock()
	pos := h.start(cursorOf(r))
	h.mu.Unlock()
	sent := 0
	for first := true; ; first = false {
		h.mu.Lock()
		evs, wake := h.events[pos:], h.wake
		h.mu.Unlock()
		for _, ev := range evs {
			fakeWriteSSE(w, ev)
			pos++
			sent++
			switch {
			case sent == plan.cutAfter:
				fl.Flush()
				panic(http.ErrAbortHandler)
			case sent == plan.endAfter, ev.Type == TypeSessionDeleted:
				fl.Flush()
				return
			}
		}
		if first {
			_, _ = io.WriteString(w, plan.live)
			h.mu.Lock()
			for i := 0; i < plan.liveAdd; i++ {
				h.appendLocked(EvCommandCompleted)
			}
			h.mu.Unlock()
		}
		fl.Flush()
		select {
		case <-wake:
		case <-r.Context().Done():
			return
		}
	}
}

func fakeWriteSSE(w http.ResponseWriter, ev Event) {
	data, _ := json.Marshal(ev)
	if ev.Seq > 0 {
		_, _ = fmt.Fprintf(w, "id: %d\n", ev.Seq)
	}
	_, _ = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.Type, data)
}

func (h *fakeHost) servePoll(w http.ResponseWriter, r *http.Request) {
	since, _ := strconv.ParseInt(r.URL.Query().Get("since"), 10, 64)
	waitMs, _ := strconv.Atoi(r.URL.Query().Get("waitMs"))
	deadline := time.After(time.Duration(waitMs) * time.Millisecond)
	var out []Event
	for {
		h.mu.Lock()
		for _, ev := range h.events {
			if ev.Seq > since && len(out) < MaxWatchEvents {
				out = append(out, ev)
			}
		}
		wake := h.wake
		h.mu.Unlock()
		if len(out) > 0 || waitMs == 0 || h.noWait {
			break
		}
		select {
		case <-wake:
			continue
		case <-deadline:
		case <-r.Context().Done():
			return
		}
		break
	}
	cursor := since
	if len(out) > 0 {
		cursor = out[len(out)-1].Seq
	}
	v, _ := json.Marshal(WatchResult{Events: out, Cursor: cursor})
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(Frame{Protocol: Protocol, Type: TypeWatchCompleted, Value: v})
}

// serveInspect answers a snapshot at snapCursor.
func (h *fakeHost) serveInspect(w http.ResponseWriter) {
	h.mu.Lock()
	h.inspects++
	v, _ := json.Marshal(Snapshot{Cursor: h.snapCursor})
	h.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(Frame{Protocol: Protocol, Type: TypeSessionSnapshot, Value: v})
}
