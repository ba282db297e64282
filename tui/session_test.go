package tui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/composer"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// leaseHeld is the refusal of a claim while another client holds the lease.
func leaseHeld(holder *client.Lease, canTakeOver bool) error {
	d, _ := json.Marshal(client.LeaseHeldDetails{Holder: holder, CanTakeOver: canTakeOver})
	return &client.Error{Status: 409, Code: client.CodeLeaseHeld, Message: "another client holds the lease", Details: d}
}

// TestComposer is the composer's every state: drafts, sends, refusals, the run, the editor.
func TestComposer(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		steps steps
	}{
		{"empty", nil},
		{"multi-line", func(m *Model) []tea.Msg {
			msgs := typing("first")
			msgs = append(msgs, keyCtrlJ)
			msgs = append(msgs, typing("second")...)
			msgs = append(msgs, keyAltEnter)
			msgs = append(msgs, typing("third")...)
			msgs = append(msgs, keyShiftEnter)
			return append(msgs, typing("fourth")...)
		}},
		{"sending", func(m *Model) []tea.Msg { return append(typing("hello"), keyEnter) }},
		{"sent", func(m *Model) []tea.Msg {
			return append(typing("hello"), keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "hello"},
				Acc: &client.Accepted{CommandID: "c1", Op: client.OpPrompt, Status: "accepted", Disposition: "started"}})
		}},
		{"refused send keeps the text", func(m *Model) []tea.Msg {
			return append(typing("hello"), keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "hello"},
				Err: leaseHeld(lease("user:ada", "cli-other"), true)})
		}},
		{"running", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`))}
		}},
		{"queued follow-up", func(m *Model) []tea.Msg {
			return append(append([]tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`))}, typing("then this")...),
				keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpFollowUp, Text: "then this"},
					Acc: &client.Accepted{CommandID: "c2", Op: client.OpFollowUp, Status: "queued", Disposition: "queued"}},
				on(m, event(6, client.EvQueueUpdated, `{"queue":[{"commandId":"c2","op":"follow_up"}]}`)))
		}},
		{"steered", func(m *Model) []tea.Msg {
			return append(append([]tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`))}, typing("shorter")...),
				keyCtrlS, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpSteer, Text: "shorter"},
					Acc: &client.Accepted{CommandID: "c3", Op: client.OpSteer, Disposition: "handled"}})
		}},
		{"aborting", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)), keyEsc}
		}},
		{"editor hands the draft back", func(m *Model) []tea.Msg {
			return append(typing("draft"), keyEditor, composer.EditedMsg{Text: "draft\nedited in $EDITOR"})
		}},
		{"editor failed", func(m *Model) []tea.Msg {
			return append(typing("draft"), keyEditor, composer.EditedMsg{Err: errString("the editor nano failed (exit status 1); set $EDITOR to one that works")})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := driven(t, 80, 24)
			if c.steps != nil {
				feed(m, c.steps(m)...)
			}
			drawnAs(t, m, composerOf, statusOf)
		})
	}
}

// TestComposerNewlineKeys: ctrl+j, alt+enter and shift+enter insert a newline and send nothing.
func TestComposerNewlineKeys(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	for _, k := range []tea.KeyPressMsg{keyCtrlJ, keyAltEnter, keyShiftEnter} {
		feed(m, typing("x")...)
		feed(m, k)
	}
	if got := m.composer.Value(); got != "x\nx\nx\n" {
		t.Errorf("composer holds %q, want three lines", got)
	}
	if m.tiles.Focused().Sending() {
		t.Error("a newline key sent the draft")
	}
}

// TestEnterSendsWhatTheRunAllows sends once, and not again before the answer.
func TestEnterSendsWhatTheRunAllows(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, typing("hi")...)
	if cmd := m.send(""); cmd == nil || !m.tiles.Focused().Sending() {
		t.Fatal("enter did not send while idle")
	}
	if cmd := m.send(""); cmd != nil {
		t.Error("a second enter sent again before the answer")
	}
	feed(m, typing("more")...)
	if cmd := m.send(""); cmd != nil || m.composer.Value() != "more" {
		t.Errorf("enter before the answer sent the next text (or lost it: %q)", m.composer.Value())
	}
	if got := m.note.Text(); !strings.Contains(got, "your last message is still on its way") || !strings.Contains(got, "the text stays") {
		t.Errorf("enter before the answer is refused without a word: %q", got)
	}
}

// errString is an error with a fixed message.
type errString string

// Error is the message.
func (e errString) Error() string { return string(e) }

// TestLease is the lease pane for every relation, the offer, a takeover either way, and watching.
func TestLease(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		lease    *client.Lease
		claimErr error
		watch    bool
		steps    steps
	}{
		{name: "this terminal", lease: lease("user:ada", "cli-me")},
		{name: "offer", lease: lease("user:ada", "cli-other"), claimErr: leaseHeld(lease("user:ada", "cli-other"), true)},
		{name: "chose to watch", lease: lease("user:ada", "cli-other"), claimErr: leaseHeld(lease("user:ada", "cli-other"), true),
			steps: func(m *Model) []tea.Msg { return []tea.Msg{keyEnter} }},
		{name: "watching, enter offers the take-over", lease: lease("user:ada", "cli-other"),
			claimErr: leaseHeld(lease("user:ada", "cli-other"), true),
			steps:    func(m *Model) []tea.Msg { return append(append([]tea.Msg{keyEsc}, typing("hi")...), keyEnter) }},
		{name: "took over", lease: lease("user:ada", "cli-other"), claimErr: leaseHeld(lease("user:ada", "cli-other"), true),
			steps: func(m *Model) []tea.Msg {
				return []tea.Msg{keyDown, keyEnter, session.ClaimedMsg{Gen: m.tiles.Gen(), Takeover: true, Claim: &client.Claimed{
					Lease: *lease("user:ada", "cli-me"), TookOverFrom: lease("user:ada", "cli-other")}},
					on(m, event(5, client.EvLeaseRevoked, `{"clientId":"cli-other","by":"cli-me","reason":"takeover"}`)),
					on(m, event(6, client.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-me","expiresAt":"2026-10-14T10:30:00Z"}`))}
			}},
		{name: "someone else drives", lease: lease("user:bo", "cli-bo"), claimErr: leaseHeld(lease("user:bo", "cli-bo"), false)},
		{name: "nobody drives", lease: nil},
		{name: "taken over", lease: lease("user:ada", "cli-me"), steps: func(m *Model) []tea.Msg {
			return []tea.Msg{
				on(m, event(5, client.EvLeaseRevoked, `{"clientId":"cli-me","by":"cli-other","reason":"takeover"}`)),
				on(m, event(6, client.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-other","expiresAt":"2026-10-14T10:31:00Z"}`)),
			}
		}},
		{name: "taken over, then that terminal left", lease: lease("user:ada", "cli-me"), steps: func(m *Model) []tea.Msg {
			return []tea.Msg{
				on(m, event(5, client.EvLeaseRevoked, `{"clientId":"cli-me","by":"cli-other","reason":"takeover"}`)),
				on(m, event(6, client.EvLeaseClaimed, `{"principal":"user:ada","clientId":"cli-other","expiresAt":"2026-10-14T10:31:00Z"}`)),
				on(m, event(7, client.EvLeaseReleased, `{"clientId":"cli-other"}`)),
			}
		}},
		{name: "expired", lease: lease("user:ada", "cli-me"), steps: func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvLeaseExpired, `{"clientId":"cli-me"}`))}
		}},
		{name: "watch read-only", lease: lease("user:ada", "cli-other"), watch: true},
		{name: "watch read-only with another driver", lease: lease("user:bo", "cli-bo"), watch: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := testConfig(t)
			cfg.Watch = c.watch
			snap := snapshot(c.lease)
			m := newModel(t, cfg, 80, 24)
			open(m, "s1")
			msg := session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snap, ClaimErr: c.claimErr}
			if c.claimErr == nil && !c.watch {
				msg.Claim = &client.Claimed{}
			}
			feed(m, msg, session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming}})
			if c.steps != nil {
				feed(m, c.steps(m)...)
			}
			drawnAs(t, m, leaseOf, composerOf)
		})
	}
}

