package vehicletest

import (
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// onHold returns a channel that gets a session id each time a run starts
// holding (#hold).
func (h *harness) onHold() <-chan string {
	ch := make(chan string, 16)
	h.srv.mu.Lock()
	h.srv.holdHook = func(id string) {
		select {
		case ch <- id:
		default: // nobody waits for this one
		}
	}
	h.srv.mu.Unlock()
	return ch
}

// waitHold waits until a run of the session holds.
func waitHold(t *testing.T, ch <-chan string, id string) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case got := <-ch:
			if got == id {
				return
			}
		case <-deadline:
			t.Fatalf("session %s never held", id)
		}
	}
}

func TestAgentBodyExits(t *testing.T) {
	h := newHarness(t)
	held := h.onHold()
	s := h.create(ada, "demo", "profile", "agent").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold build it"), client.TypeCommandAccepted)
	ok(t, h.verb(ada, "demo", s, "follow_up", "text", "then test it"), client.TypeCommandAccepted)
	waitHold(t, held, s)

	var stderr strings.Builder
	for i := 1; i <= 200; i++ {
		stderr.WriteString("line " + strings.Repeat("x", 20) + " " + time.Duration(i).String() + "\n")
	}
	stderr.WriteString("FATAL: out of memory\n")
	code := 137
	if !h.srv.ExitBody(s, BodyExit{Code: &code, Stderr: stderr.String()}) {
		t.Fatal("ExitBody refused a live agent body")
	}
	var ex client.BodyValue
	decodeEv(h.waitEvent(s, client.EvBodyExited, 1), &ex)
	if ex.Code == nil || *ex.Code != 137 || !strings.HasSuffix(ex.StderrTail, "FATAL: out of memory\n") ||
		strings.HasPrefix(ex.StderrTail, "line xxxxxxxxxxxxxxxxxxxx 1ns\n") || len(ex.StderrTail) > stderrTailBytes ||
		!strings.HasPrefix(ex.StderrTail, "line ") {
		t.Fatalf("body.exited %+v (tail %d bytes)", ex, len(ex.StderrTail))
	}
	if v := h.settled(s, 1); !v.Aborted || v.StopReason != "body_exited" {
		t.Fatalf("run.settled %+v", v)
	}
	var st struct {
		CommandIDs []string `json:"commandIds"`
		Reason     string   `json:"reason"`
	}
	decodeEv(h.waitEvent(s, client.EvQueueStranded, 1), &st)
	if len(st.CommandIDs) != 1 || st.Reason == "" {
		t.Fatalf("queue.stranded %+v", st)
	}
	snap := h.snapshot(ada, "demo", s)
	if snap.Session.Body != "dormant" || snap.Session.Status != "idle" || len(snap.Queue) != 0 {
		t.Fatalf("after the exit: %+v queue %v", snap.Session, snap.Queue)
	}
	for _, c := range snap.Commands {
		if c.Status != client.StatusFailed || !strings.Contains(c.Error, "code 137") {
			t.Fatalf("command after the exit: %+v", c)
		}
	}
	if h.srv.ExitBody(s, BodyExit{Code: &code}) {
		t.Fatal("a dormant body exited again")
	}
	// the next command materializes a new body
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "again"), client.TypeCommandAccepted)
	if v := h.settled(s, 2); v.Aborted {
		t.Fatalf("the new body's run %+v", v)
	}
	if got := typesOf(h.srv.Events(s), client.EvBodyMaterialized, client.EvBodyExited); got != "body.materialized body.exited body.materialized" {
		t.Fatalf("bodies: %s", got)
	}
	chat := h.create(ada, "demo").Session.SessionID
	if h.srv.ExitBody(chat, BodyExit{Code: &code}) {
		t.Fatal("a chat body exited: it lives in the host's process")
	}
}

func TestScriptedBodyExits(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		text, code, signal string
	}{{"#crash now", "1", ""}, {"#kill now", "", "SIGKILL"}}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			s := h.create(ada, "demo", "profile", "agent").Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", c.text), client.TypeCommandAccepted)
			if v := h.settled(s, 1); !v.Aborted || v.StopReason != "body_exited" {
				t.Fatalf("run.settled %+v", v)
			}
			var ex client.BodyValue
			decodeEv(h.waitEvent(s, client.EvBodyExited, 1), &ex)
			code := ""
			if ex.Code != nil {
				code = "1"
			}
			if code != c.code || ex.Signal != c.signal || ex.StderrTail == "" {
				t.Fatalf("body.exited %+v", ex)
			}
		})
	}
	chat := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", chat, "prompt", "text", "#crash"), client.TypeCommandAccepted)
	h.waitEvent(chat, client.EvRunError, 1)
	if got := typesOf(h.srv.Events(chat), client.EvBodyExited); got != "" {
		t.Fatalf("a chat body exited: %s", types(h.srv.Events(chat)))
	}
}

