package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// contractErrors is the contract's error table (vehicle-http.md, "Errors"):
// every code with its HTTP status.
func contractErrors() map[string]int {
	return map[string]int{
		client.CodeInvalidJSON:          http.StatusBadRequest,
		client.CodeInvalidRequest:       http.StatusBadRequest,
		client.CodeGraphMismatch:        http.StatusBadRequest,
		client.CodeUnauthenticated:      http.StatusUnauthorized,
		client.CodeModelKeyRequired:     http.StatusPaymentRequired,
		client.CodeOutOfCredit:          http.StatusPaymentRequired,
		client.CodeForbiddenProfile:     http.StatusForbidden,
		client.CodeAccessReduced:        http.StatusForbidden,
		client.CodeNotFound:             http.StatusNotFound,
		client.CodeLeaseHeld:            http.StatusConflict,
		client.CodeLeaseRequired:        http.StatusConflict,
		client.CodeSessionRunning:       http.StatusConflict,
		client.CodeRequestIDConflict:    http.StatusConflict,
		client.CodeDelegationRequired:   http.StatusConflict,
		client.CodeDailyTurnLimit:       http.StatusTooManyRequests,
		client.CodeSessionTurnLimit:     http.StatusTooManyRequests,
		client.CodeCreditPoolExhausted:  http.StatusTooManyRequests,
		client.CodeNotImplemented:       http.StatusNotImplemented,
		client.CodeIsolationUnavailable: http.StatusServiceUnavailable,
	}
}

// codeCase provokes one refusal on a host of its own. provoke leaves in the
// fixture the client refused and its session; then, when set, checks the
// details and what still works afterwards.
type codeCase struct {
	name    string
	code    string
	opt     vehicletest.Option // nil: the host's defaults
	provoke func(fx *codeFixture) error
	then    func(fx *codeFixture, e *client.Error)
}

// codeFixture is one case's host and what its provoke left behind.
type codeFixture struct {
	t   *testing.T
	ctx context.Context
	srv *vehicletest.Server
	c   *client.Client // the client that was refused
	id  string         // the session it was refused on, if any
}

// TestEveryErrorCode provokes every code of the contract's error table
// through the library's typed calls against the reference host, and checks
// the code, the HTTP status, the details the contract names and what still
// works after the refusal.
func TestEveryErrorCode(t *testing.T) {
	table := contractErrors()
	seen := map[string]bool{}
	for _, tc := range slices.Concat(requestCases(), leaseCases(), roleCases(), doorCases(), limitCases()) {
		seen[tc.code] = true
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fx := newCodeFixture(t, tc.opt)
			e := wantRefusal(t, tc.provoke(fx), tc.code, table[tc.code])
			if tc.then != nil {
				tc.then(fx, e)
			}
		})
	}
	for code, status := range table {
		if !seen[code] {
			t.Errorf("no case provokes %s (HTTP %d)", code, status)
		}
		if client.StatusOf(code) != status {
			t.Errorf("StatusOf(%s) = %d, the contract says %d", code, client.StatusOf(code), status)
		}
	}
}

// wantRefusal checks that err is the host's refusal with code and status,
// typed as *client.Error and not a transport failure.
func wantRefusal(t *testing.T, err error, code string, status int) *client.Error {
	t.Helper()
	var e *client.Error
	if !errors.As(err, &e) || client.IsTransport(err) {
		t.Fatalf("want %s (HTTP %d), got %v", code, status, err)
	}
	if e.Code != code || e.Status != status || client.StatusOf(code) != status || e.Message == "" {
		t.Fatalf("want %s (HTTP %d), got %s (HTTP %d): %q", code, status, e.Code, e.Status, e.Message)
	}
	if !errors.Is(err, &client.Error{Code: code}) || client.ErrorCode(err) != code {
		t.Fatalf("%v does not match its code %s", err, code)
	}
	return e
}

func newCodeFixture(t *testing.T, opt vehicletest.Option) *codeFixture {
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
	opts := []vehicletest.Option{vehicletest.WithPeople(append(vehicletest.DefaultPeople(), dee)...), vehicletest.WithPublicGraphs("pub")}
	if opt != nil {
		opts = append(opts, opt)
	}
	return &codeFixture{t: t, ctx: ctxT(t), srv: vehicletest.NewServer(t, opts...)}
}

