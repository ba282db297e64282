package vehicletest

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// sseEvent is one block of an SSE stream.
type sseEvent struct {
	id, event, data string
	comment         string
	hasID           bool
}

// sseStream reads an SSE response.
type sseStream struct {
	t      *testing.T
	res    *http.Response
	br     *bufio.Reader
	cancel context.CancelFunc
}

// openStream opens the session's stream with since and, when set, Last-Event-ID.
func (h *harness) openStream(who hdr, graph, id, since, lastID string) *sseStream {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	url := h.srv.Base() + "/g/" + graph + "/sessions/" + id + "/events?since=" + since
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	setHeaders(req, who, "Accept", "text/event-stream")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := h.hc.Do(req)
	if err != nil {
		cancel()
		h.t.Fatalf("stream: %v", err)
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		cancel()
		h.t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &sseStream{t: h.t, res: res, br: bufio.NewReader(res.Body), cancel: cancel}
	h.t.Cleanup(s.close)
	return s
}

func (s *sseStream) close() {
	s.cancel()
	_ = s.res.Body.Close()
}

// next reads one block; err is io.EOF at a clean end.
func (s *sseStream) next() (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := s.br.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			return ev, nil
		case strings.HasPrefix(line, ":"):
			ev.comment = strings.TrimSpace(line[1:])
		case strings.HasPrefix(line, "id: "):
			ev.id, ev.hasID = line[4:], true
		case strings.HasPrefix(line, "event: "):
			ev.event = line[7:]
		case strings.HasPrefix(line, "data: "):
			ev.data = line[6:]
		}
	}
}

// until reads blocks until one of type typ, returning them all.
func (s *sseStream) until(typ string) []sseEvent {
	s.t.Helper()
	var out []sseEvent
	for {
		ev, err := s.next()
		if err != nil {
			s.t.Fatalf("stream ended before %s: %v", typ, err)
		}
		out = append(out, ev)
		if ev.event == typ {
			return out
		}
	}
}

func TestSSEFraming(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	st := h.openStream(ada, "demo", s, "0", "")
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "stream this please"), client.TypeCommandAccepted)
	evs := st.until(client.EvMirrorWritten)
	var last int64
	deltas, completedAfterDeltas := 0, false
	for _, ev := range evs {
		if ev.comment != "" && ev.event == "" && ev.data == "" {
			continue // a keepalive
		}
		var f client.Frame
		if err := json.Unmarshal([]byte(ev.data), &f); err != nil || f.Protocol != client.Protocol || f.Type != ev.event {
			t.Fatalf("bad block %+v", ev)
		}
		if ev.event == client.EvMessageDelta {
			if ev.hasID || f.Seq != 0 {
				t.Fatalf("a delta with an id: %+v", ev)
			}
			var d client.DeltaValue
			_ = json.Unmarshal(f.Value, &d)
			if d.RunID == "" || d.MessageID == "" || d.Delta == "" {
				t.Fatalf("delta %+v", d)
			}
			deltas++
			continue
		}
		seq, _ := strconv.ParseInt(ev.id, 10, 64)
		if seq != last+1 || f.Seq != seq || f.SessionID != s || f.At == "" {
			t.Fatalf("seq %d after %d: %+v", seq, last, ev)
		}
		last = seq
		if ev.event == client.EvMessageCompleted && deltas > 0 {
			completedAfterDeltas = true
		}
	}
	if deltas < 10 || deltas > 40 || !completedAfterDeltas {
		t.Fatalf("deltas %d, completed after them %v", deltas, completedAfterDeltas)
	}

	// resume: Last-Event-ID wins over since, no gap and no duplicate
	st2 := h.openStream(ada, "demo", s, "0", strconv.FormatInt(last-2, 10))
	for want := last - 1; want <= last; want++ {
		ev, err := st2.next()
		if err != nil || ev.id != strconv.FormatInt(want, 10) {
			t.Fatalf("resume: want id %d, got %+v %v", want, ev, err)
		}
	}
	// a keepalive marks the end of the replay, then live events follow
	if ev, _ := st2.next(); ev.comment != "keepalive" || ev.event != "" {
		t.Fatalf("after the replay: want a keepalive, got %+v", ev)
	}
	h.srv.Emit(s, "custom.thing", map[string]int{"n": 1})
	if ev, _ := st2.next(); ev.event != "custom.thing" || ev.id != strconv.FormatInt(last+1, 10) {
		t.Fatalf("live after replay: %+v", ev)
	}
}

