package client_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestSetModelKeyWhileRequestsRun: a key set while requests run reaches the
// next requests, under the race detector, and clearing it stops it.
func TestSetModelKeyWhileRequestsRun(t *testing.T) {
	w := newWitness(t, false)
	c, err := client.New(w.URL, client.WithMount(""), client.WithGraph("demo"), client.WithToken(secretToken))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				if _, err := c.List(ctx); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for i := 0; i < 50; i++ {
		c.SetModelKey(secretKey)
		c.SetModelKey("")
	}
	wg.Wait()
	for _, tc := range []struct{ set, want string }{{" " + secretKey + "\n", secretKey}, {"", ""}} {
		c.SetModelKey(tc.set)
		if _, err := c.List(ctx); err != nil {
			t.Fatal(err)
		}
		w.mu.Lock()
		got := w.seen[len(w.seen)-1].Get("X-Model-Key")
		w.mu.Unlock()
		if got != tc.want || c.ModelKey() != tc.want {
			t.Errorf("after SetModelKey(%q): sent %q, ModelKey %q; want %q", tc.set, got, c.ModelKey(), tc.want)
		}
	}
}

// TestSetModelKeyScrubsEveryKey: a key replaced by another is still hidden
// from what the client returns.
func TestSetModelKeyScrubsEveryKey(t *testing.T) {
	c, err := client.New("http://127.0.0.1:1", client.WithModelKey("sk-first-secret"))
	if err != nil {
		t.Fatal(err)
	}
	c.SetModelKey("sk-second-secret")
	c.SetModelKey("")
	got := c.Scrub("a sk-first-secret b sk-second-secret")
	if got != "a [redacted] b [redacted]" {
		t.Errorf("Scrub = %q", got)
	}
}

// TestSetModelKeyCuresOutOfCredit: an account out of credit is refused; a
// key set on the same client lets the next prompt through, and the session
// runs on it (byok) from then on.
func TestSetModelKeyCuresOutOfCredit(t *testing.T) {
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("demo"),
		vehicletest.WithPeople(dee))
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("dee-token"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cr, err := c.Create(ctx, client.CreateRequest{Title: "Credit"})
	if err != nil {
		t.Fatal(err)
	}
	srv.SpendCredit("cognito:dee", 1)
	_, err = c.Prompt(ctx, cr.Session.SessionID, "refused")
	var e *client.Error
	if !errors.As(err, &e) || e.Code != client.CodeOutOfCredit {
		t.Fatalf("prompt out of credit: %v", err)
	}
	c.SetModelKey("sk-or-test-key")
	if _, err := c.Prompt(ctx, cr.Session.SessionID, "with my key"); err != nil {
		t.Fatalf("prompt with a key: %v", err)
	}
	snap, err := c.Inspect(ctx, cr.Session.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Session.Funding != "byok" {
		t.Errorf("funding after the key: %q, want byok", snap.Session.Funding)
	}
}
