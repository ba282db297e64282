package vehicletest

import (
	"encoding/json"
	"maps"
	"net/http"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

func TestIdempotency(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	body := map[string]any{"requestId": "p1", "clientId": "c1", "text": "hello", "contextRefs": []string{"doc-1"}}
	first := h.do("POST", "/g/demo/sessions/"+s+"/prompt", ada, body)
	ok(t, first, client.TypeCommandAccepted)
	h.settled(s, 1)
	n := len(h.srv.Events(s))

	// the same body, keys in another order: the original frame, replayed
	again := h.do("POST", "/g/demo/sessions/"+s+"/prompt", ada,
		`{"text":"hello","contextRefs":["doc-1"],"clientId":"c1","requestId":"p1"}`)
	ok(t, again, client.TypeCommandAccepted)
	if !again.frame.Replayed || string(again.frame.Value) != string(first.frame.Value) || again.frame.RequestID != "p1" {
		t.Fatalf("replay: %s vs %s", again.raw, first.raw)
	}
	if len(h.srv.Events(s)) != n {
		t.Fatalf("a replay did something: %s", types(h.srv.Events(s)[n:]))
	}
	body["text"] = "something else"
	refused(t, h.do("POST", "/g/demo/sessions/"+s+"/prompt", ada, body), client.CodeRequestIDConflict)

	// a refusal is not remembered: after claiming, the same request succeeds
	ok(t, h.verb(ada, "demo", s, "release"), client.TypeDriverReleased)
	retry := map[string]any{"requestId": "p2", "clientId": "c1", "text": "again"}
	refused(t, h.do("POST", "/g/demo/sessions/"+s+"/prompt", ada, retry), client.CodeLeaseRequired)
	ok(t, h.verb(ada, "demo", s, "claim"), client.TypeDriverClaimed)
	r := h.do("POST", "/g/demo/sessions/"+s+"/prompt", ada, retry)
	ok(t, r, client.TypeCommandAccepted)
	if r.frame.Replayed {
		t.Fatal("a first success marked replayed")
	}

	// create is idempotent per principal
	cb := map[string]any{"requestId": "new-1", "clientId": "c1"}
	c1 := h.do("POST", "/g/demo/sessions", ada, cb)
	c2 := h.do("POST", "/g/demo/sessions", ada, cb)
	if c1.status != http.StatusCreated || c2.status != http.StatusCreated || !c2.frame.Replayed || string(c1.frame.Value) != string(c2.frame.Value) {
		t.Fatalf("create replay: %s / %s", c1.raw, c2.raw)
	}
	c3 := h.do("POST", "/g/demo/sessions", bo, cb)
	if c3.status != http.StatusCreated || c3.frame.Replayed {
		t.Fatalf("another principal's requestId is its own: %s", c3.raw)
	}
}

func TestPlainRun(t *testing.T) {
	h := newHarness(t, WithClock(newFakeClock().Now))
	s := h.create(ada, "demo").Session.SessionID
	r := h.verb(ada, "demo", s, "prompt", "text", "  hello there  ")
	ok(t, r, client.TypeCommandAccepted)
	var acc client.Accepted
	r.decode(t, &acc)
	if acc.CommandID != r.frame.RequestID || acc.Disposition != "started" || acc.Op != "prompt" {
		t.Fatalf("accepted: %s", r.raw)
	}
	v := h.settled(s, 1)
	if v.Aborted || v.Usage.Turns != 1 || v.Usage.CostUSD <= 0 {
		t.Fatalf("settled: %+v", v)
	}
	h.waitEvent(s, client.EvMirrorWritten, 1)
	want := "command.accepted run.started command.delivered message.completed message.completed " +
		"command.completed run.ended run.settled mirror.written"
	if got := types(h.srv.Events(s)[3:]); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	snap := h.snapshot(ada, "demo", s)
	if len(snap.Transcript) != 2 || snap.Transcript[0].Role != "user" || snap.Transcript[1].Role != "assistant" {
		t.Fatalf("transcript: %+v", snap.Transcript)
	}
	if snap.Session.Preview != "hello there" || snap.Session.Status != "idle" || snap.Session.Turns != 1 {
		t.Fatalf("summary: %+v", snap.Session)
	}
	if snap.Commands[0].Status != client.StatusCompleted || snap.Mirror.State != "written" || snap.Mirror.Folder != mirrorFolder {
		t.Fatalf("commands/mirror: %+v %+v", snap.Commands, snap.Mirror)
	}
	var m client.MessageValue
	decodeEv(h.waitEvent(s, client.EvMessageCompleted, 2), &m)
	if m.Role != "assistant" || m.MessageID == "" || m.Usage == nil || m.Text == "" {
		t.Fatalf("assistant message: %+v", m)
	}
}

func TestToolPaths(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		text    string
		isError bool
		args    string
	}{{"find cows #tool", false, `{"query":"find cows","limit":5}`}, {"open it #toolerror", true, `{"documentId":"doc-404"}`}}
	for i, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			s := h.create(ada, "demo").Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", c.text), client.TypeCommandAccepted)
			if v := h.settled(s, 1); v.Usage.Turns != 2 {
				t.Fatalf("turns %d", v.Usage.Turns)
			}
			var tr client.ToolValue
			decodeEv(h.waitEvent(s, client.EvToolResult, 1), &tr)
			if tr.IsError != c.isError || tr.ToolName == "" {
				t.Fatalf("tool result %+v", tr)
			}
			snap := h.snapshot(ada, "demo", s)
			roles := ""
			for _, it := range snap.Transcript {
				roles += it.Role + " "
			}
			if roles != "user assistant toolResult assistant " || snap.Transcript[2].IsError != c.isError {
				t.Fatalf("case %d transcript: %s", i, roles)
			}
			if len(snap.Transcript[1].ToolCalls) != 1 || snap.Transcript[1].ToolCalls[0].Arguments != c.args {
				t.Fatalf("tool calls: %+v; want the arguments %s", snap.Transcript[1], c.args)
			}
		})
	}
}

