package vehicletest

import (
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// The seed: the role at creation fixes a session's access, and only an
// owner creates an agent session. A fork or a clone is created by the
// caller now, so it follows the caller's role now, not its source's.
func TestBranchFollowsTheCallersRoleNow(t *testing.T) {
	branch := func(h *harness, id, op string) resp {
		t.Helper()
		kv := []any{"clientId", "c9"}
		if op == "fork" {
			kv = append(kv, "entryId", h.snapshot(ada, "demo", id).Transcript[0].EntryID)
		}
		return h.verb(ada, "demo", id, op, kv...)
	}
	for _, op := range []string{"fork", "clone"} {
		t.Run(op+"/viewer gets a reader", func(t *testing.T) {
			h := newHarness(t)
			s := h.create(ada, "demo").Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "hello"), client.TypeCommandAccepted)
			h.settled(s, 1)
			h.srv.SetRole("user:ada", "demo", RoleViewer)
			r := branch(h, s, op)
			ok(t, r, map[string]string{"fork": client.TypeSessionForked, "clone": client.TypeSessionCloned}[op])
			var b client.Branched
			r.decode(t, &b)
			if b.Session.Access != accessReader {
				t.Fatalf("a viewer's %s is %q: %s", op, b.Session.Access, r.raw)
			}
			snap := h.snapshot(ada, "demo", b.Session.SessionID)
			var tools []string
			_ = json.Unmarshal(snap.Tools, &tools)
			if snap.Mirror.State != "skipped" || len(tools) != 3 {
				t.Fatalf("a reader's branch: mirror %+v, tools %v", snap.Mirror, tools)
			}
			// the source keeps its access, and the caller may not drive it
			if got := h.snapshot(ada, "demo", s).Session.Access; got != accessWriter {
				t.Fatalf("source access %q", got)
			}
			// back to owner: a branch made now is a writer's
			h.srv.SetRole("user:ada", "demo", RoleOwner)
			r = branch(h, s, op)
			r.decode(t, &b)
			if b.Session.Access != accessWriter {
				t.Fatalf("an owner's %s is %q", op, b.Session.Access)
			}
		})
		t.Run(op+"/agent needs an owner", func(t *testing.T) {
			h := newHarness(t)
			s := h.create(ada, "demo", "profile", client.ProfileAgent).Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "hello"), client.TypeCommandAccepted)
			h.settled(s, 1)
			for _, role := range []string{RoleEditor, RoleViewer} {
				h.srv.SetRole("user:ada", "demo", role)
				refused(t, branch(h, s, op), client.CodeForbiddenProfile)
			}
			h.srv.SetRole("user:ada", "demo", RoleOwner)
			r := branch(h, s, op)
			var b client.Branched
			r.decode(t, &b)
			if b.Session.Profile != client.ProfileAgent || b.Session.Isolation != IsolationBwrap || b.Session.Access != accessWriter {
				t.Fatalf("an owner's agent %s: %s", op, r.raw)
			}
		})
		t.Run(op+"/agent needs a box", func(t *testing.T) {
			h := newHarness(t)
			s := h.create(ada, "demo", "profile", client.ProfileAgent).Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "hello"), client.TypeCommandAccepted)
			h.settled(s, 1)
			h.srv.mu.Lock()
			h.srv.cfg.isolation = IsolationUnavailable // the operator's box broke since
			h.srv.mu.Unlock()
			refused(t, branch(h, s, op), client.CodeIsolationUnavailable)
		})
	}
}

// The seed remembers no refusal: a chime the room turned down is taken
// with the same requestId once the policy lets chimes in.
func TestChimeRefusalIsNotRemembered(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", client.PolicyObserve), client.TypeRoomPolicy)
	chime := func() resp {
		return h.do("POST", "/g/demo/sessions/"+s+"/chime", bo, map[string]any{"requestId": "ch-1", "text": "try the barn"})
	}
	r := chime()
	ok(t, r, client.TypeChimeRejected)
	if r.frame.Replayed {
		t.Fatalf("first answer replayed: %s", r.raw)
	}
	if r = chime(); r.frame.Replayed || r.frame.Type != client.TypeChimeRejected {
		t.Fatalf("a refusal was remembered: %s", r.raw)
	}
	ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", client.PolicySuggest), client.TypeRoomPolicy)
	r = chime()
	ok(t, r, client.TypeChimeAccepted)
	if r.frame.Replayed {
		t.Fatalf("accepted chime marked replayed: %s", r.raw)
	}
	// an accepted chime is remembered
	if r = chime(); !r.frame.Replayed || r.frame.Type != client.TypeChimeAccepted || len(h.snapshot(ada, "demo", s).Chimes) != 1 {
		t.Fatalf("an accepted chime was not replayed: %s", r.raw)
	}
}

// The seed: write_document is skipped when nothing changed. A record the
// document already holds is not written again, and a failure it left is
// over once the document is current.
func TestMirrorSkipsAnUnchangedRecord(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo", "title", "Herd").Session.SessionID
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "hello"), client.TypeCommandAccepted)
	h.settled(s, 1)
	h.waitEvent(s, client.EvMirrorWritten, 1)
	rename := func(title string) {
		t.Helper()
		ok(t, h.do("PATCH", "/g/demo/sessions/"+s, ada, h.fields("title", title)), client.TypeSessionRenamed)
	}
	mirrorEvents := func() string {
		return typesOf(h.srv.Events(s), client.EvMirrorWritten, client.EvMirrorFailed)
	}
	rename("  Herd ")
	if got := mirrorEvents(); got != "mirror.written" {
		t.Fatalf("the same title wrote the mirror: %s", got)
	}
	h.srv.FailMirror("gardend answered 502")
	rename("Fences")
	h.srv.FailMirror("")
	if st := h.snapshot(ada, "demo", s).Mirror; st.State != "failed" {
		t.Fatalf("mirror after a failed write: %+v", st)
	}
	rename("Herd") // the document still holds this record
	if got := mirrorEvents(); got != "mirror.written mirror.failed" {
		t.Fatalf("mirror events: %s", got)
	}
	if st := h.snapshot(ada, "demo", s).Mirror; st.State != "written" || st.Error != "" {
		t.Fatalf("mirror once the document is current: %+v", st)
	}
	rename("Fences")
	if got := mirrorEvents(); got != "mirror.written mirror.failed mirror.written" {
		t.Fatalf("a changed title was not written: %s", got)
	}
}