func TestBodyEvents(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo", "profile", "agent").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#retry #compact #notice #exterror hello"), client.TypeCommandAccepted)
	h.settled(s, 1)
	want := "message.completed retry.started retry.started compaction.started compaction.ended body.notice extension.error message.completed"
	got := typesOf(h.srv.Events(s), client.EvRetryStarted, client.EvCompactionStarted, client.EvCompactionEnded,
		client.EvBodyNotice, client.EvExtensionError, client.EvMessageCompleted)
	if !strings.HasPrefix(got, want) {
		t.Fatalf("before the turn: %s\nwant %s", got, want)
	}
	if !h.srv.Notice(s, "hello from pi-sophia") || !h.srv.ExtensionError(s, "pi-sophia", "boom") || !h.srv.Compaction(s, "overflow") {
		t.Fatal("a control refused a live body")
	}
	var n client.BodyValue
	decodeEv(h.waitEvent(s, client.EvBodyNotice, 2), &n)
	if n.Message != "hello from pi-sophia" {
		t.Fatalf("body.notice %+v", n)
	}
	if !h.srv.IdleBody(s) {
		t.Fatal("IdleBody refused an idle live body")
	}
	h.waitEvent(s, client.EvBodyDormant, 1)
	if h.snapshot(ada, "demo", s).Session.Body != "dormant" || h.srv.IdleBody(s) || h.srv.Notice(s, "x") {
		t.Fatal("a dormant body took a control")
	}
}

func TestAbortSlow(t *testing.T) {
	clk := NewManualClock(time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC))
	h := newHarness(t, WithManualClock(clk))
	held := h.onHold()
	for _, stubborn := range []bool{true, false} {
		s := h.create(ada, "demo").Session.SessionID
		text := "#hold wait"
		if stubborn {
			text += " #stubborn"
		}
		ok(t, h.verb(ada, "demo", s, "prompt", "text", text), client.TypeCommandAccepted)
		waitHold(t, held, s)
		done := make(chan resp, 1)
		go func() { done <- h.verb(ada, "demo", s, "abort") }()
		h.waitEvent(s, client.EvCommandAccepted, 2) // the abort is in: its timer is armed
		if !stubborn {
			r := <-done
			ok(t, r, client.TypeCommandAccepted)
		}
		clk.Advance(5 * time.Second)
		slow := typesOf(h.srv.Events(s), client.EvAbortSlow)
		if stubborn != (slow == client.EvAbortSlow) {
			t.Fatalf("stubborn %v: abort.slow %q; log %s", stubborn, slow, types(h.srv.Events(s)))
		}
		if stubborn {
			var v struct {
				RunID    string `json:"runId"`
				WaitedMs int64  `json:"waitedMs"`
			}
			decodeEv(h.waitEvent(s, client.EvAbortSlow, 1), &v)
			if v.RunID == "" || v.WaitedMs != 5000 {
				t.Fatalf("abort.slow %+v", v)
			}
			h.srv.Proceed(s)
			ok(t, <-done, client.TypeCommandAccepted)
		}
		if v := h.settled(s, 1); !v.Aborted {
			t.Fatalf("run.settled %+v", v)
		}
	}
}

func TestMirrorFailure(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	h.srv.FailMirror("write_document failed: gardend answered 502")
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "hi"), client.TypeCommandAccepted)
	h.settled(s, 1)
	var mf client.MirrorValue
	decodeEv(h.waitEvent(s, client.EvMirrorFailed, 1), &mf)
	m := h.snapshot(ada, "demo", s).Mirror
	if mf.Message == "" || mf.DocumentID == "" || m.State != "failed" || m.Error != mf.Message {
		t.Fatalf("mirror.failed %+v, inspect %+v", mf, m)
	}
	h.srv.FailMirror("")
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "again"), client.TypeCommandAccepted)
	h.settled(s, 2)
	var mw client.MirrorValue
	decodeEv(h.waitEvent(s, client.EvMirrorWritten, 1), &mw)
	if m := h.snapshot(ada, "demo", s).Mirror; !mw.Created || m.State != "written" || m.Error != "" {
		t.Fatalf("the retried write: %+v, inspect %+v", mw, m)
	}
	// the scripted model fails the write of one run
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#mirrorfail"), client.TypeCommandAccepted)
	h.settled(s, 3)
	if m := h.snapshot(ada, "demo", s).Mirror; m.State != "failed" || m.Error == "" {
		t.Fatalf("after #mirrorfail: %+v", m)
	}
}

// TestIdleBodyIsDisposed checks Limits.BodyIdle: a body idle that long on
// the host's clock goes dormant; a run keeps it live, and the next command
// materializes it again.
func TestIdleBodyIsDisposed(t *testing.T) {
	clk := NewManualClock(time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC))
	h := newHarness(t, WithManualClock(clk), WithLimits(Limits{BodyIdle: time.Minute, LeaseTTL: time.Hour}))
	held := h.onHold()
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	waitHold(t, held, s)
	clk.Advance(2 * time.Minute) // a run under way keeps the body
	if got := typesOf(h.srv.Events(s), client.EvBodyDormant); got != "" {
		t.Fatalf("disposed during a run: %s", types(h.srv.Events(s)))
	}
	h.srv.Proceed(s)
	h.settled(s, 1)
	clk.Advance(59 * time.Second)
	if got := typesOf(h.srv.Events(s), client.EvBodyDormant); got != "" {
		t.Fatalf("disposed before its idle time: %s", types(h.srv.Events(s)))
	}
	clk.Advance(time.Second)
	h.waitEvent(s, client.EvBodyDormant, 1)
	if b := h.snapshot(ada, "demo", s).Session.Body; b != "dormant" {
		t.Fatalf("body %q after its idle time", b)
	}
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "again"), client.TypeCommandAccepted)
	h.settled(s, 2)
	if got := typesOf(h.srv.Events(s), client.EvBodyMaterialized, client.EvBodyDormant); got != "body.materialized body.dormant body.materialized" {
		t.Fatalf("bodies: %s", got)
	}
}
