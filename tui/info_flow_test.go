package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

var keyF4 = tea.KeyPressMsg{Code: tea.KeyF4}

// say types text and sends it once the last text has been answered.
func say(a *harness, text string) {
	a.t.Helper()
	a.until("the last send answered", func(string) bool { return a.m.tiles.Focused() != nil && !a.m.tiles.Focused().Sending() })
	a.send(typing(text)...)
	a.send(keyEnter)
}

// newAgent is a terminal of ada's started as `vehicle --new --profile agent`.
func newAgent(t *testing.T, srv *vehicletest.Server) *harness {
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-one"))
	cfg.New, cfg.NewSession = true, client.CreateRequest{Profile: client.ProfileAgent}
	return drive(t, "agent", cfg, 100, 30)
}

// TestAgentSessionBodyExits is an agent session whose body dies: the
// header says what the session is, the transcript says the body started,
// then that it exited with its code and the last line of its stderr, and
// the turn's failure; the screen does not stay running.
func TestAgentSessionBodyExits(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := newAgent(t, srv)
	a.see("agent · bwrap", "house", "● you drive from this terminal", "0 turns in this session")

	say(a, "work hard #crash")
	// The failure goes under the turn ("✗ failed: …") when the command was
	// delivered before the body died, else in a notice of its own ("✗ the
	// turn failed", then the error): the host's events may come either way.
	got := a.until("the body's exit and the turn's failure", func(s string) bool {
		return strings.Contains(s, "body exited (code 1)") && strings.Contains(s, "│ FATAL ERROR: Reached heap limit") &&
			(strings.Contains(s, "✗ failed: the agent's body exited") || strings.Contains(s, "✗ the turn failed")) &&
			strings.Contains(s, "with code 1: send the command again")
	})
	// the run settles aborted after the body's exit (the seed): the screen
	// does not stay running
	a.until("the run settled after the body exited", func(s string) bool { return !strings.Contains(s, "running") })
	if i, j := strings.Index(got, "pi-sophia: 5 graph tools"), strings.Index(got, "FATAL ERROR"); i < 0 || j < i {
		t.Errorf("the stderr's last lines are not shown in order:\n%s", got)
	}
	// "send the command again": its text is back in the composer (issue
	// 36, item 7)
	a.see("your prompt failed (the agent's body exited with code 1")
	if v := a.m.composer.Value(); v != "work hard #crash" {
		t.Errorf("after the crash the composer holds %q, want the command's text back", v)
	}
	a.m.composer.SetValue("")
	say(a, "again")
	a.see("body started (rpc · bwrap)", "You said: again")
}

// TestBodyEventsDrawLines sends every body event the reference host has a
// control for, and one of a type no one knows: each draws its line.
func TestBodyEventsDrawLines(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := newAgent(t, srv)
	a.see("agent · bwrap")
	say(a, "#retry #compact #notice #exterror hello")
	a.see("retrying the model request", "compacting the conversation", "conversation compacted",
		"extension error:", "You said:")
	id := a.m.tiles.Focused().ID()
	srv.IdleBody(id)
	a.see("body went dormant")
	srv.Emit(id, "body.teleported", map[string]string{"message": "somewhere else"})
	a.see("event body.teleported — somewhere else")
}

// TestHostRestartSettles is a restart under a running command: the
// transcript says the host restarted and nothing says running.
func TestHostRestartSettles(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := newAgent(t, srv)
	a.see("agent · bwrap")
	say(a, "#hold wait for me")
	a.see("running")
	srv.Restart()
	a.see("the host restarted: open commands were interrupted")
	got := a.until("the run settled", func(s string) bool { return !strings.Contains(s, "running") })
	if !strings.Contains(got, "the host restarted") {
		t.Errorf("the restart line is gone:\n%s", got)
	}
}

// TestInfoDialogMirror opens the session info: profile, model, funding and
// where the record lives, kept current as a write fails; mirror.failed is
// a notice in the transcript too.
func TestInfoDialogMirror(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := newAgent(t, srv)
	a.see("agent · bwrap")
	a.send(keyF4)
	got := a.see("profile  agent · bwrap", "funding  house", "access   you may drive it", "Where the record lives")
	if !strings.Contains(got, "· pending") && !strings.Contains(got, "· off") {
		t.Errorf("a new session's mirror is neither pending nor off:\n%s", got)
	}
	a.send(keyEsc)
	say(a, "hello")
	a.see("You said: hello")
	a.send(keyF4)
	a.see("✓ written to document", "at 2026-")
	a.send(keyEsc)
	say(a, "again #mirrorfail")
	a.see("the record was not written to the graph:")
	a.send(keyF4)
	a.see("✗ the last write failed")
}