func TestFail(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#fail please"), client.TypeCommandAccepted)
	v := h.settled(s, 1)
	if v.Aborted || v.Reason != "error" {
		t.Fatalf("settled %+v", v)
	}
	var c client.CommandValue
	decodeEv(h.waitEvent(s, client.EvCommandFailed, 1), &c)
	if c.Error == "" {
		t.Fatal("command.failed without an error")
	}
	h.waitEvent(s, client.EvRunError, 1)
}

func TestHoldLifecycle(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	accept := func(op, text string) client.Accepted {
		t.Helper()
		r := h.verb(ada, "demo", s, op, "text", text)
		ok(t, r, client.TypeCommandAccepted)
		var a client.Accepted
		r.decode(t, &a)
		return a
	}
	if a := accept("prompt", "wait for me #hold"); a.Disposition != "started" {
		t.Fatalf("prompt: %+v", a)
	}
	if a := accept("follow_up", "then this"); a.Disposition != "queued" || a.Status != "queued" {
		t.Fatalf("follow_up: %+v", a)
	}
	if a := accept("prompt", "and this"); a.Disposition != "queued" {
		t.Fatalf("prompt during a run: %+v", a)
	}
	if a := accept("steer", "turn left"); a.Disposition != "handled" {
		t.Fatalf("steer: %+v", a)
	}
	snap := h.snapshot(ada, "demo", s)
	if snap.Session.Status != "running" || len(snap.Queue) != 2 {
		t.Fatalf("running snapshot: %+v %+v", snap.Session.Status, snap.Queue)
	}
	refused(t, h.do("DELETE", "/g/demo/sessions/"+s+"?requestId=d1&clientId=c1", ada, nil), client.CodeSessionRunning)

	// cancel the queued prompt; the steer is not cancellable
	third := snap.Queue[1].CommandID
	r := h.verb(ada, "demo", s, "cancel", "commandId", third)
	ok(t, r, client.TypeCommandCancelled)
	refused(t, h.verb(ada, "demo", s, "cancel", "commandId", snap.Commands[0].CommandID), client.CodeInvalidRequest)
	refused(t, h.verb(ada, "demo", s, "cancel", "commandId", "nope"), client.CodeInvalidRequest)

	if !h.srv.Proceed(s) {
		t.Fatal("Proceed found no run")
	}
	v := h.settled(s, 1)
	if v.Aborted || v.Usage.Turns != 3 {
		t.Fatalf("one run absorbs the steer and the follow-up: %+v", v)
	}
	snap = h.snapshot(ada, "demo", s)
	statuses := map[string]int{}
	for _, c := range snap.Commands {
		statuses[c.Op+":"+c.Status]++
	}
	want := map[string]int{"prompt:completed": 1, "follow_up:completed": 1, "prompt:cancelled": 1, "steer:completed": 1}
	if !maps.Equal(statuses, want) {
		t.Fatalf("statuses %v", statuses)
	}
	users := 0
	for _, it := range snap.Transcript {
		if it.Role == "user" {
			users++
		}
	}
	if users != 3 || h.srv.Proceed(s) {
		t.Fatalf("user turns %d", users)
	}
}

