package vehicletest

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

var (
	ada = as("ada-token")
	bo  = as("bo-token")
	cy  = as("cy-token")
)

func TestAuthAndVisibility(t *testing.T) {
	people := DefaultPeople()
	people[0].Roles["other"] = RoleEditor // ada reaches graph "other" too
	h := newHarness(t, WithPeople(people...))
	s := h.create(ada, "demo").Session.SessionID
	base := "/g/demo/sessions/" + s

	cases := []struct {
		name   string
		method string
		path   string
		who    hdr
		body   any
		code   string
	}{
		{"no credential", "GET", "/g/demo/sessions", hdr{}, nil, client.CodeUnauthenticated},
		{"unknown token", "GET", "/g/demo/sessions", as("nope"), nil, client.CodeUnauthenticated},
		{"not bearer", "GET", "/g/demo/sessions", hdr{}, nil, client.CodeUnauthenticated},
		{"graph without role", "GET", "/g/other/sessions", bo, nil, client.CodeNotFound},
		{"another principal inspects", "GET", base, bo, nil, client.CodeNotFound},
		{"another principal renames", "PATCH", base, bo, h.fields("title", "x"), client.CodeNotFound},
		{"another principal prompts", "POST", base + "/prompt", bo, h.fields("text", "hi"), client.CodeNotFound},
		{"another principal claims", "POST", base + "/claim", bo, h.fields(), client.CodeNotFound},
		{"another principal watches", "GET", base + "/events", bo, nil, client.CodeNotFound},
		{"another principal capsule", "GET", base + "/capsule", bo, nil, client.CodeNotFound},
		{"another principal deletes", "DELETE", base + "?requestId=d1&clientId=c1", bo, nil, client.CodeNotFound},
		{"owner through another graph", "GET", "/g/other/sessions/" + s, ada, nil, client.CodeNotFound},
		{"chime through another graph", "POST", "/g/other/sessions/" + s + "/chime", ada, h.fields("text", "x"), client.CodeNotFound},
		{"stranger chimes", "POST", base + "/chime", cy, h.fields("text", "x"), client.CodeNotFound},
		{"visitor on a private graph", "GET", "/g/demo/sessions", hdr{visitor: "v1"}, nil, client.CodeNotFound},
		{"unknown session", "GET", "/g/demo/sessions/nope", ada, nil, client.CodeNotFound},
		{"unknown route", "GET", "/nowhere", ada, nil, client.CodeNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := h.do(c.method, c.path, c.who, c.body)
			if c.name == "not bearer" {
				r = h.do(c.method, c.path, hdr{}, c.body, "Authorization", "Basic abc")
			}
			refused(t, r, c.code)
		})
	}
	t.Run("collaborator chimes", func(t *testing.T) {
		r := h.verb(bo, "demo", s, "chime", "text", "look at this")
		ok(t, r, client.TypeChimeAccepted)
	})
	t.Run("listing is the caller's own", func(t *testing.T) {
		var l struct{ Sessions []client.Summary }
		r := h.do("GET", "/g/demo/sessions", bo, nil)
		ok(t, r, client.TypeSessionList)
		r.decode(t, &l)
		if len(l.Sessions) != 0 {
			t.Fatalf("bo sees %d sessions of ada's", len(l.Sessions))
		}
		r = h.do("GET", "/g/demo/sessions", ada, nil)
		r.decode(t, &l)
		if len(l.Sessions) != 1 || l.Sessions[0].SessionID != s {
			t.Fatalf("ada's listing: %s", r.raw)
		}
	})
}