// dial is a client of a person of the table ("dee-token": a verified Sophia
// account) on a graph.
func (fx *codeFixture) dial(token, graph string, opts ...client.Option) *client.Client {
	return dial(fx.t, fx.srv, token, graph, opts...)
}

// visitor is a client of an anonymous visitor on graph pub, with its own
// model key unless key is "". The same id gives the same client id.
func (fx *codeFixture) visitor(id, key string) *client.Client {
	opts := []client.Option{client.WithGraph("pub"), client.WithVisitorID(id), client.WithClientID(id + "-term")}
	if key != "" {
		opts = append(opts, client.WithModelKey(key))
	}
	c, _ := client.New(fx.srv.URL, opts...) // fails only on a bad address
	return c
}

// open creates a session with c, keeps both in the fixture and fails the
// test when refused.
func (fx *codeFixture) open(c *client.Client, r client.CreateRequest) string {
	fx.t.Helper()
	cr, err := c.Create(fx.ctx, r)
	if err != nil {
		fx.t.Fatalf("create: %v", err)
	}
	fx.c, fx.id = c, cr.Session.SessionID
	return fx.id
}

// prompt sends a prompt and fails the test when refused.
func (fx *codeFixture) prompt(c *client.Client, id, text string) {
	fx.t.Helper()
	if _, err := c.Prompt(fx.ctx, id, text); err != nil {
		fx.t.Fatalf("prompt %q: %v", text, err)
	}
}

// spend opens a session with c, runs one prompt and waits until it has
// settled (and a credit run is debited).
func (fx *codeFixture) spend(c *client.Client) string {
	fx.t.Helper()
	id := fx.open(c, client.CreateRequest{})
	fx.prompt(c, id, "spend a turn")
	waitFor(fx.t, c, id, 0, client.EvRunSettled)
	return id
}

// wantDoors checks the details of a refusal name both doors.
func wantDoors(t *testing.T, e *client.Error) {
	t.Helper()
	d := e.Doors()
	if d == nil || d.BYOK.Header != "X-Model-Key" || d.Account.Header != "Authorization" || !strings.Contains(e.Message, "X-Model-Key") {
		t.Errorf("%s without both doors: %q %s", e.Code, e.Message, e.Details)
	}
}

// garbler cuts the last byte off every request body on its way to the host,
// as a broken proxy would, so the host gets a body that is not JSON.
type garbler struct{ next http.RoundTripper }

// RoundTrip sends a copy of r whose body lost its last byte.
func (g garbler) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return g.next.RoundTrip(r)
	}
	raw, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	raw = raw[:max(len(raw)-1, 0)]
	out := r.Clone(r.Context())
	out.Body, out.ContentLength, out.GetBody = io.NopCloser(bytes.NewReader(raw)), int64(len(raw)), nil
	return g.next.RoundTrip(out)
}