func TestSSEKeepaliveCutAndDelete(t *testing.T) {
	h := newHarness(t, WithLimits(Limits{Keepalive: 20 * time.Millisecond}))
	s := h.create(ada, "demo").Session.SessionID
	st := h.openStream(ada, "demo", s, "0", "")
	st.until(client.EvLeaseClaimed)
	if ev, err := st.next(); err != nil || ev.comment != "keepalive" {
		t.Fatalf("keepalive: %+v %v", ev, err)
	}

	// a cut ends the response abruptly; the client resumes by seq
	h.srv.CutStreams()
	for {
		_, err := st.next()
		if err == nil {
			continue
		}
		if err == io.EOF {
			t.Fatal("a cut stream ended cleanly")
		}
		break
	}
	h.srv.Emit(s, "while.away", map[string]any{})
	st2 := h.openStream(ada, "demo", s, "3", "")
	if ev := st2.until("while.away"); len(ev) != 1 || ev[0].id != "4" {
		t.Fatalf("resume after cut: %+v", ev)
	}

	// the stream ends after session.deleted
	ok(t, h.do("DELETE", "/g/demo/sessions/"+s+"?requestId=d&clientId=c1", ada, nil), client.TypeSessionDeleted)
	st2.until(client.EvSessionDeleted)
	for {
		ev, err := st2.next()
		if err == io.EOF {
			break
		}
		if err != nil || ev.comment != "keepalive" {
			t.Fatalf("after session.deleted: %+v %v", ev, err)
		}
	}
	refused(t, h.do("GET", "/g/demo/sessions/"+s+"/events", ada, nil, "Accept", "text/event-stream"), client.CodeNotFound)
}

func TestSlowSubscriberIsCut(t *testing.T) {
	h := New(WithLimits(Limits{StreamBuffer: 2}))
	defer h.Close()
	h.mu.Lock()
	defer h.mu.Unlock()
	s := &session{id: "s", subs: map[*subscriber]struct{}{}, notify: make(chan struct{})}
	sub := &subscriber{ch: make(chan wireFrame, 2), cut: make(chan struct{})}
	s.subs[sub] = struct{}{}
	for i := 0; i < 3; i++ {
		h.emit(s, "x", map[string]int{"i": i})
	}
	select {
	case <-sub.cut:
	default:
		t.Fatal("a full subscriber was not cut")
	}
	if len(s.subs) != 0 || len(s.events) != 3 {
		t.Fatalf("subs %d events %d", len(s.subs), len(s.events))
	}
}

func TestLongPoll(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	path := "/g/demo/sessions/" + s + "/events"
	var w client.WatchResult

	r := h.do("GET", path+"?since=0", ada, nil)
	ok(t, r, client.TypeWatchCompleted)
	r.decode(t, &w)
	if len(w.Events) != 3 || w.Cursor != 3 || w.More {
		t.Fatalf("all: %s", r.raw)
	}
	r = h.do("GET", path+"?since=3&waitMs=0", ada, nil)
	r.decode(t, &w)
	if len(w.Events) != 0 || w.Cursor != 3 {
		t.Fatalf("nothing new: %s", r.raw)
	}

	// waits for the next event, and wakes on it
	done := make(chan resp, 1)
	waiting := h.onWait()
	go func() { done <- h.do("GET", path+"?since=3&waitMs=5000", ada, nil) }()
	<-waiting
	h.srv.Emit(s, "poke", map[string]any{})
	r = <-done
	r.decode(t, &w)
	if len(w.Events) != 1 || w.Events[0].Type != "poke" || w.Cursor != 4 {
		t.Fatalf("woken: %s", r.raw)
	}

	// at most 500 a page; waitMs over 30 000 is refused
	for i := 0; i < 600; i++ {
		h.srv.Emit(s, "bulk", map[string]int{"i": i})
	}
	refused(t, h.do("GET", path+"?since=0&waitMs=99999", ada, nil), client.CodeInvalidRequest)
	r = h.do("GET", path+"?since=0&waitMs=30000", ada, nil)
	r.decode(t, &w)
	if len(w.Events) != client.MaxWatchEvents || !w.More || w.Cursor != 500 {
		t.Fatalf("page: %d %v %d", len(w.Events), w.More, w.Cursor)
	}
	r = h.do("GET", path+"?since=500", ada, nil)
	r.decode(t, &w)
	if len(w.Events) != 104 || w.More || w.Cursor != 604 {
		t.Fatalf("second page: %d %v %d", len(w.Events), w.More, w.Cursor)
	}
	refused(t, h.do("GET", path+"?since=-1", ada, nil), client.CodeInvalidRequest)
	refused(t, h.do("GET", path+"?since=0&waitMs=soon", ada, nil), client.CodeInvalidRequest)
}
