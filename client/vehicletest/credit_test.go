package vehicletest

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

func TestCreditRunsOutThenKeySwitchesToBYOK(t *testing.T) {
	h := newPublic(t)
	s := h.create(dee, "pub").Session.SessionID
	ok(t, h.verb(dee, "pub", s, "prompt", "text", "hi"), client.TypeCommandAccepted)
	h.settled(s, 1)
	h.srv.SpendCredit("cognito:dee", 0.6) // a run debited below zero
	if bal := account(t, h, dee).Credit.BalanceUSD; bal >= 0 {
		t.Fatalf("balance %v, want below zero", bal)
	}
	r := h.verb(dee, "pub", s, "prompt", "text", "more")
	refused(t, r, client.CodeOutOfCredit)
	var d struct{ Doors client.Doors }
	r.details(t, &d)
	if d.Doors.BYOK.Header != "X-Model-Key" {
		t.Fatalf("out_of_credit names no door: %s", r.raw)
	}
	withKey := hdr{token: dee.token, key: "sk-or-dee"}
	ok(t, h.verb(withKey, "pub", s, "prompt", "text", "more"), client.TypeCommandAccepted)
	h.settled(s, 2)
	if f := h.snapshot(dee, "pub", s).Session.Funding; f != "byok" {
		t.Fatalf("funding after a key: %q, want byok", f)
	}
	if bal := account(t, h, dee).Credit.BalanceUSD; bal >= 0 {
		t.Fatalf("a byok run was debited from credit: %v", bal)
	}
}

func TestCreditPoolCloses(t *testing.T) {
	h := newPublic(t)
	s := h.create(dee, "pub").Session.SessionID
	h.srv.SpendCredit("cognito:eve", 5) // everyone's credit for the day
	if account(t, h, dee).Credit.PoolOpenToday {
		t.Fatal("the pool is shown open after the day's cap")
	}
	refused(t, h.verb(dee, "pub", s, "prompt", "text", "hi"), client.CodeCreditPoolExhausted)
	ok(t, h.verb(hdr{token: dee.token, key: "sk-or-dee"}, "pub", s, "prompt", "text", "hi"), client.TypeCommandAccepted)
	h.settled(s, 1)
}

// TestAccountFields checks GET /account carries every field of the seed
// for a Sophia account, false and zero values included, and the visitor's.
func TestAccountFields(t *testing.T) {
	h := newPublic(t)
	fields := func(who hdr) map[string]json.RawMessage {
		r := h.do("GET", "/account", who, nil)
		if r.status != http.StatusOK {
			t.Fatalf("account: %d %s", r.status, r.raw)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r.raw, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	need := func(m map[string]json.RawMessage, keys ...string) {
		t.Helper()
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("GET /account has no %q: %v", k, m)
			}
		}
	}
	eveAccount := fields(eve) // unverified: emailVerified false, no credit granted
	need(eveAccount, "kind", "principal", "email", "emailVerified", "turnsToday", "turnsPerDay", "sessionMaxTurns", "credit", "doors", "byok")
	var credit map[string]json.RawMessage
	_ = json.Unmarshal(eveAccount["credit"], &credit)
	need(credit, "balanceUsd", "grantedUsd", "spentUsd", "defaultModel", "models", "poolOpenToday")
	var byok map[string]json.RawMessage
	_ = json.Unmarshal(eveAccount["byok"], &byok)
	need(byok, "provider", "defaultModel")
	if string(eveAccount["emailVerified"]) != "false" {
		t.Errorf("emailVerified %s, want false", eveAccount["emailVerified"])
	}
	need(fields(hdr{visitor: "v1"}), "kind", "turnsToday", "turnsPerDay", "sessionMaxTurns", "doors", "byok")
	need(fields(ada), "kind", "principal", "turnsToday")
}