func requestCases() []codeCase {
	return []codeCase{{
		name: "invalid_json: a body cut short on the way", code: client.CodeInvalidJSON,
		provoke: func(fx *codeFixture) error {
			tr := &http.Transport{}
			fx.t.Cleanup(tr.CloseIdleConnections)
			fx.c = fx.dial(adaToken, "demo", client.WithHTTPClient(&http.Client{Transport: garbler{next: tr}}))
			_, err := fx.c.Create(fx.ctx, client.CreateRequest{RequestID: "rq-json"})
			return err
		},
		then: func(fx *codeFixture, e *client.Error) {
			if e.RequestID != "rq-json" {
				fx.t.Errorf("the refusal lost its request id: %q", e.RequestID)
			}
			if l, err := fx.dial(adaToken, "demo").List(fx.ctx); err != nil || len(l) != 0 {
				fx.t.Errorf("a body that is not JSON made a session: %+v %v", l, err)
			}
		},
	}, {
		name: "invalid_request: fork at an unknown entry", code: client.CodeInvalidRequest,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo"), client.CreateRequest{})
			_, err := fx.c.Fork(fx.ctx, id, "no-such-entry")
			return err
		},
	}, {
		name: "graph_mismatch: the body names another graph", code: client.CodeGraphMismatch,
		provoke: func(fx *codeFixture) error {
			_, err := fx.dial(adaToken, "demo").Create(fx.ctx, client.CreateRequest{GraphID: "other"})
			return err
		},
	}, {
		name: "unauthenticated: no credential at all", code: client.CodeUnauthenticated,
		provoke: func(fx *codeFixture) error {
			c, _ := client.New(fx.srv.URL, client.WithGraph("demo"))
			_, err := c.List(fx.ctx)
			return err
		},
	}, {
		name: "not_found: a deleted session", code: client.CodeNotFound,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo"), client.CreateRequest{})
			if _, err := fx.c.Delete(fx.ctx, id); err != nil {
				fx.t.Fatalf("delete: %v", err)
			}
			_, err := fx.c.Inspect(fx.ctx, id)
			return err
		},
	}, {
		name: "request_id_conflict: a create again with another body", code: client.CodeRequestIDConflict,
		provoke: func(fx *codeFixture) error {
			fx.open(fx.dial(adaToken, "demo"), client.CreateRequest{RequestID: "new-1"})
			_, err := fx.c.Create(fx.ctx, client.CreateRequest{RequestID: "new-1", Title: "another"})
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			cr, err := fx.c.Create(fx.ctx, client.CreateRequest{RequestID: "new-1"})
			if err != nil || !cr.Replayed || cr.Session.SessionID != fx.id {
				fx.t.Errorf("the same body again is not the original answer replayed: %+v %v", cr, err)
			}
		},
	}}
}

func leaseCases() []codeCase {
	return []codeCase{{
		name: "lease_held: another client of the same person", code: client.CodeLeaseHeld,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo", client.WithClientID("term-a")), client.CreateRequest{})
			fx.c = fx.dial(adaToken, "demo", client.WithClientID("term-b"))
			_, err := fx.c.Prompt(fx.ctx, id, "from the other terminal")
			return err
		},
		then: func(fx *codeFixture, e *client.Error) {
			d, ok := e.LeaseHeld()
			if !ok || !d.CanTakeOver || d.Holder == nil || d.Holder.ClientID != "term-a" || d.Holder.ExpiresAt.IsZero() || d.Holder.Principal != "" {
				fx.t.Errorf("lease_held details: %s", e.Details)
			}
		},
	}, {
		name: "lease_required: nobody holds the lease", code: client.CodeLeaseRequired,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo"), client.CreateRequest{})
			if err := fx.c.Release(fx.ctx, id); err != nil {
				fx.t.Fatalf("release: %v", err)
			}
			_, err := fx.c.Send(fx.ctx, id, client.OpPrompt, client.TextRequest{Text: "after a claim", RequestID: "retry-1"})
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			if _, err := fx.c.Claim(fx.ctx, fx.id); err != nil {
				fx.t.Fatalf("claim: %v", err)
			}
			a, err := fx.c.Send(fx.ctx, fx.id, client.OpPrompt, client.TextRequest{Text: "after a claim", RequestID: "retry-1"})
			if err != nil || a.Replayed {
				fx.t.Fatalf("the retry after claiming: %+v %v (a refusal is not remembered)", a, err)
			}
		},
	}, {
		name: "session_running: delete during a run", code: client.CodeSessionRunning,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo"), client.CreateRequest{})
			fx.prompt(fx.c, id, "#hold until aborted")
			_, err := fx.c.Delete(fx.ctx, id)
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			if _, err := fx.c.Abort(fx.ctx, fx.id); err != nil {
				fx.t.Fatalf("abort: %v", err)
			}
			if _, err := fx.c.Delete(fx.ctx, fx.id); err != nil {
				fx.t.Errorf("delete after the abort: %v", err)
			}
		},
	}, {
		name: "delegation_required: revived with no delegation token", code: client.CodeDelegationRequired,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo"), client.CreateRequest{})
			fx.srv.WithholdDelegation(true) // the prompt brings no token; an inspect does
			if !fx.srv.DropDelegation(id) {
				fx.t.Fatal("DropDelegation found no session")
			}
			// A client that never retries; Send and Call recover by themselves
			// (TestSendRecoversDelegation).
			_, err := rawPrompt(fx, id, `{"text":"are you back?","requestId":"deleg-1","clientId":"`+fx.c.ClientID()+`"}`)
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			if _, err := fx.c.Inspect(fx.ctx, fx.id); err != nil { // the owner's next request hands a token over
				fx.t.Fatalf("inspect: %v", err)
			}
			a, err := fx.c.Send(fx.ctx, fx.id, client.OpPrompt, client.TextRequest{Text: "are you back?", RequestID: "deleg-1"})
			if err != nil || a.Replayed {
				fx.t.Fatalf("the same prompt after an inspect: %+v %v", a, err)
			}
		},
	}}
}

