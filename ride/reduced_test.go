package ride

import (
	"context"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// readyReadOnly is what ready says of a ride that could not take the lease
// at the start.
type readyReadOnly struct {
	Lease    bool `json:"lease"`
	ReadOnly *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"readOnly"`
}

// TestReducedOwnerRidesReadOnly: an owner whose role dropped to viewer may
// read, rename and delete the session (the seed), so vehicle ride --session
// starts, read-only, and ready says why; driving is refused line by line.
func TestReducedOwnerRidesReadOnly(t *testing.T) {
	srv := newHost(t)
	ada := newClient(t, srv.URL, "ada-token", "ada-1")
	ctx := context.Background()
	if _, err := ada.Create(ctx, client.CreateRequest{Claim: new(bool)}); err != nil {
		t.Fatal(err)
	}
	srv.SetRole("user:ada", "demo", vehicletest.RoleViewer)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ada-2"), Session: "s1"})
	waitLine(t, r.out, `"protocol"`) // the first frame
	var v readyReadOnly
	if err := r.frames()[0].Decode(&v); err != nil || v.Lease || v.ReadOnly == nil || v.ReadOnly.Code != client.CodeAccessReduced || v.ReadOnly.Message == "" {
		t.Fatalf("ready %s (%v)", r.frames()[0].Value, err)
	}
	waitLine(t, r.log, "access_reduced")
	r.send(`{"op":"inspect","requestId":"i1"}`, `{"op":"rename","requestId":"n1","title":"Kept"}`,
		`{"op":"prompt","requestId":"p1","text":"hi"}`)
	if f := r.answer("i1"); f.Type != client.TypeSessionSnapshot {
		t.Errorf("inspect: %+v", f)
	}
	if f := r.answer("n1"); f.Type != client.TypeSessionRenamed {
		t.Errorf("rename: %+v", f)
	}
	if f := r.answer("p1"); f.Type != client.TypeError || f.Code != client.CodeAccessReduced {
		t.Errorf("prompt: %+v", f)
	}
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	if ts := r.types(); ts[len(ts)-1] != client.TypeClosed {
		t.Errorf("frames %v", ts)
	}
}

// TestLeaseHeldSaysWhyInReady: a ride whose start claim finds another
// client driving starts reading, and ready says so with the host's words.
func TestLeaseHeldSaysWhyInReady(t *testing.T) {
	srv := newHost(t)
	ada := newClient(t, srv.URL, "ada-token", "ada-1")
	if _, err := ada.Create(context.Background(), client.CreateRequest{}); err != nil {
		t.Fatal(err)
	}
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ada-2"), Session: "s1"})
	waitLine(t, r.out, `"protocol"`) // the first frame
	var v readyReadOnly
	if err := r.frames()[0].Decode(&v); err != nil || v.Lease || v.ReadOnly == nil || v.ReadOnly.Code != client.CodeLeaseHeld ||
		!strings.Contains(string(r.frames()[0].Value), `"canTakeOver":true`) {
		t.Fatalf("ready %s (%v)", r.frames()[0].Value, err)
	}
}
