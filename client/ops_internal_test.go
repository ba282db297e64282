package client

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"
)

// recorder is a fake host that keeps each request's method, URI and body and
// answers one frame.
type recorder struct {
	mu   sync.Mutex
	seen []string
	f    Frame
}

func (rec *recorder) handle(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	rec.seen = append(rec.seen, r.Method+" "+r.URL.RequestURI()+" "+string(b))
	rec.mu.Unlock()
	writeFrame(w, 200, rec.f)
}

func (rec *recorder) last() string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.seen[len(rec.seen)-1]
}

// TestCallFillsIDs: Call adds a fresh requestId and the client's clientId
// when the body lacks them, keeps them when given, passes other fields as
// they are, puts delete's and watch's fields in the query, and hands back
// the frame as the host sent it.
func TestCallFillsIDs(t *testing.T) {
	rec := &recorder{f: Frame{Type: TypeCommandAccepted, Value: json.RawMessage(`{"commandId":"x"}`)}}
	n := 0
	c := newTestClient(t, rec.handle, WithClientID("cli-1"), WithRequestIDs(func() string { n++; return "gen-" + string(rune('0'+n)) }))
	ctx := context.Background()
	cases := []struct{ op, body, want string }{
		{OpPrompt, `{"text":"hi","extra":[1]}`, `POST /g/demo/sessions/s1/prompt {"clientId":"cli-1","extra":[1],"requestId":"gen-1","text":"hi"}`},
		{OpPrompt, `{"text":"hi","requestId":"mine","clientId":"other"}`, `POST /g/demo/sessions/s1/prompt {"clientId":"other","requestId":"mine","text":"hi"}`},
		{OpAbort, ``, `POST /g/demo/sessions/s1/abort {"clientId":"cli-1","requestId":"gen-2"}`},
		{OpDelete, `{"requestId":"d1"}`, `DELETE /g/demo/sessions/s1?clientId=cli-1&requestId=d1 `},
		{OpWatch, `{"since":7,"waitMs":250}`, `GET /g/demo/sessions/s1/events?since=7&waitMs=250 `},
		{OpInspect, ``, `GET /g/demo/sessions/s1 `},
		{OpGrant, `{"principal":"p"}`, `POST /account/grants {"principal":"p","requestId":"gen-3"}`},
	}
	for _, tc := range cases {
		f, err := c.Call(ctx, tc.op, "s1", json.RawMessage(tc.body))
		if err != nil {
			t.Fatalf("%s: %v", tc.op, err)
		}
		if got := rec.last(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.op, got, tc.want)
		}
		if f.RequestID != "" || f.Type != TypeCommandAccepted {
			t.Errorf("%s: the frame was touched: %+v", tc.op, f)
		}
	}
}

// TestTypedBodies: the typed verbs send the contract's bodies (Claim's
// options, Watch's wait, Rename's null title) through the table.
func TestTypedBodies(t *testing.T) {
	rec := &recorder{f: Frame{Type: TypeDriverClaimed, Value: json.RawMessage(`{"lease":{}}`)}}
	c := newTestClient(t, rec.handle, WithClientID("cli-1"), WithRequestIDs(func() string { return "r" }))
	ctx := context.Background()
	steps := []struct {
		do   func() error
		want string
	}{
		{func() error { _, err := c.Claim(ctx, "s1"); return err },
			`POST /g/demo/sessions/s1/claim {"requestId":"r","clientId":"cli-1"}`},
		{func() error { _, err := c.Claim(ctx, "s1", Takeover(), TTL(90*time.Second)); return err },
			`POST /g/demo/sessions/s1/claim {"requestId":"r","clientId":"cli-1","takeover":true,"ttlMs":90000}`},
		{func() error { _, err := c.Watch(ctx, "s1", 3, 1500*time.Millisecond); return err },
			`GET /g/demo/sessions/s1/events?since=3&waitMs=1500 `},
		{func() error { _, err := c.Watch(ctx, "s1", 0, 0); return err },
			`GET /g/demo/sessions/s1/events?since=0 `},
		{func() error { _, err := c.Rename(ctx, "s1", nil); return err },
			`PATCH /g/demo/sessions/s1 {"requestId":"r","clientId":"cli-1","title":null}`},
		{func() error {
			_, err := c.Send(ctx, "s1", OpSteer, TextRequest{Text: "t", RequestID: "again", ContextRefs: []string{"d1"}})
			return err
		}, `POST /g/demo/sessions/s1/steer {"requestId":"again","clientId":"cli-1","text":"t","contextRefs":["d1"]}`},
	}
	for i, s := range steps {
		if err := s.do(); err != nil && ErrorCode(err) != "" {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := rec.last(); got != s.want {
			t.Errorf("step %d:\n got %s\nwant %s", i, got, s.want)
		}
	}
	if _, err := c.Send(ctx, "s1", OpAbort, TextRequest{Text: "t"}); err == nil {
		t.Error("Send took an op that is not a text command")
	}
}
