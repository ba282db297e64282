package vehicletest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/testexit"
)

func TestMain(m *testing.M) {
	code := m.Run()
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: %v\n", err)
			code = 1
		}
	}
	testexit.Exit(code)
}

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// harness drives a Server with plain HTTP requests.
type harness struct {
	t   *testing.T
	srv *Server
	hc  *http.Client
	n   int
}

func newHarness(t *testing.T, opts ...Option) *harness {
	t.Helper()
	srv := NewServer(t, append([]Option{WithDeterministicIDs()}, opts...)...)
	hc := &http.Client{Transport: &http.Transport{}}
	t.Cleanup(hc.CloseIdleConnections)
	return &harness{t: t, srv: srv, hc: hc}
}

// resp is one answer.
type resp struct {
	status int
	frame  client.Frame
	raw    []byte
}

func (r resp) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.frame.Value, v); err != nil {
		t.Fatalf("decode %s: %v (%s)", r.frame.Type, err, r.raw)
	}
}

// details decodes an error frame's details.
func (r resp) details(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.frame.Details, v); err != nil {
		t.Fatalf("details of %s: %v (%s)", r.frame.Code, err, r.raw)
	}
}

// hdr is a request's credentials: a bearer token, a visitor id, a model key.
type hdr struct{ token, visitor, key string }

func as(token string) hdr { return hdr{token: token} }

// do sends a request under the mount; path starts with "/". A string body
// is sent as is, anything else as JSON.
func (h *harness) do(method, path string, who hdr, body any, extra ...string) resp {
	h.t.Helper()
	return h.doURL(method, h.srv.Base()+path, who, body, extra...)
}

func (h *harness) doURL(method, url string, who hdr, body any, extra ...string) resp {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	setHeaders(req, who, extra...)
	res, err := h.hc.Do(req)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{status: res.StatusCode, raw: raw}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &out.frame)
	}
	return out
}

func setHeaders(req *http.Request, who hdr, extra ...string) {
	req.Header.Set("Content-Type", "application/json")
	if who.token != "" {
		req.Header.Set("Authorization", "Bearer "+who.token)
	}
	if who.visitor != "" {
		req.Header.Set("X-Visitor-Id", who.visitor)
	}
	if who.key != "" {
		req.Header.Set("X-Model-Key", who.key)
	}
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
	}
}

func (h *harness) rid() string {
	h.n++
	return fmt.Sprintf("req-%d", h.n)
}

// fields builds a body from pairs, with a fresh requestId unless given.
func (h *harness) fields(kv ...any) map[string]any {
	m := map[string]any{"requestId": h.rid(), "clientId": "c1"}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(m, kv[i].(string))
			continue
		}
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

// create makes a session on a graph and fails the test when refused.
func (h *harness) create(who hdr, graph string, kv ...any) client.Created {
	h.t.Helper()
	r := h.do("POST", "/g/"+graph+"/sessions", who, h.fields(kv...))
	if r.status != http.StatusCreated {
		h.t.Fatalf("create: %d %s", r.status, r.raw)
	}
	var c client.Created
	r.decode(h.t, &c)
	return c
}

// verb sends POST /g/<graph>/sessions/<id>/<op>.
func (h *harness) verb(who hdr, graph, id, op string, kv ...any) resp {
	h.t.Helper()
	return h.do("POST", "/g/"+graph+"/sessions/"+id+"/"+op, who, h.fields(kv...))
}

// ok fails the test unless r is a success frame of type typ.
func ok(t *testing.T, r resp, typ string) {
	t.Helper()
	if r.status >= 300 || r.frame.Type != typ {
		t.Fatalf("want %s, got %d %s", typ, r.status, r.raw)
	}
}

// refused fails the test unless r is an error frame with code.
func refused(t *testing.T, r resp, code string) {
	t.Helper()
	if r.frame.Type != client.TypeError || r.frame.Code != code || r.status != client.StatusOf(code) {
		t.Fatalf("want %s (%d), got %d %s", code, client.StatusOf(code), r.status, r.raw)
	}
	if r.frame.Message == "" || r.frame.Protocol != client.Protocol {
		t.Fatalf("error frame without message or protocol: %s", r.raw)
	}
}

// waitEvent waits for the n-th event of a type (n from 1) in a session's log.
func (h *harness) waitEvent(id, typ string, n int) client.Event {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	host := h.srv.Host
	for {
		host.mu.Lock()
		s := host.sessions[id]
		seen := 0
		for _, e := range s.events {
			if e.Type == typ {
				if seen++; seen == n {
					host.mu.Unlock()
					return clientEvents([]wireFrame{e})[0]
				}
			}
		}
		ch := s.notify
		host.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			h.t.Fatalf("no %s #%d in session %s; log: %s", typ, n, id, types(host.Events(id)))
		}
	}
}

// settled waits for the n-th run.settled of a session.
func (h *harness) settled(id string, n int) client.RunSettledValue {
	h.t.Helper()
	var v client.RunSettledValue
	e := h.waitEvent(id, client.EvRunSettled, n)
	_ = json.Unmarshal(e.Value, &v)
	return v
}

// types lists the types of events.
func types(evs []client.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Type)
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

// typesOf keeps the events of the given types, in order.
func typesOf(evs []client.Event, keep ...string) string {
	var out []client.Event
	for _, e := range evs {
		for _, k := range keep {
			if e.Type == k {
				out = append(out, e)
			}
		}
	}
	return types(out)
}

// snapshot inspects a session.
func (h *harness) snapshot(who hdr, graph, id string) client.Snapshot {
	h.t.Helper()
	r := h.do("GET", "/g/"+graph+"/sessions/"+id, who, nil)
	ok(h.t, r, client.TypeSessionSnapshot)
	var s client.Snapshot
	r.decode(h.t, &s)
	return s
}

// decodeEv decodes an event's value.
func decodeEv(e client.Event, v any) {
	_ = json.Unmarshal(e.Value, v)
}

// onWait returns a channel that gets a session id each time a long-poll
// starts waiting.
func (h *harness) onWait() <-chan string {
	ch := make(chan string, 16)
	h.srv.mu.Lock()
	h.srv.waitHook = func(id string) { ch <- id }
	h.srv.mu.Unlock()
	return ch
}
