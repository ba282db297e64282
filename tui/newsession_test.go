package tui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// TestClaimTTL (issue 25.9): Config.ClaimTTL (--ttl) is the ttl of every
// lease the UI claims, an existing session's too: opening one claims it
// for 15 minutes, not the host's 5.
func TestClaimTTL(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.ClaimTTL = newSession(t, ada, "Long lease"), 15*time.Minute
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal · until 09:45:00 · 15m left")
	var last client.LeaseValue
	for _, ev := range srv.Events(cfg.SessionID) {
		if ev.Type == client.EvLeaseClaimed || ev.Type == client.EvLeaseRenewed {
			_ = ev.Decode(&last)
		}
	}
	if got := last.ExpiresAt.Sub(t0); got != 15*time.Minute {
		t.Errorf("the lease lasts %v, want 15m", got)
	}
}

// TestNewSessionForm (issue 25.9): ctrl+n (and /new) opens a form of the
// new session's title, profile, model and budget per run, filled in with
// what the command line asked for; a field that does not read is refused
// in words and the form stays; enter starts the session with what it
// says, which the host keeps (its budget shows on the status line).
func TestNewSessionForm(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	cfg := hostConfig(t, ada)
	cfg.NewSession = client.CreateRequest{Model: "echo", MaxCostUSD: 0.5}
	a := drive(t, "ada", cfg, 100, 30)
	a.see("0 sessions")
	a.send(keyCtrlN)
	a.seeBoxed("New session", "▸ title", "profile ● chat ○ agent (owners only)", "model echo",
		"max turns the host's default", "max cost 0.5 US dollars a run", "enter starts it")
	a.send(typing("Herd plans")...)
	a.send(keyDown, tea.KeyPressMsg{Code: tea.KeyRight}) // the profile: agent
	a.send(keyDown, keyDown)
	a.send(typing("twenty")...)
	a.send(keyEnter)
	a.seeBoxed("✗ max turns: a whole number of model turns per run, 1 or more, like 20")
	if a.m.tiles.Focused() != nil {
		t.Fatal("a form that does not read started a session")
	}
	a.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	a.send(typing("20")...)
	a.send(keyDown)
	a.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	a.send(typing("1.5")...)
	a.send(keyEnter)
	a.see("vehicle · Herd plans", "agent · bwrap · echo", "● you drive from this terminal", "run 0/20 turns · $0.0000/$1.50")
	list, err := ada.List(t.Context())
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions: %v %+v", err, list)
	}
	if s := list[0]; s.Budget.MaxTurns != 20 || s.Budget.MaxCostUSD != 1.5 || s.Profile != client.ProfileAgent || s.Model != "echo" {
		t.Errorf("the host made %+v, want agent, echo, 20 turns, $1.50", s)
	}

	// The one-key path: the form as filled in, started at once.
	a.send(keyCtrlO)
	a.see("1 session")
	a.send(keyCtrlN)
	a.see("New session")
	a.send(keyCtrlN)
	a.see("chat · echo", "run 0/12 turns · $0.0000/$0.50")
	if a.m.top() != nil {
		t.Errorf("the form stayed: %T", a.m.top())
	}
}

// TestNewSessionFormLease (issue 36): the form has the lease's ttl next to
// the budget; the session is made with it, and this terminal's claims ask
// for it again (opening the session claims it: with the host's 5 minutes
// the lease would go back to them), so the lease line says its end.
func TestNewSessionFormLease(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	a := drive(t, "ada", hostConfig(t, ada), 100, 30)
	a.see("0 sessions")
	a.send(keyCtrlN)
	a.seeBoxed("max cost the host's default", "lease the host's default")
	for range 5 {
		a.send(keyTab)
	}
	a.seeBoxed("▸ lease", "lease: how long it lasts unused before another terminal may take it, like 10m or 90s")
	a.send(typing("20m")...)
	a.send(keyEnter)
	a.see("● you drive from this terminal · until 09:50:00 · 20m left")
	list, err := ada.List(t.Context())
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions: %v %+v", err, list)
	}
	var last client.LeaseValue
	for _, ev := range srv.Events(list[0].SessionID) {
		if ev.Type == client.EvLeaseClaimed || ev.Type == client.EvLeaseRenewed {
			_ = ev.Decode(&last)
		}
	}
	if got := last.ExpiresAt.Sub(t0); got != 20*time.Minute {
		t.Errorf("the lease lasts %v, want the 20m asked", got)
	}
}

// TestNewSessionFormModels (issue 36): an account with credit and no key
// of its own is offered the credit's models, which GET /account names: the
// form says them and refuses another name before asking the host, and
// starts the session with one of them.
func TestNewSessionFormModels(t *testing.T) {
	t.Parallel()
	_, dee := deeOnPublic(t)
	a := drive(t, "dee", hostConfig(t, dee), 120, 30)
	a.see("0 sessions")
	a.send(keyCtrlN)
	a.send(keyTab, keyTab)
	a.seeBoxed("▸ model ▏openrouter/deepseek/deepseek-v4.1-flash",
		"model: it offers openrouter/deepseek/deepseek-v4.1-flash, openrouter/qwen/qwen3.5-flash")
	a.send(typing("gpt-4o")...)
	a.send(keyEnter)
	a.seeBoxed("✗ model: “gpt-4o” is not one the host offers you")
	if list, _ := dee.List(t.Context()); len(list) != 0 || a.m.top() == nil {
		t.Fatalf("a model not offered was asked for: %d sessions, form %T", len(list), a.m.top())
	}
	a.send(keyCtrlU)
	a.send(typing("openrouter/qwen/qwen3.5-flash")...)
	a.seeBoxed("✓ “openrouter/qwen/qwen3.5-flash” is offered")
	a.send(keyEnter)
	a.see("● you drive from this terminal")
	if list, err := dee.List(t.Context()); err != nil || len(list) != 1 || list[0].Model != "openrouter/qwen/qwen3.5-flash" {
		t.Fatalf("the host made %+v (%v)", list, err)
	}
}
