package vehicletest

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

func TestBudgetGuard(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name   string
		kv     []any
		turns  int
		reason string
	}{
		{"default 12 turns", nil, 12, "maxTurns"},
		{"maxTurns 3", []any{"maxTurns", 3}, 3, "maxTurns"},
		{"maxCostUsd", []any{"maxCostUsd", 0.0025}, 3, "maxCostUsd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := h.create(ada, "demo", c.kv...).Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "#overrun #hold"), client.TypeCommandAccepted)
			ok(t, h.verb(ada, "demo", s, "follow_up", "text", "queued behind it"), client.TypeCommandAccepted)
			h.srv.Proceed(s)
			v := h.settled(s, 1)
			if !v.Aborted || v.Reason != "budget" || v.Usage.Turns != c.turns {
				t.Fatalf("settled %+v", v)
			}
			var b client.BudgetValue
			decodeEv(h.waitEvent(s, client.EvBudgetExceeded, 1), &b)
			if b.Reason != c.reason || b.Turns != c.turns {
				t.Fatalf("budget.exceeded %+v", b)
			}
			h.waitEvent(s, client.EvCommandCancelled, 1)
			h.waitEvent(s, client.EvCommandAborted, 1)
			snap := h.snapshot(ada, "demo", s)
			if len(snap.Queue) != 0 || snap.Session.Status != "idle" {
				t.Fatalf("after the guard: %+v", snap.Queue)
			}
		})
	}
}

func TestChimePolicies(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		policy string
		lease  bool
		want   string // the answer's type
		status string // pending | submitted
	}{
		{client.PolicyObserve, true, client.TypeChimeRejected, ""},
		{client.PolicyMute, true, client.TypeChimeRejected, ""},
		{client.PolicySuggest, true, client.TypeChimeAccepted, "pending"},
		{client.PolicyCoDrive, true, client.TypeChimeAccepted, "submitted"},
		{client.PolicyCoDrive, false, client.TypeChimeAccepted, "pending"},
	}
	for _, c := range cases {
		t.Run(c.policy, func(t *testing.T) {
			s := h.create(ada, "demo").Session.SessionID
			if c.policy != client.PolicySuggest {
				ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", c.policy), client.TypeRoomPolicy)
			}
			if !c.lease {
				ok(t, h.verb(ada, "demo", s, "release"), client.TypeDriverReleased)
			}
			r := h.verb(bo, "demo", s, "chime", "text", "try the barn")
			ok(t, r, c.want)
			var res client.ChimeResult
			r.decode(t, &res)
			if res.Status != c.status || (c.want == client.TypeChimeRejected && res.Reason == "") {
				t.Fatalf("chime answer %s", r.raw)
			}
			snap := h.snapshot(ada, "demo", s)
			pending := 0
			if c.status == "pending" {
				pending = 1
			}
			if len(snap.Chimes) != pending {
				t.Fatalf("pending chimes %+v", snap.Chimes)
			}
			if c.status == "submitted" {
				h.settled(s, 1)
				users := h.snapshot(ada, "demo", s).Transcript[0]
				if users.Text != "[Bo collaborator]\ntry the barn" || res.CommandID == "" {
					t.Fatalf("co-drive turn %+v %s", users, r.raw)
				}
			}
		})
	}
}

func TestChimeAcceptReject(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	chime := func(text string) string {
		r := h.verb(bo, "demo", s, "chime", "text", text)
		ok(t, r, client.TypeChimeAccepted)
		var res client.ChimeResult
		r.decode(t, &res)
		return res.ChimeID
	}
	c1, c2 := chime("first idea"), chime("second idea")
	// only the driver resolves chimes
	refused(t, h.verb(bo, "demo", s, "accept_chime", "chimeId", c1), client.CodeNotFound)
	refused(t, h.verb(ada, "demo", s, "accept_chime", "clientId", "c2", "chimeId", c1), client.CodeLeaseHeld)

	r := h.verb(ada, "demo", s, "accept_chime", "chimeId", c1)
	ok(t, r, client.TypeChimeAccepted)
	var res client.ChimeResult
	r.decode(t, &res)
	if res.ChimeID != c1 || res.CommandID == "" {
		t.Fatalf("accept: %s", r.raw)
	}
	r = h.verb(ada, "demo", s, "reject_chime", "chimeId", c2)
	ok(t, r, client.TypeChimeRejected)
	refused(t, h.verb(ada, "demo", s, "reject_chime", "chimeId", c2), client.CodeInvalidRequest)
	h.settled(s, 1)

	var resolved []client.ChimeResolvedValue
	for _, e := range h.srv.Events(s) {
		if e.Type == client.EvChimeResolved {
			var v client.ChimeResolvedValue
			decodeEv(e, &v)
			resolved = append(resolved, v)
		}
	}
	if len(resolved) != 2 || !resolved[0].Accepted || resolved[0].CommandID != res.CommandID || resolved[1].Accepted || resolved[1].By != "c1" {
		t.Fatalf("resolved %+v", resolved)
	}
	snap := h.snapshot(ada, "demo", s)
	if len(snap.Chimes) != 0 || !strings.HasPrefix(snap.Transcript[0].Text, "[Bo collaborator]\n") {
		t.Fatalf("after: %+v %+v", snap.Chimes, snap.Transcript)
	}
	// a chime accepted during a run becomes a follow_up
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	c3 := chime("third idea")
	ok(t, h.verb(ada, "demo", s, "accept_chime", "chimeId", c3), client.TypeChimeAccepted)
	snap = h.snapshot(ada, "demo", s)
	if len(snap.Queue) != 1 || snap.Queue[0].Op != "follow_up" {
		t.Fatalf("queue %+v", snap.Queue)
	}
	h.srv.Proceed(s)
	h.settled(s, 2)
}