// TestRefusedProfile is an editor asking for an agent session: the
// refusal is shown whole with what it means, not cut at the status line.
func TestRefusedProfile(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.New, cfg.NewSession = true, client.CreateRequest{Profile: client.ProfileAgent}
	b := drive(t, "editor", cfg, 80, 24)
	b.see("The session was not created", "forbidden_profile", "for an owner", "without --profile agent")

	srv2 := vehicletest.NewServer(t, vehicletest.WithIsolation(vehicletest.IsolationUnavailable))
	cfg = hostConfig(t, person(t, srv2, "ada-token", "cli-one"))
	cfg.New, cfg.NewSession = true, client.CreateRequest{Profile: client.ProfileAgent}
	c := drive(t, "no box", cfg, 80, 30)
	c.see("isolation_unavailable", "cannot make the box", "kernel.unprivileged_userns_clone")
}

// TestNewNoClaim is `vehicle --new --no-claim`: the session is made with
// claim false, and the person's Enter is a prompt that claims it, never a
// chime into their own session.
func TestNewNoClaim(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-one"))
	cfg.New, cfg.NoClaim = true, true
	a := drive(t, "no claim", cfg, 80, 24)
	a.see("○ nobody drives · your next message claims the lease", "0 turns in this session")
	id := a.m.tiles.Focused().ID()
	if n := count(srv, id, client.EvLeaseClaimed); n != 0 {
		t.Fatalf("%d claims at create, want 0 (claim: false)", n)
	}
	say(a, "mine")
	a.see("You said: mine", "● you drive from this terminal")
	if n := count(srv, id, client.EvChimeReceived); n != 0 {
		t.Errorf("%d chimes into the person's own session, want 0", n)
	}
}

// TestCloneLeavesNoLease clones a session from the picker: the copy is not
// opened, so the lease the clone took is released.
func TestCloneLeavesNoLease(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	newSession(t, one, "Original")
	a := drive(t, "picker", hostConfig(t, one), 80, 24)
	a.see("Original")
	a.send(keyClone)
	got := a.see("cloned as")
	list, err := one.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Lease != nil && s.Lease.ClientID == "cli-one" && s.Title != nil && *s.Title != "Original" {
			t.Errorf("the clone %s still holds this terminal's lease:\n%s", s.SessionID, got)
		}
	}
}

// TestAccessReducedReadOnly: once the person's role drops to viewer, the
// header says the person reads, not drives (issue 25.2: the refusal
// implies it).
func TestAccessReducedReadOnly(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	a := newAgent(t, srv)
	a.see("agent · bwrap · echo · house · demo/", "0 turns in this session")
	srv.SetRole("user:ada", "demo", vehicletest.RoleViewer)
	say(a, "still mine?")
	a.see("access_reduced", "agent · bwrap · echo · house · you read, not drive")
}

// TestVisitorSessionFacts: a visitor's session on a public graph with its
// own key is byok on the provider's default model, and a viewer's session
// (its agent reads the graph only); without a key the create is refused
// with its code.
func TestVisitorSessionFacts(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs("cows"))
	visitor := func(opts ...client.Option) Config {
		c, err := client.New(srv.URL, append([]client.Option{client.WithGraph("cows"), client.WithVisitorID("v-1")}, opts...)...)
		if err != nil {
			t.Fatal(err)
		}
		cfg := hostConfig(t, c)
		cfg.New = true
		return cfg
	}
	refused := drive(t, "visitor without a key", visitor(), 100, 24)
	refused.see("model_key_required")
	a := drive(t, "visitor", visitor(client.WithModelKey("sk-or-test")), 100, 24)
	got := a.see("chat · gpt-6-luna · byok · reads the graph only", "● you drive from this terminal")
	if strings.Contains(got, "read-only") { // issue 25.2: the visitor drives it; its agent only reads the graph
		t.Errorf("the visitor's own session reads as read-only:\n%s", got)
	}
	say(a, "hello")
	a.see("You said: hello")
	a.send(keyF4)
	a.see("funding  byok: your own model key pays", "reads the graph only (a viewer's session", "model    openrouter/openai/gpt-6-luna", "· skipped: ")
}
