package panes

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The panes in the states the root's flows end in (tui's TestQueue,
// TestRoom, TestLease, ...), drawn here from what the root tells them:
// each golden is a screen's panes, one under another, at the sizes the
// layout gives them at 80x24. The root's tests read the same goldens at
// the end of their flows (tui's drawnAs).

// me is the context the root's tests draw with: Ada on terminal cli-me.
func me() *ui.Context {
	ctx := uitest.Context()
	ctx.ClientID = "cli-me"
	return ctx
}

// golden compares the panes drawn, without styling, one under another,
// with testdata/<Test>/<case>.golden.
func golden(t *testing.T, views ...string) {
	t.Helper()
	var out []string
	for _, v := range views {
		if v == "" {
			continue
		}
		for _, l := range strings.Split(xansi.Strip(v), "\n") {
			out = append(out, strings.TrimRight(l, " "))
		}
	}
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), strings.Join(out, "\n")+"\n", *update)
}

// ev is an event of s1 numbered seq, its value v as JSON.
func ev(seq int64, typ, v string) wire.Event {
	return wire.Event{Protocol: wire.Protocol, Type: typ, Seq: seq, SessionID: "s1",
		At: uitest.Now.Add(time.Duration(seq) * time.Second).Format(time.RFC3339), Value: json.RawMessage(v)}
}

// state is session s1 as Ada's terminal cli-me folds it: its snapshot with
// the lease l, then evs.
func state(l *wire.Lease, evs ...wire.Event) *wire.State {
	st := wire.NewState(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, uitest.Snapshot(l))
	for _, e := range evs {
		st.Apply(e)
	}
	return st
}

// The leases the flows start from: this terminal's, the person's other
// terminal's, another person's.
var (
	mine   = uitest.Lease("user:ada", "cli-me")
	other  = uitest.Lease("user:ada", "cli-other")
	bo     = uitest.Lease("user:bo", "cli-bo")
	live   = Conn{State: wire.ConnState{Mode: wire.ConnStreaming}}
	runs   = ev(5, wire.EvRunStarted, `{"runId":"r1"}`)
	driver = Driver{Rel: wire.LeaseMyOtherClient}
)

// statusLine is the status line at 80 cells.
func statusLine(v StatusView) string {
	p := NewStatus(me())
	p.Set(v)
	p.SetSize(80, 1)
	return p.View()
}

// idle is the status of session s1 open and idle, its budget shown there
// (the run's line shows it while a run is under way), saying note.
func idle(st *wire.State, note string) StatusView {
	return StatusView{Conn: live, State: st, Note: note, Budget: true}
}

// leaseOf is the lease line at 80 cells as the root tells it what st says
// (watching: this terminal watches).
func leaseOf(st *wire.State, watching bool) string {
	p := NewLease(me())
	rel, holder := st.LeaseAt(uitest.Now)
	policy := st.Session.RoomPolicy
	if policy == "" {
		policy = wire.DefaultRoomPolicy
	}
	p.Set(LeaseView{Known: true, Rel: rel, Holder: holder, Revoked: st.Revoked, Watching: watching, Policy: policy})
	p.SetSize(80, 1)
	return p.View()
}

// TestStatusLineDrawn is the status line of tui's TestStatusLine: the
// connection as it changes, the run and its budget, an error with its code.
func TestStatusLineDrawn(t *testing.T) {
	t.Parallel()
	conn := func(states ...wire.ConnState) Conn {
		c := live
		for _, s := range states {
			c.Update(s)
		}
		return c
	}
	running := state(mine, runs, ev(6, wire.EvMessageCompleted,
		`{"entryId":"e7","role":"assistant","text":"ok","usage":{"turns":1,"costUsd":0.0012},"timestamp":"2026-10-14T09:31:00Z"}`))
	settled := state(mine, runs, ev(6, wire.EvRunSettled, `{"runId":"r1","aborted":false,"usage":{"turns":3,"costUsd":0.003}}`))
	closed := conn(wire.ConnState{Mode: wire.ConnClosed})
	cases := map[string]StatusView{
		"reconnecting": {Conn: conn(wire.ConnState{Mode: wire.ConnReconnecting, Attempt: 2}), State: state(mine), Budget: true},
		"resumed": {Conn: conn(wire.ConnState{Mode: wire.ConnReconnecting, Attempt: 1},
			wire.ConnState{Mode: wire.ConnStreaming, Replayed: 7}), State: state(mine), Budget: true},
		"run and budget":      {Conn: live, State: running},
		"settled":             idle(settled, ""),
		"error with its code": {Conn: live, State: state(mine), Err: "lease_required: claim the lease first", Budget: true},
		"stream ended":        {Conn: closed, State: state(mine), Err: "unauthenticated: the token was revoked", Budget: true},
		"session deleted":     {Conn: closed, State: state(mine), Budget: true},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, statusLine(v)) })
	}
}

