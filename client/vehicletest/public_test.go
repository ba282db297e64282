package vehicletest

import (
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

var (
	dee     = as("dee-token") // a verified Sophia account
	eve     = as("eve-token") // an unverified one
	visitor = hdr{visitor: "visitor-1", key: "sk-or-v1"}
)

func publicPeople() []Person {
	p := DefaultPeople()
	p[0].Roles["pub"] = RoleEditor
	return append(p,
		Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee", Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true},
		Person{Token: "eve-token", Principal: "cognito:eve", Name: "Eve", Kind: client.AccountAccount, Email: "eve@example.com"},
	)
}

func newPublic(t *testing.T, opts ...Option) *harness {
	return newHarness(t, append([]Option{WithPeople(publicPeople()...), WithPublicGraphs("pub")}, opts...)...)
}

func TestPublicDoors(t *testing.T) {
	h := newPublic(t)
	r := h.do("POST", "/g/pub/sessions", hdr{visitor: "v9"}, h.fields())
	refused(t, r, client.CodeModelKeyRequired)
	var d struct{ Doors client.Doors }
	r.details(t, &d)
	if d.Doors.BYOK.Header != "X-Model-Key" || d.Doors.Account.Header != "Authorization" ||
		d.Doors.BYOK.Description == "" || !strings.Contains(r.frame.Message, "X-Model-Key") || !strings.Contains(r.frame.Message, "Sophia account") {
		t.Fatalf("doors: %s", r.raw)
	}
	cases := []struct {
		name    string
		who     hdr
		funding string
		model   string
	}{
		{"visitor with a key", visitor, "byok", BYOKDefaultModel},
		{"account with credit", dee, "credit", CreditDefaultModel},
		{"account with a key", hdr{token: "dee-token", key: "sk-or-dee"}, "byok", BYOKDefaultModel},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sum := h.create(c.who, "pub", "maxTurns", 50).Session
			if sum.Funding != c.funding || sum.Model != c.model || sum.Access != "reader" ||
				sum.Budget != (client.Budget{MaxTurns: 8, MaxCostUSD: 0.05}) {
				t.Fatalf("summary %+v", sum)
			}
			if m := h.snapshot(c.who, "pub", sum.SessionID).Mirror; m.State != "skipped" || m.Reason == "" {
				t.Fatalf("mirror %+v", m)
			}
		})
	}
	refused(t, h.do("POST", "/g/demo/sessions", visitor, h.fields()), client.CodeNotFound)
	refused(t, h.do("POST", "/g/demo/sessions", dee, h.fields()), client.CodeNotFound)
	refused(t, h.do("POST", "/g/pub/sessions", visitor, h.fields("profile", "agent")), client.CodeForbiddenProfile)
	refused(t, h.do("POST", "/g/pub/sessions", dee, h.fields("model", "gpt-house")), client.CodeInvalidRequest)

	// a public session takes no chimes; a member's session on the public graph does
	s := h.create(visitor, "pub").Session.SessionID
	ok(t, h.verb(ada, "pub", s, "chime", "text", "hello"), client.TypeChimeRejected)
	// the public run budget holds whatever the request asked
	ok(t, h.verb(visitor, "pub", s, "prompt", "text", "#overrun"), client.TypeCommandAccepted)
	if v := h.settled(s, 1); v.Reason != "budget" || v.Usage.Turns != 8 {
		t.Fatalf("public budget %+v", v)
	}
}

