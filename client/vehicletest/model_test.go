package vehicletest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/sophia-labs/vehicle/client"
)

func TestSplit(t *testing.T) {
	cases := []struct {
		text     string
		n        int
		min, max int
	}{
		{strings.Repeat("abc ", 100), 0, 10, 40},
		{strings.Repeat("é", 30), 0, 10, 10},
		{"short", 0, 5, 5},
		{"Let me look that up.", 3, 3, 3},
		{"", 0, 0, 0},
	}
	for _, c := range cases {
		got := Split(c.text, c.n)
		if strings.Join(got, "") != c.text || len(got) < c.min || len(got) > c.max {
			t.Errorf("Split(%q, %d) = %d pieces", c.text, c.n, len(got))
		}
	}
}

func TestScriptedPaths(t *testing.T) {
	m := Scripted{}
	ctx := context.Background()
	cases := []struct {
		text  string
		step  int
		check func(Reply) bool
	}{
		{"hello", 1, func(r Reply) bool {
			j := strings.Join(r.Deltas, "")
			return strings.Contains(j, "## Echo") && strings.Contains(j, "```")
		}},
		{"#tool find cows", 1, func(r Reply) bool {
			return len(r.ToolCalls) == 1 && !r.ToolCalls[0].IsError && r.ToolCalls[0].Args == `{"query":"find cows","limit":5}`
		}},
		{"#code", 1, func(r Reply) bool {
			j := strings.Join(r.Deltas, "")
			return strings.Count(j, "```") == 4 && strings.Contains(j, "```sh\ngo run .\n```")
		}},
		{"#tool", 2, func(r Reply) bool { return len(r.ToolCalls) == 0 }},
		{"#toolerror", 1, func(r Reply) bool { return len(r.ToolCalls) == 1 && r.ToolCalls[0].IsError }},
		{"#overrun", 7, func(r Reply) bool { return len(r.ToolCalls) == 1 }},
		{"#fail", 1, func(r Reply) bool { return r.Err != "" }},
		{"#slow", 1, func(r Reply) bool { return r.Slow }},
		{"#hold", 1, func(r Reply) bool { return r.Hold }},
		{"#hold", 2, func(r Reply) bool { return !r.Hold }},
		{"#long 3", 1, func(r Reply) bool {
			j := strings.Join(r.Deltas, "")
			return strings.Contains(j, "Paragraph 3.") && !strings.Contains(j, "Paragraph 4.")
		}},
		{"#kib 100", 1, func(r Reply) bool {
			j := strings.Join(r.Deltas, "")
			return len(r.Deltas) == 26 && len(r.Deltas[0]) == 4096 && len(j) >= 100<<10 && len(j) < 101<<10 &&
				strings.HasPrefix(j, "Paragraph 1. ") && strings.HasSuffix(j, ".\n\n")
		}},
		{"#words 500", 1, func(r Reply) bool {
			j := strings.Join(r.Deltas, "")
			paras := strings.Split(strings.TrimSpace(j), "\n\n")
			return len(r.Deltas) == 500 && len(strings.Fields(j)) == 500+len(paras) && // a word a delta, and each paragraph's number
				len(paras) > 5 && paras[1] != paras[2] && strings.HasSuffix(j, "\n\n")
		}},
	}
	for _, c := range cases {
		if r := m.Turn(ctx, TurnRequest{Text: c.text, Step: c.step}); !c.check(r) {
			t.Errorf("%q step %d: %+v", c.text, c.step, r)
		}
	}
}

// modelFunc adapts a function to Model.
type modelFunc func(context.Context, TurnRequest) Reply

func (f modelFunc) Turn(ctx context.Context, r TurnRequest) Reply { return f(ctx, r) }

func TestCustomModelAndPacing(t *testing.T) {
	var seen []TurnRequest
	m := modelFunc(func(_ context.Context, r TurnRequest) Reply {
		seen = append(seen, r) // turns of one run are sequential
		return Reply{Deltas: []string{"a", "b", "c"}, Slow: true, CostUSD: 0.02}
	})
	h := newHarness(t, WithModel(m), WithLimits(Limits{SlowDelta: time.Millisecond}))
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "hi", "contextRefs", []string{"doc-7"}), client.TypeCommandAccepted)
	v := h.settled(s, 1)
	if v.Usage.CostUSD != 0.02 || len(seen) != 1 || seen[0].ContextRefs[0] != "doc-7" || seen[0].Turn != 1 || seen[0].Text != "hi" {
		t.Fatalf("settled %+v, seen %+v", v, seen)
	}
	if tr := h.snapshot(ada, "demo", s).Transcript; tr[1].Text != "abc" {
		t.Fatalf("assistant text %q", tr[1].Text)
	}
}

func TestRootMount(t *testing.T) {
	h := newHarness(t, WithMount(""))
	r := h.doURL("POST", h.srv.URL+"/g/demo/sessions", ada, h.fields())
	if r.status != http.StatusCreated {
		t.Fatalf("create at the root: %s", r.raw)
	}
	h2 := newHarness(t)
	refused(t, h2.doURL("GET", h2.srv.URL+"/g/demo/sessions", ada, nil), client.CodeNotFound)
	refused(t, h2.doURL("GET", h2.srv.URL+client.DefaultMount+"x/g/demo/sessions", ada, nil), client.CodeNotFound)
}

func TestCloseEndsEverything(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	srv := NewServer(t, WithDeterministicIDs(), WithLimits(Limits{DeltaDelay: time.Millisecond}))
	hc := &http.Client{Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	h := &harness{t: t, srv: srv, hc: hc}
	s := h.create(ada, "demo").Session.SessionID
	st := h.openStream(ada, "demo", s, "0", "")
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	st.until(client.EvMessageDelta)
	// a long-poll waiting (or arriving) at Close answers at once
	polled := make(chan int, 1)
	go func() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", client.DefaultMount+"/g/demo/sessions/"+s+"/events?since=999&waitMs=30000", nil)
		req.Header.Set("Authorization", "Bearer ada-token")
		srv.ServeHTTP(rec, req)
		polled <- rec.Code
	}()
	srv.Close()
	for {
		if _, err := st.next(); err != nil {
			break
		}
	}
	st.close()
	if code := <-polled; code != http.StatusOK {
		t.Fatalf("long-poll at close: %d", code)
	}
	srv.Close() // idempotent
}
