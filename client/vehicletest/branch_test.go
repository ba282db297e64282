package vehicletest

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

func TestRenameNormalises(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	long := strings.Repeat("é", 250)
	cases := []struct {
		name  string
		title any
		want  *string
	}{
		{"plain", "Cows", ptr("Cows")},
		{"whitespace runs", "  Cows \t and\n\nbarns  ", ptr("Cows and barns")},
		{"200 runes", long, ptr(strings.Repeat("é", 200))},
		{"cut then trimmed", strings.Repeat("a", 199) + "   b", ptr(strings.Repeat("a", 199))},
		{"empty clears", "", nil},
		{"blank clears", "   ", nil},
		{"null clears", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := map[string]any{"requestId": h.rid(), "clientId": "c9", "title": c.title}
			r := h.do("PATCH", "/g/demo/sessions/"+s, ada, body)
			ok(t, r, client.TypeSessionRenamed)
			var v struct{ Session client.Summary }
			r.decode(t, &v)
			if !samePtr(v.Session.Title, c.want) {
				t.Fatalf("title %v, want %v", deref(v.Session.Title), deref(c.want))
			}
			var tv client.TitleValue
			evs := h.srv.Events(s)
			decodeEv(evs[len(evs)-1], &tv)
			if !samePtr(tv.Title, c.want) {
				t.Fatalf("event title %v", deref(tv.Title))
			}
		})
	}
	refused(t, h.do("PATCH", "/g/demo/sessions/"+s, ada, h.fields()), client.CodeInvalidRequest)
	refused(t, h.do("PATCH", "/g/demo/sessions/"+s, ada, h.fields("title", 7)), client.CodeInvalidRequest)
}

func ptr(s string) *string { return &s }

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func samePtr(a, b *string) bool { return deref(a) == deref(b) }