func TestAbortLeavesTheQueue(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	ok(t, h.verb(ada, "demo", s, "follow_up", "text", "after the abort"), client.TypeCommandAccepted)
	r := h.verb(ada, "demo", s, "abort")
	ok(t, r, client.TypeCommandAccepted)
	// the answer comes once the run has settled
	evs := h.srv.Events(s)
	if typesOf(evs, client.EvRunSettled) == "" {
		t.Fatalf("abort answered before the run settled: %s", types(evs))
	}
	var v client.RunSettledValue
	decodeEv(h.waitEvent(s, client.EvRunSettled, 1), &v)
	if !v.Aborted || v.Reason != "aborted" {
		t.Fatalf("settled %+v", v)
	}
	h.waitEvent(s, client.EvCommandAborted, 1)
	// the queued follow-up runs next, in a new run
	if v := h.settled(s, 2); v.Aborted {
		t.Fatalf("second run %+v", v)
	}
	if got := typesOf(h.srv.Events(s), client.EvRunStarted); got != "run.started run.started" {
		t.Fatalf("runs: %s", got)
	}
	snap := h.snapshot(ada, "demo", s)
	for _, c := range snap.Commands {
		if c.Op == "abort" && c.Status != client.StatusCompleted {
			t.Fatalf("abort command %+v", c)
		}
	}
	// abort while idle is accepted and does nothing
	ok(t, h.verb(ada, "demo", s, "abort"), client.TypeCommandAccepted)
}

func TestShutdown(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	ok(t, h.verb(ada, "demo", s, "follow_up", "text", "never"), client.TypeCommandAccepted)
	r := h.verb(ada, "demo", s, "shutdown")
	ok(t, r, client.TypeClosed)
	var c client.Closed
	r.decode(t, &c)
	if c.Reason != "shutdown" || c.SessionID != s {
		t.Fatalf("closed: %s", r.raw)
	}
	snap := h.snapshot(ada, "demo", s)
	if snap.Session.Body != "dormant" || snap.Session.Status != "idle" || len(snap.Queue) != 0 {
		t.Fatalf("after shutdown: %+v", snap.Session)
	}
	evs := h.srv.Events(s)
	if evs[len(evs)-1].Type != client.EvSessionShutdown {
		t.Fatalf("events: %s", types(evs))
	}
	// the next command brings the body back
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "again"), client.TypeCommandAccepted)
	h.settled(s, 2)
	if got := typesOf(h.srv.Events(s), client.EvBodyMaterialized); got != "body.materialized body.materialized" {
		t.Fatalf("materialized: %s", got)
	}
	raw, _ := json.Marshal(h.snapshot(ada, "demo", s).Commands)
	t.Logf("commands: %s", raw)
}
