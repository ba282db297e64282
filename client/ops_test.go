package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestRouteTableIsTheContract checks the table against the contract's
// routes (vehicle-http.md): op, method, path, and which ops need the lease.
func TestRouteTableIsTheContract(t *testing.T) {
	want := map[string]string{
		"create": "POST /g/{graph}/sessions", "list": "GET /g/{graph}/sessions",
		"inspect": "GET /g/{graph}/sessions/{id}", "rename": "PATCH /g/{graph}/sessions/{id}",
		"delete": "DELETE /g/{graph}/sessions/{id}", "watch": "GET /g/{graph}/sessions/{id}/events",
		"capsule": "GET /g/{graph}/sessions/{id}/capsule", "account": "GET /account", "grant": "POST /account/grants",
	}
	verbs := []string{"claim", "release", "prompt", "follow_up", "steer", "abort", "cancel", "shutdown",
		"fork", "clone", "chime", "set_room_policy", "accept_chime", "reject_chime"}
	for _, v := range verbs {
		want[v] = "POST /g/{graph}/sessions/{id}/" + v
	}
	leased := []string{"prompt", "follow_up", "steer", "abort", "cancel", "shutdown", "set_room_policy", "accept_chime", "reject_chime"}
	routes := client.Routes()
	if len(routes) != len(want) {
		t.Errorf("%d routes, the contract has %d", len(routes), len(want))
	}
	for _, r := range routes {
		if got := r.Method + " " + r.Path; got != want[r.Op] {
			t.Errorf("%s: %s, want %s", r.Op, got, want[r.Op])
		}
		if r.Lease != slices.Contains(leased, r.Op) {
			t.Errorf("%s: lease %v", r.Op, r.Lease)
		}
		if r.Method != http.MethodGet && r.Op != client.OpDelete && !r.Idempotent {
			t.Errorf("%s: a mutation the host does not remember by requestId", r.Op)
		}
		if r.Delegation != (r.Op == "prompt" || r.Op == "follow_up" || r.Op == "steer") {
			t.Errorf("%s: delegation retry %v", r.Op, r.Delegation)
		}
	}
	if _, ok := client.RouteOf("fly"); ok {
		t.Error("RouteOf found an op the protocol does not have")
	}
}

// caller runs Call and checks the frame type it answers.
type caller struct {
	t   *testing.T
	ctx context.Context
	c   *client.Client
}

func (k caller) call(op, id, body, wantType string) *client.Frame {
	k.t.Helper()
	f, err := k.c.Call(k.ctx, op, id, json.RawMessage(body))
	if err != nil {
		k.t.Fatalf("%s %s: %v", op, body, err)
	}
	if f.Type != wantType {
		k.t.Fatalf("%s: frame %s, want %s", op, f.Type, wantType)
	}
	return f
}

func (k caller) value(op, id, body, wantType string, v any) {
	k.t.Helper()
	if err := k.call(op, id, body, wantType).Decode(v); err != nil {
		k.t.Fatalf("%s: %v", op, err)
	}
}

