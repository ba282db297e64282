package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// people of the reference host's default table.
const (
	adaToken = "ada-token" // owner of graph demo
	boToken  = "bo-token"  // editor of graph demo
	cyToken  = "cy-token"  // owner of graph other
)

func dial(t *testing.T, srv *vehicletest.Server, token, graph string, opts ...client.Option) *client.Client {
	t.Helper()
	opts = append([]client.Option{client.WithGraph(graph), client.WithToken(token)}, opts...)
	c, err := client.New(srv.URL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// ctxT is a test's context: its deadline only guards against a hang, so it
// is long enough for a loaded machine running the race detector (a 20 s one
// cut TestInspectLazyAgainstHost, 1.7 s alone, at a load of 12 on 2 cores).
func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if got := client.ErrorCode(err); got != code {
		t.Errorf("%s: got %v (code %q), want %s", what, err, got, code)
		return
	}
	var e *client.Error
	errors.As(err, &e)
	if e.Status != client.StatusOf(code) {
		t.Errorf("%s: HTTP %d, want %d", what, e.Status, client.StatusOf(code))
	}
}

// waitFor long-polls the session until an event of type typ arrives after
// since, and returns it.
func waitFor(t *testing.T, c *client.Client, id string, since int64, typ string) client.Event {
	t.Helper()
	ctx := ctxT(t)
	for {
		w, err := c.Watch(ctx, id, since, 2*time.Second)
		if err != nil {
			t.Fatalf("watch for %s: %v", typ, err)
		}
		for _, ev := range w.Events {
			if ev.Type == typ {
				return ev
			}
		}
		since = w.Cursor
	}
}

// TestTwoClientsOfOnePerson: lease_held with canTakeOver, takeover, and the old
// client's next mutation refused.
func TestTwoClientsOfOnePerson(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	a := dial(t, srv, adaToken, "demo", client.WithClientID("term-a"))
	b := dial(t, srv, adaToken, "demo", client.WithClientID("term-b"))
	cr, err := a.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	if cr.Lease == nil || cr.Lease.ClientID != "term-a" {
		t.Fatalf("creator holds no lease: %+v", cr.Lease)
	}
	_, err = b.Prompt(ctx, id, "hello from b")
	wantCode(t, "b prompts", err, client.CodeLeaseHeld)
	_, err = b.Claim(ctx, id)
	wantCode(t, "b claims", err, client.CodeLeaseHeld)
	var e *client.Error
	errors.As(err, &e)
	if d, _ := e.LeaseHeld(); !d.CanTakeOver || d.Holder == nil || d.Holder.ClientID != "term-a" {
		t.Errorf("lease_held details: %+v", d)
	}
	cl, err := b.Claim(ctx, id, client.Takeover())
	if err != nil {
		t.Fatal(err)
	}
	if cl.TookOverFrom == nil || cl.TookOverFrom.ClientID != "term-a" || cl.Lease.ClientID != "term-b" {
		t.Errorf("takeover answer: %+v", cl)
	}
	rev := waitFor(t, a, id, 0, client.EvLeaseRevoked)
	var rv client.LeaseEndValue
	if err := rev.Decode(&rv); err != nil || rv.ClientID != "term-a" || rv.By != "term-b" || rv.Reason != client.ReasonTakeover {
		t.Errorf("lease.revoked: %+v %v", rv, err)
	}
	claimed := waitFor(t, a, id, rev.Seq, client.EvLeaseClaimed)
	if claimed.Seq != rev.Seq+1 {
		t.Errorf("lease.claimed (seq %d) does not follow lease.revoked (seq %d)", claimed.Seq, rev.Seq)
	}
	_, err = a.Prompt(ctx, id, "still mine?")
	wantCode(t, "old holder prompts", err, client.CodeLeaseHeld)
	if _, err := a.Claim(ctx, id, client.Takeover()); err != nil {
		t.Errorf("taking back: %v", err)
	}
}

// TestTwoPeople: another person's session is not_found through every route,
// while a collaborator on the same graph may chime.
func TestTwoPeople(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	ada := dial(t, srv, adaToken, "demo")
	bo := dial(t, srv, boToken, "demo")
	cy := dial(t, srv, cyToken, "demo")
	adaOther := dial(t, srv, adaToken, "other")
	cr, err := ada.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	title := "x"
	routes := map[string]func(c *client.Client) error{
		"inspect": func(c *client.Client) error { _, err := c.Inspect(ctx, id); return err },
		"watch":   func(c *client.Client) error { _, err := c.Watch(ctx, id, 0, 0); return err },
		"capsule": func(c *client.Client) error { _, err := c.Capsule(ctx, id); return err },
		"rename":  func(c *client.Client) error { _, err := c.Rename(ctx, id, &title); return err },
		"delete":  func(c *client.Client) error { _, err := c.Delete(ctx, id); return err },
		"claim":   func(c *client.Client) error { _, err := c.Claim(ctx, id, client.Takeover()); return err },
		"prompt":  func(c *client.Client) error { _, err := c.Prompt(ctx, id, "hi"); return err },
		"abort":   func(c *client.Client) error { _, err := c.Abort(ctx, id); return err },
		"fork":    func(c *client.Client) error { _, err := c.Fork(ctx, id, "e1"); return err },
		"clone":   func(c *client.Client) error { _, err := c.Clone(ctx, id); return err },
		"policy":  func(c *client.Client) error { _, err := c.SetRoomPolicy(ctx, id, client.PolicyCoDrive); return err },
		"stream": func(c *client.Client) error {
			s, err := c.Stream(ctx, id, client.StreamOptions{})
			if err == nil {
				s.Close()
			}
			return err
		},
	}
	for name, f := range routes {
		wantCode(t, "bo "+name, f(bo), client.CodeNotFound)
		wantCode(t, "ada through graph other "+name, f(adaOther), client.CodeNotFound)
	}
	// cy has no role on demo: the graph is not theirs at all.
	_, err = cy.Chime(ctx, id, "hello")
	wantCode(t, "cy chimes without a role", err, client.CodeNotFound)
	list, err := bo.List(ctx)
	if err != nil || len(list) != 0 {
		t.Errorf("bo lists ada's session: %v %v", list, err)
	}
	ch, err := bo.Chime(ctx, id, "try the other road")
	if err != nil || !ch.Accepted || ch.Status != "pending" {
		t.Fatalf("bo's chime: %+v %v", ch, err)
	}
	snap, err := ada.Inspect(ctx, id)
	if err != nil || len(snap.Chimes) != 1 || snap.Chimes[0].Text != "try the other road" {
		t.Fatalf("pending chimes: %+v %v", snap.Chimes, err)
	}
	acc, err := ada.AcceptChime(ctx, id, ch.ChimeID)
	if err != nil || acc.CommandID == "" {
		t.Fatalf("accept: %+v %v", acc, err)
	}
	ev := waitFor(t, ada, id, 0, client.EvMessageCompleted)
	var m client.MessageValue
	_ = ev.Decode(&m)
	if m.Role != "user" || !strings.HasPrefix(m.Text, "[") || !strings.Contains(m.Text, "collaborator]\ntry the other road") {
		t.Errorf("accepted chime's turn: %q", m.Text)
	}
}

// TestVerbsAndErrors walks every verb and the refusals the library maps.
func TestVerbsAndErrors(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	c := dial(t, srv, adaToken, "demo")
	cr, err := c.Create(ctx, client.CreateRequest{Title: "  first   try  "})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID

	a, err := c.Prompt(ctx, id, "#hold wait for me")
	if err != nil || a.Status == "" {
		t.Fatalf("prompt: %+v %v", a, err)
	}
	f, err := c.FollowUp(ctx, id, "and then this")
	if err != nil || f.Disposition != "queued" {
		t.Errorf("follow_up during a run: %+v %v", f, err)
	}
	if _, err := c.Steer(ctx, id, "go left"); err != nil {
		t.Errorf("steer: %v", err)
	}
	_, err = c.Delete(ctx, id)
	wantCode(t, "delete during a run", err, client.CodeSessionRunning)
	if _, err := c.Cancel(ctx, id, f.CommandID); err != nil {
		t.Errorf("cancel: %v", err)
	}
	if _, err := c.Abort(ctx, id); err != nil {
		t.Errorf("abort: %v", err)
	}
	waitFor(t, c, id, 0, client.EvRunSettled)

	// Idempotency: the same request id and body is a replay; another body a conflict.
	r1, err := c.Send(ctx, id, client.OpPrompt, client.TextRequest{Text: "once", RequestID: "same"})
	if err != nil || r1.Replayed {
		t.Fatalf("first send: %+v %v", r1, err)
	}
	r2, err := c.Send(ctx, id, client.OpPrompt, client.TextRequest{Text: "once", RequestID: "same"})
	if err != nil || !r2.Replayed || r2.CommandID != r1.CommandID {
		t.Errorf("replay: %+v %v", r2, err)
	}
	_, err = c.Send(ctx, id, client.OpPrompt, client.TextRequest{Text: "twice", RequestID: "same"})
	wantCode(t, "same id, other body", err, client.CodeRequestIDConflict)

	_, err = c.Prompt(ctx, id, strings.Repeat("x", client.MaxTextBytes+1))
	wantCode(t, "text over 64 KiB", err, client.CodeInvalidRequest)
	_, err = c.SetRoomPolicy(ctx, id, "anarchy")
	wantCode(t, "bad policy", err, client.CodeInvalidRequest)
	_, err = c.Inspect(ctx, "no-such-session")
	wantCode(t, "unknown session", err, client.CodeNotFound)
	mismatch, err := c.Call(ctx, client.OpCreate, "", json.RawMessage(`{"requestId":"g1","graphId":"other"}`))
	wantCode(t, "graph mismatch", err, client.CodeGraphMismatch)
	if f := mismatch; f == nil || f.Type != client.TypeError || f.Code != client.CodeGraphMismatch || f.RequestID != "g1" {
		t.Errorf("the refusal's frame: %+v", f)
	}

	bad := dial(t, srv, "wrong-token", "demo")
	_, err = bad.List(ctx)
	wantCode(t, "bad token", err, client.CodeUnauthenticated)

	if p, err := c.SetRoomPolicy(ctx, id, client.PolicyCoDrive); err != nil || p != client.PolicyCoDrive {
		t.Errorf("policy: %q %v", p, err)
	}
	title := "  a   new\tname "
	s, err := c.Rename(ctx, id, &title)
	if err != nil || s.Title == nil || *s.Title != "a new name" {
		t.Errorf("rename: %+v %v", s, err)
	}
	if s, err := c.Rename(ctx, id, nil); err != nil || s.Title != nil {
		t.Errorf("rename to nil: %+v %v", s, err)
	}
	caps, err := c.Capsule(ctx, id)
	if err != nil || caps.Schema != client.CapsuleSchema || caps.Authority.Mutations {
		t.Errorf("capsule: %+v %v", caps, err)
	}
	if err := c.Release(ctx, id); err != nil {
		t.Errorf("release: %v", err)
	}
	_, err = c.Prompt(ctx, id, "nobody drives")
	wantCode(t, "prompt with no lease", err, client.CodeLeaseRequired)
	if _, err := c.Claim(ctx, id); err != nil {
		t.Errorf("claim: %v", err)
	}

	snap, err := c.Inspect(ctx, id)
	if err != nil || len(snap.Transcript) == 0 {
		t.Fatalf("inspect: %v", err)
	}
	fk, err := c.Fork(ctx, id, snap.Transcript[0].EntryID)
	if err != nil || fk.Session.Parent == nil || fk.Session.Parent.Kind != "fork" || fk.SelectedText == "" {
		t.Errorf("fork before the first message: %+v %v", fk, err)
	}
	cl, err := c.Clone(ctx, id)
	if err != nil || cl.Session.Parent == nil || cl.Session.Parent.Kind != "clone" {
		t.Errorf("clone: %+v %v", cl, err)
	}
	if _, err := c.Shutdown(ctx, id); err != nil {
		t.Errorf("shutdown: %v", err)
	}
	out, err := c.Delete(ctx, id)
	if err != nil {
		t.Fatalf("delete: %v", err)
	}
	if out.Deleted.Mirror == nil || !out.MirrorTrashed || out.MirrorErr != nil {
		t.Errorf("a mirrored session's delete: %+v", out)
	}
	if tr := srv.Trashed(); len(tr) != 1 || tr[0].DocumentID != out.Deleted.Mirror.DocumentID {
		t.Errorf("host recorded trash: %+v", tr)
	}
	_, err = c.Delete(ctx, id)
	wantCode(t, "repeated delete", err, client.CodeNotFound)
}

// TestAccountsAndDoors covers GET /account for each kind and a visitor with
// neither door.
func TestAccountsAndDoors(t *testing.T) {
	srv := vehicletest.NewServer(t, vehicletest.WithPublicGraphs("cows"))
	ctx := ctxT(t)
	m, err := dial(t, srv, adaToken, "demo").Account(ctx)
	if err != nil || m.Kind != client.AccountMember {
		t.Errorf("member: %+v %v", m, err)
	}
	v, err := client.New(srv.URL, client.WithGraph("cows"), client.WithVisitorID("visitor-1"))
	if err != nil {
		t.Fatal(err)
	}
	acc, err := v.Account(ctx)
	if err != nil || acc.Kind != client.AccountAnonymous || acc.Doors == nil {
		t.Errorf("visitor: %+v %v", acc, err)
	}
	_, err = v.Create(ctx, client.CreateRequest{})
	wantCode(t, "visitor with no key", err, client.CodeModelKeyRequired)
	var e *client.Error
	if errors.As(err, &e) && (e.Doors() == nil || e.Doors().BYOK.Header != "X-Model-Key") {
		t.Errorf("doors: %s", e.Details)
	}
	byok, _ := client.New(srv.URL, client.WithGraph("cows"), client.WithVisitorID("visitor-1"), client.WithModelKey("sk-or-secret"))
	cr, err := byok.Create(ctx, client.CreateRequest{})
	if err != nil || cr.Session.Funding != "byok" || cr.Session.Access != "reader" {
		t.Fatalf("byok session: %+v %v", cr, err)
	}
	caps, err := byok.Capsule(ctx, cr.Session.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := jsonString(caps); strings.Contains(b, "sk-or-secret") {
		t.Error("the capsule carries the model key")
	}
}

func jsonString(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// TestSendRecoversDelegation: a text command refused for want of a delegation
// token makes the owner's request that hands one over, then goes through once.
func TestSendRecoversDelegation(t *testing.T) {
	srv := vehicletest.NewServer(t)
	ctx := ctxT(t)
	c := dial(t, srv, adaToken, "demo")
	cr, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	srv.WithholdDelegation(true) // the prompt brings no token; an inspect does
	if !srv.DropDelegation(id) {
		t.Fatal("no session to revive")
	}
	a, err := c.Prompt(ctx, id, "are you back?")
	if err != nil || a.Replayed {
		t.Fatalf("prompt after a revival: %+v %v", a, err)
	}
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, cmd := range snap.Commands {
		if cmd.Op == client.OpPrompt {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d prompt commands, want 1", n)
	}
}