// TestStatusLine is the status line: connection, run, budget and the last error with its code.
func TestStatusLine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		steps steps
	}{
		{"reconnecting", func(m *Model) []tea.Msg {
			return []tea.Msg{session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnReconnecting, Attempt: 2}}}
		}},
		{"resumed", func(m *Model) []tea.Msg {
			return []tea.Msg{session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnReconnecting, Attempt: 1}},
				session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming, Replayed: 7}}}
		}},
		{"run and budget", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)),
				on(m, event(6, client.EvMessageCompleted, `{"entryId":"e7","role":"assistant","text":"ok","usage":{"turns":1,"costUsd":0.0012},"timestamp":"2026-10-14T09:31:00Z"}`))}
		}},
		{"settled", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)),
				on(m, event(6, client.EvRunSettled, `{"runId":"r1","aborted":false,"usage":{"turns":3,"costUsd":0.003}}`))}
		}},
		{"error with its code", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvRunError, `{"runId":"r1","message":"the model is down"}`)),
				session.AbortedMsg{Gen: m.tiles.Gen(), Err: &client.Error{Code: client.CodeLeaseRequired, Message: "claim the lease first"}}}
		}},
		{"stream ended", func(m *Model) []tea.Msg {
			return []tea.Msg{session.StreamEndMsg{Gen: m.tiles.Gen(), Err: &client.Error{Code: client.CodeUnauthenticated, Message: "the token was revoked"}}}
		}},
		{"session deleted", func(m *Model) []tea.Msg {
			return []tea.Msg{on(m, event(5, client.EvSessionDeleted, `{"trashedAs":"trash/s1"}`)), session.StreamEndMsg{Gen: m.tiles.Gen()}}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := driven(t, 80, 24)
			feed(m, c.steps(m)...)
			drawnAs(t, m, statusOf)
		})
	}
}