func roleCases() []codeCase {
	agent := client.CreateRequest{Profile: client.ProfileAgent}
	return []codeCase{{
		name: "forbidden_profile: an agent session for an editor", code: client.CodeForbiddenProfile,
		provoke: func(fx *codeFixture) error {
			_, err := fx.dial(boToken, "demo").Create(fx.ctx, agent)
			return err
		},
	}, {
		name: "access_reduced: a writer whose role dropped to viewer", code: client.CodeAccessReduced,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(boToken, "demo"), client.CreateRequest{})
			fx.srv.SetRole("user:bo", "demo", vehicletest.RoleViewer)
			_, err := fx.c.Prompt(fx.ctx, id, "still mine?")
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			if _, err := fx.c.Inspect(fx.ctx, fx.id); err != nil {
				fx.t.Errorf("a viewer may read: %v", err)
			}
			title := "kept for later"
			if s, err := fx.c.Rename(fx.ctx, fx.id, &title); err != nil || s.Title == nil || *s.Title != title {
				fx.t.Errorf("a viewer may rename: %+v %v", s, err)
			}
			if _, err := fx.c.Delete(fx.ctx, fx.id); err != nil {
				fx.t.Errorf("a viewer may delete: %v", err)
			}
		},
	}, {
		name: "access_reduced: an agent session of an owner now editor", code: client.CodeAccessReduced,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.dial(adaToken, "demo"), agent)
			fx.srv.SetRole("user:ada", "demo", vehicletest.RoleEditor)
			_, err := fx.c.Prompt(fx.ctx, id, "run ls")
			return err
		},
	}, {
		name: "not_implemented: agent sessions in a microvm", code: client.CodeNotImplemented,
		opt: vehicletest.WithIsolation(vehicletest.IsolationMicroVM),
		provoke: func(fx *codeFixture) error {
			fx.c = fx.dial(adaToken, "demo")
			_, err := fx.c.Create(fx.ctx, agent)
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			fx.open(fx.c, client.CreateRequest{}) // a chat session needs no box
		},
	}, {
		name: "isolation_unavailable: the host cannot make the box", code: client.CodeIsolationUnavailable,
		opt: vehicletest.WithIsolation(vehicletest.IsolationUnavailable),
		provoke: func(fx *codeFixture) error {
			_, err := fx.dial(adaToken, "demo").Create(fx.ctx, client.CreateRequest{RequestID: "box-1", Profile: client.ProfileAgent})
			return err
		},
		then: func(fx *codeFixture, e *client.Error) {
			if !strings.Contains(e.Message, "bwrap") {
				fx.t.Errorf("the refusal does not give the reason: %q", e.Message)
			}
			n := 0
			for _, r := range fx.srv.Requests() {
				if r.RequestID == "box-1" {
					n++
				}
			}
			if n != 1 {
				fx.t.Errorf("a 503 refusal was sent %d times: a refusal is never retried", n)
			}
		},
	}}
}