func account(t *testing.T, h *harness, who hdr) client.Account {
	t.Helper()
	r := h.do("GET", "/account", who, nil)
	if r.status != http.StatusOK {
		t.Fatalf("account: %d %s", r.status, r.raw)
	}
	var a client.Account
	if err := json.Unmarshal(r.raw, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAccountKinds(t *testing.T) {
	h := newPublic(t)
	m := account(t, h, ada)
	if m.Kind != "member" || m.Principal != "user:ada" || m.Credit != nil || m.Doors != nil {
		t.Fatalf("member %+v", m)
	}
	a := account(t, h, dee)
	if a.Kind != "account" || a.Principal != "cognito:dee" || a.Email != "dee@example.com" || !a.EmailVerified ||
		a.Credit == nil || a.Credit.BalanceUSD != 0.5 || a.Credit.GrantedUSD != 0.5 || !a.Credit.PoolOpenToday ||
		a.Credit.DefaultModel != CreditDefaultModel || len(a.Credit.Models) == 0 || a.TurnsPerDay != 100 || a.SessionMaxTurns != 40 ||
		a.Doors == nil || a.BYOK == nil || a.BYOK.Provider != "openrouter" {
		t.Fatalf("account %+v %+v", a, a.Credit)
	}
	if again := account(t, h, dee); again.Credit.GrantedUSD != 0.5 {
		t.Fatalf("signup granted twice: %+v", again.Credit)
	}
	if e := account(t, h, eve); e.Credit.GrantedUSD != 0 {
		t.Fatalf("unverified account granted: %+v", e.Credit)
	}
	v := account(t, h, hdr{visitor: "v1"})
	if v.Kind != "anonymous" || v.Principal != "" || v.Doors == nil || v.BYOK == nil || v.TurnsPerDay != 100 {
		t.Fatalf("anonymous %+v", v)
	}
	refused(t, h.do("GET", "/account", hdr{}, nil), client.CodeUnauthenticated)
}

func TestCreditAndGrants(t *testing.T) {
	h := newPublic(t, WithLimits(Limits{SignupGrantUSD: 0.0015}))
	s := h.create(dee, "pub").Session.SessionID
	for i := 1; i <= 2; i++ {
		ok(t, h.verb(dee, "pub", s, "prompt", "text", "question"), client.TypeCommandAccepted)
		h.settled(s, i)
	}
	if bal := account(t, h, dee).Credit.BalanceUSD; math.Abs(bal-(-0.0005)) > 1e-9 {
		t.Fatalf("balance after two runs %v", bal)
	}
	r := h.verb(dee, "pub", s, "prompt", "text", "one more")
	refused(t, r, client.CodeOutOfCredit)
	if r.frame.Message != outOfCredit {
		t.Fatalf("message %q", r.frame.Message)
	}
	// an unverified account has no credit at all
	s2 := h.create(eve, "pub").Session.SessionID
	refused(t, h.verb(eve, "pub", s2, "prompt", "text", "hi"), client.CodeOutOfCredit)

	grant := map[string]any{"requestId": "g1", "principal": "cognito:dee", "amountUsd": 1.0, "source": "purchase", "key": "pay-1"}
	r = h.do("POST", "/account/grants", ada, grant)
	ok(t, r, client.TypeAccountGranted)
	var g client.Granted
	r.decode(t, &g)
	if g.Principal != "cognito:dee" || math.Abs(g.BalanceUSD-0.9995) > 1e-9 || g.Replayed {
		t.Fatalf("granted %s", r.raw)
	}
	grant["requestId"] = "g2"
	r = h.do("POST", "/account/grants", ada, grant)
	r.decode(t, &g)
	if !g.Replayed || math.Abs(g.BalanceUSD-0.9995) > 1e-9 {
		t.Fatalf("a payment delivered twice credited twice: %s", r.raw)
	}
	refused(t, h.do("POST", "/account/grants", bo, grant), client.CodeNotFound)
	refused(t, h.do("POST", "/account/grants", dee, grant), client.CodeNotFound)
	grant["amountUsd"] = -1
	refused(t, h.do("POST", "/account/grants", ada, grant), client.CodeInvalidRequest)
	ok(t, h.verb(dee, "pub", s, "prompt", "text", "thanks"), client.TypeCommandAccepted)
	h.settled(s, 3)
}

func TestCreditPool(t *testing.T) {
	clk := newFakeClock()
	h := newPublic(t, WithClock(clk.Now), WithLimits(Limits{CreditDailyCapUSD: 0.0015, LeaseTTL: 72 * time.Hour}))
	s := h.create(dee, "pub").Session.SessionID
	for i := 1; i <= 2; i++ {
		ok(t, h.verb(dee, "pub", s, "prompt", "text", "question"), client.TypeCommandAccepted)
		h.settled(s, i)
	}
	refused(t, h.verb(dee, "pub", s, "prompt", "text", "more"), client.CodeCreditPoolExhausted)
	if account(t, h, dee).Credit.PoolOpenToday {
		t.Fatal("pool shown open")
	}
	// own keys still work
	s2 := h.create(visitor, "pub").Session.SessionID
	ok(t, h.verb(visitor, "pub", s2, "prompt", "text", "mine"), client.TypeCommandAccepted)
	h.settled(s2, 1)
	clk.Advance(24 * time.Hour)
	ok(t, h.verb(dee, "pub", s, "prompt", "clientId", "c1", "text", "tomorrow"), client.TypeCommandAccepted)
}

func TestPublicTurnLimits(t *testing.T) {
	clk := newFakeClock()
	h := newPublic(t, WithClock(clk.Now), WithLimits(Limits{TurnsPerDay: 3, SessionMaxTurns: 2, LeaseTTL: 72 * time.Hour}))
	s := h.create(visitor, "pub").Session.SessionID
	for i := 1; i <= 2; i++ {
		ok(t, h.verb(visitor, "pub", s, "prompt", "text", "q"), client.TypeCommandAccepted)
		h.settled(s, i)
	}
	refused(t, h.verb(visitor, "pub", s, "prompt", "text", "q"), client.CodeSessionTurnLimit)
	s2 := h.create(visitor, "pub").Session.SessionID
	ok(t, h.verb(visitor, "pub", s2, "steer", "text", "q"), client.TypeCommandAccepted)
	h.settled(s2, 1)
	refused(t, h.verb(visitor, "pub", s2, "follow_up", "text", "q"), client.CodeDailyTurnLimit)
	if a := account(t, h, visitor); a.TurnsToday != 3 {
		t.Fatalf("turnsToday %d", a.TurnsToday)
	}
	clk.Advance(24 * time.Hour)
	ok(t, h.verb(visitor, "pub", s2, "follow_up", "text", "q"), client.TypeCommandAccepted)
	// members have no limits
	m := h.create(ada, "demo").Session.SessionID
	for i := 1; i <= 3; i++ {
		ok(t, h.verb(ada, "demo", m, "prompt", "text", "q"), client.TypeCommandAccepted)
		h.settled(m, i)
	}
}

func TestRestart(t *testing.T) {
	h := newPublic(t)
	pub := h.create(visitor, "pub").Session.SessionID
	mem := h.create(ada, "demo").Session.SessionID
	ok(t, h.verb(ada, "demo", mem, "prompt", "text", "#hold"), client.TypeCommandAccepted)
	ok(t, h.verb(ada, "demo", mem, "follow_up", "text", "queued"), client.TypeCommandAccepted)
	h.srv.Restart()

	noKey := hdr{visitor: visitor.visitor}
	r := h.verb(noKey, "pub", pub, "prompt", "text", "after the restart")
	refused(t, r, client.CodeModelKeyRequired)
	ok(t, h.verb(visitor, "pub", pub, "prompt", "text", "after the restart"), client.TypeCommandAccepted)
	h.settled(pub, 1)

	// the open commands are interrupted, then session.revived; no run.settled
	got := typesOf(h.srv.Events(mem), client.EvCommandInterrupted, client.EvSessionRevived, client.EvRunEnded, client.EvRunSettled)
	if got != "command.interrupted command.interrupted session.revived" {
		t.Fatalf("member session after restart: %s", got)
	}
	snap := h.snapshot(ada, "demo", mem)
	if snap.Session.Status != "idle" || snap.Session.Body != "dormant" || snap.Session.Lease == nil {
		t.Fatalf("after restart %+v", snap.Session)
	}
	ok(t, h.verb(ada, "demo", mem, "prompt", "text", "carry on"), client.TypeCommandAccepted)
	h.settled(mem, 1)
}

func TestRequestsRecorded(t *testing.T) {
	h := newPublic(t)
	h.do("GET", "/account", visitor, nil)
	h.create(ada, "demo", "requestId", "rec-1")
	got := h.srv.Requests()
	if len(got) != 2 {
		t.Fatalf("recorded %+v", got)
	}
	want0 := Recorded{Method: "GET", Path: client.DefaultMount + "/account", VisitorID: "visitor-1", ModelKey: true}
	want1 := Recorded{Method: "POST", Path: client.DefaultMount + "/g/demo/sessions", Authorization: true, RequestID: "rec-1"}
	if got[0] != want0 || got[1] != want1 {
		t.Fatalf("recorded %+v", got)
	}
	h.do("GET", "/g/demo/sessions?since=3", ada, nil, "Accept", "text/event-stream")
	if last := h.srv.Requests()[2]; last.Query != "since=3" || !last.Stream {
		t.Fatalf("query and stream not recorded: %+v", last)
	}
	id := h.create(ada, "demo").Session.SessionID
	h.verb(ada, "demo", id, "prompt", "text", "the gate is open")
	if last := h.srv.Requests()[4]; last.Text != "the gate is open" || !strings.HasSuffix(last.Path, "/prompt") {
		t.Fatalf("a prompt's text not recorded: %+v", last)
	}
}
