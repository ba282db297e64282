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