func doorCases() []codeCase {
	return []codeCase{{
		name: "model_key_required: a visitor with neither door", code: client.CodeModelKeyRequired,
		provoke: func(fx *codeFixture) error {
			_, err := fx.visitor("v-none", "").Create(fx.ctx, client.CreateRequest{})
			return err
		},
		then: func(fx *codeFixture, e *client.Error) { wantDoors(fx.t, e) },
	}, {
		name: "model_key_required: a byok session after a restart", code: client.CodeModelKeyRequired,
		provoke: func(fx *codeFixture) error {
			id := fx.open(fx.visitor("v-byok", "sk-or-byok"), client.CreateRequest{})
			fx.srv.Restart()
			_, err := fx.visitor("v-byok", "").Prompt(fx.ctx, id, "after the restart")
			return err
		},
		then: func(fx *codeFixture, e *client.Error) {
			wantDoors(fx.t, e)
			fx.prompt(fx.c, fx.id, "with my key again")
		},
	}, {
		name: "out_of_credit: an account whose credit is spent", code: client.CodeOutOfCredit,
		opt: vehicletest.WithLimits(vehicletest.Limits{SignupGrantUSD: 0.001}),
		provoke: func(fx *codeFixture) error {
			id := fx.spend(fx.dial("dee-token", "pub"))
			_, err := fx.c.Prompt(fx.ctx, id, "one more")
			return err
		},
		then: func(fx *codeFixture, e *client.Error) {
			wantDoors(fx.t, e)
			if a, err := fx.c.Account(fx.ctx); err != nil || a.Credit == nil || a.Credit.BalanceUSD > 1e-9 {
				fx.t.Errorf("account after spending: %+v %v", a, err)
			}
			g := client.GrantRequest{Principal: "cognito:dee", AmountUSD: 1, Source: "purchase", Key: "pay-1"}
			if _, err := fx.dial(adaToken, "demo").Grant(fx.ctx, g); err != nil {
				fx.t.Fatalf("grant: %v", err)
			}
			fx.prompt(fx.c, fx.id, "one more")
		},
	}}
}

func limitCases() []codeCase {
	return []codeCase{{
		name: "daily_turn_limit: a visitor's turns today", code: client.CodeDailyTurnLimit,
		opt: vehicletest.WithLimits(vehicletest.Limits{TurnsPerDay: 1}),
		provoke: func(fx *codeFixture) error {
			v := fx.visitor("v-day", "sk-or-day")
			fx.prompt(v, fx.open(v, client.CreateRequest{}), "my one turn")
			_, err := v.Prompt(fx.ctx, fx.open(v, client.CreateRequest{}), "and in a new conversation")
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			if a, err := fx.c.Account(fx.ctx); err != nil || a.TurnsToday != 1 || a.TurnsPerDay != 1 {
				fx.t.Errorf("account: %+v %v", a, err)
			}
		},
	}, {
		name: "session_turn_limit: a conversation's turns", code: client.CodeSessionTurnLimit,
		opt: vehicletest.WithLimits(vehicletest.Limits{SessionMaxTurns: 1}),
		provoke: func(fx *codeFixture) error {
			v := fx.visitor("v-conv", "sk-or-conv")
			id := fx.open(v, client.CreateRequest{})
			fx.prompt(v, id, "my one turn here")
			_, err := v.FollowUp(fx.ctx, id, "one more here")
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			fx.prompt(fx.c, fx.open(fx.c, client.CreateRequest{}), "a new conversation")
		},
	}, {
		name: "credit_pool_exhausted: today's credit for everyone", code: client.CodeCreditPoolExhausted,
		opt: vehicletest.WithLimits(vehicletest.Limits{CreditDailyCapUSD: 0.001}),
		provoke: func(fx *codeFixture) error {
			id := fx.spend(fx.dial("dee-token", "pub"))
			_, err := fx.c.Prompt(fx.ctx, id, "one more")
			return err
		},
		then: func(fx *codeFixture, _ *client.Error) {
			if a, err := fx.c.Account(fx.ctx); err != nil || a.Credit == nil || a.Credit.PoolOpenToday {
				fx.t.Errorf("account with the pool spent: %+v %v", a, err)
			}
			v := fx.visitor("v-own", "sk-or-own") // own keys still work
			fx.prompt(v, fx.open(v, client.CreateRequest{}), "on my key")
		},
	}}
}

// rawPrompt posts a prompt by hand, with none of the client's retries, and
// maps the answer as the client does.
func rawPrompt(fx *codeFixture, id, body string) (*client.Frame, error) {
	u := fx.srv.Base() + "/g/demo/sessions/" + id + "/prompt"
	req, err := http.NewRequestWithContext(fx.ctx, http.MethodPost, u, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+adaToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var f client.Frame
	if err := json.NewDecoder(resp.Body).Decode(&f); err != nil {
		return nil, err
	}
	if f.Type == client.TypeError {
		return &f, &client.Error{Status: resp.StatusCode, Code: f.Code, Message: f.Message, Details: f.Details}
	}
	return &f, nil
}