func TestValidation(t *testing.T) {
	h := newHarness(t)
	s := h.create(ada, "demo").Session.SessionID
	base := "/g/demo/sessions/" + s
	cases := []struct {
		name string
		path string
		body any
		code string
	}{
		{"not JSON", base + "/prompt", "{nope", client.CodeInvalidJSON},
		{"empty body", base + "/prompt", "", client.CodeInvalidJSON},
		{"not an object", base + "/prompt", `["x"]`, client.CodeInvalidRequest},
		{"no requestId", base + "/prompt", map[string]any{"clientId": "c1", "text": "hi"}, client.CodeInvalidRequest},
		{"wrong type", base + "/prompt", h.fields("text", 3), client.CodeInvalidRequest},
		{"missing text", base + "/prompt", h.fields(), client.CodeInvalidRequest},
		{"text over 64 KiB", base + "/prompt", h.fields("text", strings.Repeat("x", client.MaxTextBytes+1)), client.CodeInvalidRequest},
		{"bad policy", base + "/set_room_policy", h.fields("policy", "loud"), client.CodeInvalidRequest},
		{"unknown op", base + "/dance", h.fields(), client.CodeInvalidRequest},
		{"graph mismatch", base + "/prompt", h.fields("text", "hi", "graphId", "other"), client.CodeGraphMismatch},
		{"create graph mismatch", "/g/demo/sessions", h.fields("graphId", "other"), client.CodeGraphMismatch},
		{"bad profile", "/g/demo/sessions", h.fields("profile", "robot"), client.CodeInvalidRequest},
		{"agent by an editor", "/g/demo/sessions", h.fields("profile", "agent"), client.CodeForbiddenProfile},
		{"bad ttl", "/g/demo/sessions", h.fields("ttlMs", -1), client.CodeInvalidRequest},
		{"bad budget", "/g/demo/sessions", h.fields("maxTurns", 0), client.CodeInvalidRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			who := ada
			if c.name == "agent by an editor" {
				who = bo
			}
			refused(t, h.do("POST", c.path, who, c.body), c.code)
		})
	}
	t.Run("text of exactly 64 KiB", func(t *testing.T) {
		ok(t, h.verb(ada, "demo", s, "prompt", "text", strings.Repeat("x", client.MaxTextBytes)), client.TypeCommandAccepted)
	})
}

func TestCreateShapes(t *testing.T) {
	h := newHarness(t)
	c := h.create(ada, "demo", "profile", "agent", "title", "  My   first\tsession ", "maxTurns", 3, "maxCostUsd", 0.1)
	sum := c.Session
	if sum.SessionID != "s1" || sum.GraphID != "demo" || sum.Profile != "agent" || sum.Isolation != "bwrap" ||
		sum.Access != "writer" || sum.Funding != "member" || sum.Status != "idle" || sum.Body != "live" ||
		sum.RoomPolicy != client.PolicySuggest || sum.Budget != (client.Budget{MaxTurns: 3, MaxCostUSD: 0.1}) {
		t.Fatalf("summary: %+v", sum)
	}
	if sum.Title == nil || *sum.Title != "My first session" {
		t.Fatalf("title: %v", sum.Title)
	}
	if c.Lease == nil || c.Lease.ClientID != "c1" || c.Lease.Principal != "user:ada" || c.Cursor == 0 {
		t.Fatalf("lease/cursor: %+v %d", c.Lease, c.Cursor)
	}
	r := h.do("POST", "/g/demo/sessions", bo, h.fields("claim", false))
	if r.status != http.StatusCreated {
		t.Fatalf("create: %s", r.raw)
	}
	var c2 client.Created
	r.decode(t, &c2)
	if c2.Lease != nil || c2.Session.Lease != nil || c2.Session.Access != "writer" || c2.Session.Profile != "chat" {
		t.Fatalf("claim:false: %s", r.raw)
	}
	// a viewer's session reads only
	h.srv.SetRole("user:bo", "demo", RoleViewer)
	c3 := h.create(bo, "demo")
	if c3.Session.Access != "reader" {
		t.Fatalf("viewer's session access %q", c3.Session.Access)
	}
	want := "session.created body.materialized lease.claimed"
	if got := types(h.srv.Events("s1")); got != want {
		t.Fatalf("creation events: %s", got)
	}
	var created struct{ Session client.Summary }
	decodeEv(h.srv.Events("s1")[0], &created)
	if created.Session.Body != "live" || created.Session.Lease == nil || created.Session.SessionID != "s1" {
		t.Fatalf("session.created carries %+v", created.Session)
	}
}