// TestComposerDrawn is the status line under tui's TestComposer: a send on
// its way and its answers, the run, the editor.
func TestComposerDrawn(t *testing.T) {
	t.Parallel()
	running := state(mine, runs)
	queued := state(mine, runs, ev(6, wire.EvQueueUpdated, `{"queue":[{"commandId":"c2","op":"follow_up"}]}`))
	cases := map[string]StatusView{
		"empty":                       idle(state(mine), ""),
		"multi-line":                  idle(state(mine), ""),
		"sending":                     idle(state(mine), "sending…"),
		"sent":                        idle(state(mine), ""),
		"refused send keeps the text": {Conn: live, State: state(mine), Err: "lease_held: another client holds the lease (ctrl+t takes over)", Budget: true},
		"running":                     {Conn: live, State: running},
		"queued follow-up":            {Conn: live, State: queued, Note: "queued as a follow-up"},
		"steered":                     {Conn: live, State: running, Note: "steered the run"},
		"aborting":                    {Conn: live, State: running, Note: "aborting…"},
		"editor hands the draft back": idle(state(mine), ""),
		"editor failed":               {Conn: live, State: state(mine), Err: "the editor nano failed (exit status 1); set $EDITOR to one that works", Budget: true},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, statusLine(v)) })
	}
}

// TestSelectionDrawn is the status line under tui's TestSelection: the
// entries pane's keys, a copy, a fork, the mouse given to the terminal.
func TestSelectionDrawn(t *testing.T) {
	t.Parallel()
	forked := wire.NewState(wire.Me{Principal: "user:ada", ClientID: "cli-me"},
		&wire.Snapshot{Session: uitest.Summary("s2", "", uitest.Now, mine)})
	cases := map[string]StatusView{
		"entry selected": {Conn: live, State: state(mine), Budget: true,
			Hint: "entries: ↑↓ select · y↵ copies · f↵ forks before · esc back"},
		"copied":                 idle(state(mine), "sent the entry to the terminal as OSC 52 (16 characters): the clipboard, if it allows"),
		"fork with selectedText": idle(forked, "forked as s2: the message is back in the composer"),
		"mouse off": {Conn: live, State: state(mine), Budget: true, MouseOff: true,
			Note: "your terminal selects text now · f2 gives the mouse back"},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, statusLine(v)) })
	}
}

// TestDeleteOutcomeDrawn is the picker's status line after a delete, under
// tui's TestDeleteOutcome.
func TestDeleteOutcomeDrawn(t *testing.T) {
	t.Parallel()
	deleted := "deleted “Leases and takeovers”"
	cases := map[string]StatusView{
		"with a mirror":      {Note: deleted, Budget: true},
		"mirror not trashed": {Note: deleted + ": its mirrored document is not in the Trash", Budget: true},
		"without a mirror":   {Note: deleted, Budget: true},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, statusLine(v)) })
	}
}