// TestCallEveryOp drives every op of the table through Call against the
// reference host, with bodies that leave requestId and clientId out.
func TestCallEveryOp(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	ada := caller{t, ctx, dial(t, srv, adaToken, "demo")}
	bo := caller{t, ctx, dial(t, srv, boToken, "demo")}

	var cr client.Created
	ada.value(client.OpCreate, "", `{"title":"every op"}`, client.TypeSessionCreated, &cr)
	id := cr.Session.SessionID
	if cr.Lease == nil || cr.Lease.ClientID != ada.c.ClientID() {
		t.Fatalf("create did not carry the client's id: %+v", cr.Lease)
	}
	ada.call(client.OpList, "", ``, client.TypeSessionList)
	ada.call(client.OpRename, id, `{"title":"renamed"}`, client.TypeSessionRenamed)
	ada.call(client.OpClaim, id, `{"ttlMs":60000}`, client.TypeDriverClaimed)
	ada.call(client.OpSetRoomPolicy, id, `{"policy":"suggest"}`, client.TypeRoomPolicy)
	ada.call(client.OpPrompt, id, `{"text":"#hold until aborted"}`, client.TypeCommandAccepted)
	var fu client.Accepted
	ada.value(client.OpFollowUp, id, `{"text":"later"}`, client.TypeCommandAccepted, &fu)
	ada.call(client.OpCancel, id, `{"commandId":"`+fu.CommandID+`"}`, client.TypeCommandCancelled)
	ada.call(client.OpSteer, id, `{"text":"this way"}`, client.TypeCommandAccepted)
	ada.call(client.OpAbort, id, ``, client.TypeCommandAccepted)
	var ch client.ChimeResult
	bo.value(client.OpChime, id, `{"text":"may I?"}`, client.TypeChimeAccepted, &ch)
	ada.call(client.OpRejectChime, id, `{"chimeId":"`+ch.ChimeID+`"}`, client.TypeChimeRejected)
	bo.value(client.OpChime, id, `{"text":"and now?"}`, client.TypeChimeAccepted, &ch)
	ada.call(client.OpAcceptChime, id, `{"chimeId":"`+ch.ChimeID+`"}`, client.TypeChimeAccepted)

	var w client.WatchResult
	ada.value(client.OpWatch, id, `{"since":0,"waitMs":10}`, client.TypeWatchCompleted, &w)
	if len(w.Events) == 0 || w.Events[0].Seq != 1 {
		t.Fatalf("watch from 0: %d events", len(w.Events))
	}
	var snap client.Snapshot
	ada.value(client.OpInspect, id, ``, client.TypeSessionSnapshot, &snap)
	ada.call(client.OpCapsule, id, ``, client.TypeSessionCapsule)
	ada.call(client.OpFork, id, `{"entryId":"`+snap.Transcript[0].EntryID+`"}`, client.TypeSessionForked)
	var cl client.Branched
	ada.value(client.OpClone, id, ``, client.TypeSessionCloned, &cl)
	ada.call(client.OpShutdown, cl.Session.SessionID, ``, client.TypeClosed)
	ada.call(client.OpRelease, cl.Session.SessionID, ``, client.TypeDriverReleased)
	ada.call(client.OpDelete, cl.Session.SessionID, ``, client.TypeSessionDeleted)

	acc := ada.call(client.OpAccount, "", ``, "")
	if !json.Valid(acc.Value) || len(acc.Value) < 2 {
		t.Errorf("account: %s", acc.Value)
	}
	ada.call(client.OpGrant, "", `{"principal":"cognito:x","amountUsd":1,"source":"operator","key":"k1"}`, client.TypeAccountGranted)
}

// TestCallRefusalCarriesItsFrame: a refusal returns the host's error frame
// and a *client.Error; bad ops and bodies fail before any request.
func TestCallRefusalCarriesItsFrame(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	c := dial(t, srv, adaToken, "demo")
	f, err := c.Call(ctx, client.OpPrompt, "nope", json.RawMessage(`{"text":"hi","requestId":"r-7"}`))
	var e *client.Error
	if !errors.As(err, &e) || e.Code != client.CodeNotFound || e.RequestID != "r-7" {
		t.Fatalf("want not_found, got %v", err)
	}
	if f == nil || f.Type != client.TypeError || f.Code != client.CodeNotFound || f.Message != e.Message {
		t.Fatalf("the error frame: %+v", f)
	}
	n := len(srv.Requests())
	for _, bad := range []struct{ op, id, body string }{
		{"fly", "s1", `{}`}, {client.OpPrompt, "", `{"text":"hi"}`}, {client.OpPrompt, "s1", `[1]`},
		{client.OpWatch, "s1", `{"since":"yesterday"}`},
	} {
		if _, err := c.Call(ctx, bad.op, bad.id, json.RawMessage(bad.body)); err == nil || client.ErrorCode(err) != "" {
			t.Errorf("Call(%q, %q, %s): %v, want a local error", bad.op, bad.id, bad.body, err)
		}
	}
	if len(srv.Requests()) != n {
		t.Errorf("a bad call reached the host")
	}
}