// TestHelpOverlay lists every key, and closes.
func TestHelpOverlay(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"wide", 140, 30}} {
		t.Run(size.name, func(t *testing.T) {
			m := driven(t, size.w, size.h)
			feed(m, keyF1)
			golden(t, drawn(m, overlayPart))
			if _, ok := m.top().(*dialog.Help); !ok || !strings.Contains(screen(m), "ctrl+s    steer the run") {
				t.Fatalf("f1 did not open the help over the session")
			}
			listed := map[string]bool{}
			for _, col := range m.screenKeys().FullHelp() {
				for _, b := range col {
					listed[b.Help().Key] = true
				}
			}
			if !listed["alt+z"] || !listed["alt+→"] || !listed["alt+←"] {
				t.Errorf("the help does not list the wall's keys: %v", listed)
			}
			feed(m, press('q'))
			if m.focus != focusSession || m.top() != nil {
				t.Errorf("help did not close: focus %d, overlays %d", m.focus, m.overlays.Len())
			}
		})
	}
}

// TestSizes draws at 80x24, wide, small, and after a resize.
func TestSizes(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"200x50", 200, 50}, {"small", 44, 12}, {"resized from wide to small", 0, 0}} {
		t.Run(size.name, func(t *testing.T) {
			w, h := size.w, size.h
			if w == 0 {
				w, h = 44, 12
			}
			m := driven(t, w, h)
			if size.w == 0 {
				m = driven(t, 200, 50)
				feed(m, tea.WindowSizeMsg{Width: w, Height: h})
			}
			golden(t, screen(m))
		})
	}
}

// TestBackgroundAndNoColor switches styles with the terminal's background, and uses no colour for NO_COLOR.
func TestBackgroundAndNoColor(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	cfg.Theme = theme.NewSet(false)
	m := opened(t, cfg, 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	if m.Styles != cfg.Theme.Dark {
		t.Fatal("the model does not start with the dark styles")
	}
	feed(m, tea.BackgroundColorMsg{Color: lightBackground{}})
	if m.Styles != cfg.Theme.Light {
		t.Fatal("a light background did not switch to the light styles")
	}
	uitest.CheckInert(t, m.View().Content)

	plain := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	if got := m.View().Content; !hasColour(got) {
		t.Error("the coloured screen has no colour")
	}
	if got := plain.View().Content; hasColour(got) {
		t.Errorf("NO_COLOR screen has colour: %q", got)
	}
}

// lightBackground is a white terminal background.
type lightBackground struct{}

// RGBA is white.
func (lightBackground) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }

// hasColour reports an SGR colour in the header line: the theme's, which
// NO_COLOR leaves out (markdown's colours the output's profile drops).
func hasColour(s string) bool {
	first, _, _ := strings.Cut(s, "\n")
	return strings.Contains(first, "38;")
}