// TestLeaseDrawn is the lease line of tui's TestLease: every relation, the
// offer, a takeover either way, watching.
func TestLeaseDrawn(t *testing.T) {
	t.Parallel()
	revoked := ev(5, wire.EvLeaseRevoked, `{"clientId":"cli-me","by":"cli-other","reason":"takeover"}`)
	claimed := ev(6, wire.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-other","expiresAt":"2026-10-14T10:31:00Z"}`)
	tookOver := []wire.Event{ev(5, wire.EvLeaseRevoked, `{"clientId":"cli-other","by":"cli-me","reason":"takeover"}`),
		ev(6, wire.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-me","expiresAt":"2026-10-14T10:30:00Z"}`)}
	cases := []struct {
		name     string
		st       *wire.State
		watching bool
		watch    bool // this terminal only watches (vehicle watch)
	}{
		{"this terminal", state(mine), false, false},
		{"offer", state(other), true, false},
		{"chose to watch", state(other), true, false},
		{"watching, enter offers the take-over", state(other), true, false},
		{"took over", state(other, tookOver...), false, false},
		{"someone else drives", state(bo), true, false},
		{"nobody drives", state(nil), false, false},
		{"taken over", state(mine, revoked, claimed), false, false},
		{"taken over, then that terminal left", state(mine, revoked, claimed, ev(7, wire.EvLeaseReleased, `{"clientId":"cli-other"}`)), false, false},
		{"expired", state(mine, ev(5, wire.EvLeaseExpired, `{"clientId":"cli-me"}`)), false, false},
		{"watch read-only", state(other), true, true},
		{"watch read-only with another driver", state(bo), true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := me()
			ctx.Watch = c.watch
			p := NewLease(ctx)
			rel, holder := c.st.LeaseAt(uitest.Now)
			p.Set(LeaseView{Known: true, Rel: rel, Holder: holder, Revoked: c.st.Revoked, Watching: c.watching, Policy: wire.DefaultRoomPolicy})
			p.SetSize(80, 1)
			golden(t, p.View())
		})
	}
}

// TestQueueDrawn is the queue lane and the status line of tui's TestQueue:
// a follow-up queued, a steer waiting, the lane focused, a queued one
// cancelled or its cancel refused, and esc ending the run with a queue.
func TestQueueDrawn(t *testing.T) {
	t.Parallel()
	then := LaneItem{CommandID: "c2", Op: wire.OpFollowUp, Text: "and then this"}
	queue := func(q string) *wire.State {
		return state(mine, runs, ev(6, wire.EvQueueUpdated, `{"queue":`+q+`}`))
	}
	one := queue(`[{"commandId":"c2","op":"follow_up"}]`)
	settled := state(mine, runs, ev(6, wire.EvQueueUpdated, `{"queue":[{"commandId":"c2","op":"follow_up"}]}`),
		ev(10, wire.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"aborted","usage":{"turns":1,"costUsd":0.001}}`))
	cases := []struct {
		name    string
		items   []LaneItem
		focused bool
		status  StatusView
	}{
		{"lane", []LaneItem{then}, false, StatusView{Conn: live, State: one, Note: "queued as a follow-up"}},
		{"steer waiting", []LaneItem{then, {CommandID: "c4", Op: wire.OpFollowUp}, {CommandID: "c3", Op: wire.OpSteer}}, false,
			StatusView{Conn: live, State: queue(`[{"commandId":"c2","op":"follow_up"},{"commandId":"c4","op":"follow_up"}]`),
				Note: "queued as a follow-up"}},
		{"lane focused", []LaneItem{then}, true, StatusView{Conn: live, State: one}},
		{"queued item cancelled", nil, false, StatusView{Conn: live, State: queue(`[]`), Note: "cancelled “and then this”"}},
		{"cancel refused", []LaneItem{then}, false,
			StatusView{Conn: live, State: one, Err: `invalid_request: command "c2" is delivered, not queued`}},
		{"esc with a queue", []LaneItem{then}, false, StatusView{Conn: live, State: settled, Budget: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := NewQueue(me())
			q.Set(QueueView{Items: c.items, Driving: true})
			q.SetSize(80, 4)
			q.SetFocused(c.focused)
			if c.focused {
				c.status.Hint = q.Hint()
			}
			golden(t, q.View(), statusLine(c.status))
		})
	}
}

// TestVisitDrawn is the status line of tui's TestVisit: no session of the
// person's open, what the room did with a chime, or the host's refusal.
func TestVisitDrawn(t *testing.T) {
	t.Parallel()
	cases := map[string]StatusView{
		"start":               {Note: "chiming into s1", Budget: true},
		"pending":             {Note: "sent at 09:30 · held for the driver to decide · its outcome is not visible from here: only the session's owner reads it", Budget: true},
		"submitted":           {Note: "went in at once (co-drive) at 09:30", Budget: true},
		"refused by the room": {Note: "refused at 09:30: the room was in observe mode · your text is back in the composer", Budget: true},
		"not found":           {Err: "not_found: session s1 not found (or you have no role on its graph)", Budget: true},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, statusLine(v)) })
	}
}
