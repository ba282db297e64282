package vehicletest

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// live reports whether a session's body is live.
func (h *harness) live(id string) bool {
	h.srv.mu.Lock()
	defer h.srv.mu.Unlock()
	return h.srv.sessions[id].live
}

func lastType(evs []client.Event) string {
	if len(evs) == 0 {
		return ""
	}
	return evs[len(evs)-1].Type
}

func TestDropDelegation(t *testing.T) {
	people := DefaultPeople()
	people[0].Roles["other"] = RoleEditor // ada reaches graph "other" too
	h := newHarness(t, WithPeople(people...))
	h.srv.WithholdDelegation(true) // the owner's commands bring no token
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "hello"), client.TypeCommandAccepted)
	h.settled(s, 1)
	if h.srv.DropDelegation("no-such-session") {
		t.Fatal("an unknown session was revived")
	}
	if !h.srv.DropDelegation(s) || lastType(h.srv.Events(s)) != client.EvSessionRevived || h.live(s) {
		t.Fatalf("after DropDelegation: %s", types(h.srv.Events(s)))
	}
	body := h.fields("requestId", "p-1", "text", "are you there?")
	path := "/g/demo/sessions/" + s + "/prompt"
	refused(t, h.do("POST", path, ada, body), client.CodeDelegationRequired)
	for _, op := range []string{"follow_up", "steer"} {
		refused(t, h.verb(ada, "demo", s, op, "text", "x"), client.CodeDelegationRequired)
	}
	// neither another person on the graph, nor the owner on another graph or
	// with no graph, nor a refused command hands the owner's token over
	h.do("GET", "/g/demo/sessions", bo, nil)
	h.do("GET", "/g/other/sessions", ada, nil)
	h.do("GET", "/account", ada, nil)
	refused(t, h.do("POST", path, ada, body), client.CodeDelegationRequired)
	if h.live(s) || lastType(h.srv.Events(s)) != client.EvSessionRevived {
		t.Fatalf("a refused command started the body: %s", types(h.srv.Events(s)))
	}
	// any other request of the owner on the graph does: here a claim (a renewal)
	ok(t, h.verb(ada, "demo", s, "claim"), client.TypeDriverClaimed)
	r := h.do("POST", path, ada, body)
	ok(t, r, client.TypeCommandAccepted)
	if r.frame.Replayed {
		t.Fatal("the refusals were remembered")
	}
	h.settled(s, 2)
}

func TestDelegationRestoredByOwnerRequests(t *testing.T) {
	cases := []struct {
		name, method, path string
	}{
		{"list", http.MethodGet, "/g/demo/sessions"},
		{"inspect", http.MethodGet, "/g/demo/sessions/{s}"},
		{"watch", http.MethodGet, "/g/demo/sessions/{s}/events?since=0"},
		{"capsule", http.MethodGet, "/g/demo/sessions/{s}/capsule"},
		{"another session of the owner", http.MethodGet, "/g/demo/sessions/{t}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.WithholdDelegation(true)
			s := h.create(ada, "demo").Session.SessionID
			other := h.create(ada, "demo").Session.SessionID
			h.srv.DropDelegation(s)
			refused(t, h.verb(ada, "demo", s, "prompt", "text", "hi"), client.CodeDelegationRequired)
			path := strings.NewReplacer("{s}", s, "{t}", other).Replace(c.path)
			if r := h.do(c.method, path, ada, nil); r.status != http.StatusOK {
				t.Fatalf("%s: %d %s", path, r.status, r.raw)
			}
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "hi"), client.TypeCommandAccepted)
			h.settled(s, 1)
		})
	}
}

func TestDropDelegationDuringARun(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold wait"), client.TypeCommandAccepted)
	ok(t, h.verb(ada, "demo", s, "follow_up", "text", "queued"), client.TypeCommandAccepted)
	h.waitEvent(s, client.EvMessageCompleted, 1)
	h.srv.DropDelegation(s)
	got := typesOf(h.srv.Events(s), client.EvCommandInterrupted, client.EvSessionRevived, client.EvRunEnded, client.EvRunSettled)
	if got != "command.interrupted command.interrupted session.revived" {
		t.Fatalf("after DropDelegation during a run: %s", got)
	}
	snap := h.snapshot(ada, "demo", s) // the owner's inspect hands a token over
	if snap.Session.Status != "idle" || snap.Session.Body != "dormant" || snap.Session.Lease == nil || snap.Session.Lease.ClientID != "c1" {
		t.Fatalf("after DropDelegation: %+v", snap.Session)
	}
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "carry on"), client.TypeCommandAccepted)
	h.settled(s, 1)
}

func TestDelegationAndChimes(t *testing.T) {
	h := newHarness(t)
	h.srv.WithholdDelegation(true)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", client.PolicyCoDrive), client.TypeRoomPolicy)
	h.srv.DropDelegation(s)
	// a co-drive chime that would start the body with no token waits for the driver
	r := h.verb(bo, "demo", s, "chime", "text", "look there")
	ok(t, r, client.TypeChimeAccepted)
	var ch client.ChimeResult
	r.decode(t, &ch)
	if ch.Status != "pending" || ch.CommandID != "" || h.live(s) {
		t.Fatalf("co-drive chime with no token: %s", r.raw)
	}
	accept := h.fields("requestId", "acc-1", "chimeId", ch.ChimeID)
	path := "/g/demo/sessions/" + s + "/accept_chime"
	refused(t, h.do("POST", path, ada, accept), client.CodeDelegationRequired)
	ok(t, h.verb(ada, "demo", s, "claim"), client.TypeDriverClaimed)
	ok(t, h.do("POST", path, ada, accept), client.TypeChimeAccepted)
	h.settled(s, 1)
}

func TestDropDelegationKeepsTheModelKey(t *testing.T) {
	h := newPublic(t)
	h.srv.WithholdDelegation(true)
	s := h.create(visitor, "pub").Session.SessionID
	h.srv.DropDelegation(s)
	refused(t, h.verb(visitor, "pub", s, "prompt", "text", "hi"), client.CodeDelegationRequired)
	noKey := hdr{visitor: visitor.visitor}
	h.snapshot(noKey, "pub", s)
	ok(t, h.verb(noKey, "pub", s, "prompt", "text", "hi"), client.TypeCommandAccepted)
	h.settled(s, 1)
}

// TestOwnersOwnCommandHandsTheToken: gardend hands the owner's newest
// delegation token with each of the owner's requests (the seed's Trust), so
// the owner's own prompt after a revival starts the body; another person's
// co-drive chime brings no token of the owner's and is held pending.
func TestOwnersOwnCommandHandsTheToken(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", client.PolicyCoDrive), client.TypeRoomPolicy)
	h.srv.DropDelegation(s)
	r := h.verb(bo, "demo", s, "chime", "text", "look there")
	var ch client.ChimeResult
	r.decode(t, &ch)
	if ch.Status != "pending" || h.live(s) {
		t.Fatalf("another person's co-drive chime started the body: %s", r.raw)
	}
	r = h.verb(ada, "demo", s, "prompt", "text", "are you back?")
	ok(t, r, client.TypeCommandAccepted)
	if r.frame.Replayed {
		t.Fatal("replayed")
	}
	h.settled(s, 1)
	h.srv.DropDelegation(s)
	ok(t, h.verb(ada, "demo", s, "accept_chime", "chimeId", ch.ChimeID), client.TypeChimeAccepted)
	h.settled(s, 2)
}