func TestDelete(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	del := func(rid string) resp {
		return h.do("DELETE", "/g/demo/sessions/"+s+"?requestId="+rid+"&clientId=c1", ada, nil)
	}
	ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	refused(t, del("d1"), client.CodeSessionRunning)

	// a long-poll waiting when the session is deleted is woken by it
	woke := make(chan resp, 1)
	ok(t, h.verb(ada, "demo", s, "abort"), client.TypeCommandAccepted)
	cur := int64(len(h.srv.Events(s)))
	waiting := h.onWait()
	go func() {
		woke <- h.do("GET", "/g/demo/sessions/"+s+"/events?since="+itoa(cur)+"&waitMs=5000", ada, nil)
	}()
	<-waiting
	refused(t, h.do("DELETE", "/g/demo/sessions/"+s, ada, nil), client.CodeInvalidRequest)
	r := del("d2")
	ok(t, r, client.TypeSessionDeleted)
	var d client.Deleted
	r.decode(t, &d)
	if d.SessionID != s || d.TrashedAs != "trash/"+s || d.Mirror == nil ||
		*d.Mirror != (client.MirrorRef{DocumentID: "sophia-conversation-" + s, GraphID: "demo"}) {
		t.Fatalf("deleted: %s", r.raw)
	}
	var w client.WatchResult
	lp := <-woke
	lp.decode(t, &w)
	if len(w.Events) == 0 || w.Events[len(w.Events)-1].Type != client.EvSessionDeleted {
		t.Fatalf("long-poll: %s", lp.raw)
	}
	evs := h.srv.Events(s)
	if evs[len(evs)-1].Type != client.EvSessionDeleted {
		t.Fatalf("last event: %s", types(evs))
	}
	refused(t, del("d2"), client.CodeNotFound)
	refused(t, del("d3"), client.CodeNotFound)
	refused(t, h.do("GET", "/g/demo/sessions/"+s, ada, nil), client.CodeNotFound)
	refused(t, h.verb(ada, "demo", s, "claim"), client.CodeNotFound)
	var l struct{ Sessions []client.Summary }
	h.do("GET", "/g/demo/sessions", ada, nil).decode(t, &l)
	if len(l.Sessions) != 0 {
		t.Fatalf("deleted session listed")
	}

	// the client trashes the mirror document through gardend's own route
	doc := h.srv.URL + "/navigation/demo/documents/" + d.Mirror.DocumentID
	refused(t, h.doURL("DELETE", doc, hdr{}, nil), client.CodeUnauthenticated)
	refused(t, h.doURL("DELETE", h.srv.URL+"/navigation/demo/documents/nope", ada, nil), client.CodeNotFound)
	if r := h.doURL("DELETE", doc, ada, nil); r.status != http.StatusNoContent {
		t.Fatalf("trash: %d %s", r.status, r.raw)
	}
	if got := h.srv.Trashed(); len(got) != 1 || got[0] != (TrashedDoc{Graph: "demo", DocumentID: d.Mirror.DocumentID, Principal: "user:ada"}) {
		t.Fatalf("trashed %+v", got)
	}
	// never mirrored: no mirror in the answer
	s2 := h.create(ada, "demo").Session.SessionID
	r = h.do("DELETE", "/g/demo/sessions/"+s2+"?requestId=x&clientId=c1", ada, nil)
	ok(t, r, client.TypeSessionDeleted)
	if strings.Contains(string(r.frame.Value), "mirror") {
		t.Fatalf("unmirrored delete: %s", r.raw)
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestForkAndClone(t *testing.T) {
	h := newHarness(t)
	src := h.create(ada, "demo", "title", "Cows").Session.SessionID
	ok(t, h.verb(ada, "demo", src, "prompt", "text", "first question"), client.TypeCommandAccepted)
	h.settled(src, 1)
	ok(t, h.verb(ada, "demo", src, "prompt", "text", "second question"), client.TypeCommandAccepted)
	h.settled(src, 2)
	tr := h.snapshot(ada, "demo", src).Transcript
	if len(tr) != 4 {
		t.Fatalf("transcript %+v", tr)
	}
	fork := func(entry string) client.Branched {
		r := h.verb(ada, "demo", src, "fork", "clientId", "c7", "entryId", entry)
		ok(t, r, client.TypeSessionForked)
		var b client.Branched
		r.decode(t, &b)
		return b
	}
	b := fork(tr[2].EntryID)
	if b.SelectedText != "second question" || b.Lease == nil || b.Lease.ClientID != "c7" ||
		*b.Session.Parent != (client.Parent{SessionID: src, Kind: "fork", EntryID: tr[2].EntryID}) ||
		b.Session.Title != nil || b.Session.Preview != "first question" {
		t.Fatalf("fork: %+v", b)
	}
	if got := h.snapshot(ada, "demo", b.Session.SessionID).Transcript; len(got) != 2 || got[0].EntryID != tr[0].EntryID {
		t.Fatalf("fork transcript %+v", got)
	}
	first := fork(tr[0].EntryID)
	if first.SelectedText != "first question" || first.Session.Preview != "" ||
		len(h.snapshot(ada, "demo", first.Session.SessionID).Transcript) != 0 {
		t.Fatalf("fork before the first message: %+v", first)
	}
	refused(t, h.verb(ada, "demo", src, "fork", "entryId", "nope"), client.CodeInvalidRequest)

	r := h.verb(ada, "demo", src, "clone", "clientId", "c8")
	ok(t, r, client.TypeSessionCloned)
	var cl client.Branched
	r.decode(t, &cl)
	if cl.Session.Title == nil || *cl.Session.Title != "Copy of Cows" || cl.Session.Parent.Kind != "clone" ||
		len(h.snapshot(ada, "demo", cl.Session.SessionID).Transcript) != 4 {
		t.Fatalf("clone: %s", r.raw)
	}
	var bv client.BranchValue
	decodeEv(h.waitEvent(cl.Session.SessionID, client.EvSessionCloned, 1), &bv)
	if bv.SessionID != cl.Session.SessionID || bv.Parent.Kind != "clone" {
		t.Fatalf("cloned event %+v", bv)
	}
	// the lease of the source is untouched, and the branch is drivable at once
	ok(t, h.verb(ada, "demo", cl.Session.SessionID, "prompt", "clientId", "c8", "text", "go on"), client.TypeCommandAccepted)
	h.settled(cl.Session.SessionID, 1)
	// fork/clone need ownership
	refused(t, h.verb(bo, "demo", src, "clone"), client.CodeNotFound)
}

func TestCapsuleCarriesNoSecrets(t *testing.T) {
	h := newHarness(t, WithPublicGraphs("pub"))
	s := h.create(hdr{visitor: "v-1", key: "sk-or-secret"}, "pub").Session.SessionID
	who := hdr{visitor: "v-1", key: "sk-or-secret"}
	ok(t, h.verb(who, "pub", s, "prompt", "text", "#tool\nmy private question"), client.TypeCommandAccepted)
	h.settled(s, 1)
	r := h.do("GET", "/g/pub/sessions/"+s+"/capsule", who, nil)
	ok(t, r, client.TypeSessionCapsule)
	var c client.Capsule
	r.decode(t, &c)
	if c.Schema != client.CapsuleSchema || c.Authority.Mutations || c.Identity.SessionID != s || c.Posture.Cursor == 0 {
		t.Fatalf("capsule: %s", r.raw)
	}
	if len(c.Commands.Last) != 1 || c.Commands.Counts["completed"] != 1 || len(c.Milestones) == 0 {
		t.Fatalf("commands/milestones: %s", r.raw)
	}
	roles := ""
	for _, it := range c.Transcript {
		roles += it.Role + " "
	}
	if roles != "user assistant toolResult assistant " || c.Transcript[0].Length != len("#tool\nmy private question") ||
		c.Transcript[0].Text != "" || len(c.Transcript[1].ToolNames) != 1 || c.Transcript[3].Text == "" {
		t.Fatalf("capsule transcript: %s", r.raw)
	}
	for _, secret := range []string{"private question", "sk-or-secret"} {
		if strings.Contains(string(r.raw), secret) {
			t.Fatalf("capsule carries %q: %s", secret, r.raw)
		}
	}
	// the key is never in an event, a listing or a snapshot either
	all, _ := json.Marshal(h.srv.Events(s))
	list := h.do("GET", "/g/pub/sessions", who, nil)
	snap := h.do("GET", "/g/pub/sessions/"+s, who, nil)
	for _, raw := range [][]byte{all, list.raw, snap.raw} {
		if strings.Contains(string(raw), "sk-or-secret") {
			t.Fatalf("key leaked: %s", raw)
		}
	}
}
