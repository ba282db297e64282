package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sophia-labs/vehicle/tui/manage"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/visit"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// demoDoors are the doors the reference host names.
func demoDoors() *client.Doors {
	return &client.Doors{
		BYOK:    client.Door{Header: "X-Model-Key", Description: "your own OpenRouter key, sent with every request"},
		Account: client.Door{Header: "Authorization", Description: "a Sophia account's ID token as a Bearer token: its credit pays"},
	}
}

// doorsRefusal is a refusal with the doors in its details.
func doorsRefusal(code, message string) error {
	d, _ := json.Marshal(map[string]any{"doors": demoDoors()})
	return &client.Error{Status: client.StatusOf(code), Code: code, Message: message, Details: d}
}

// publicSnapshot is s1 as a public session of the given funding, with
// turns taken and a public run budget.
func publicSnapshot(funding string, turns int) *client.Snapshot {
	snap := snapshot(lease("user:ada", "cli-me"))
	snap.Session.Funding, snap.Session.Turns = funding, turns
	snap.Session.Budget = client.Budget{MaxTurns: 8, MaxCostUSD: 0.05}
	return snap
}

// account is an account answer of a kind.
func account(kind string, today int, credit *client.Credit) *client.Account {
	a := &client.Account{Kind: kind, Principal: "cognito:dee", TurnsToday: today}
	if kind != client.AccountMember {
		a.TurnsPerDay, a.SessionMaxTurns, a.Doors = 100, 40, demoDoors()
	}
	a.Credit = credit
	return a
}

// TestAccount is the account pane for each kind, and a refusal naming
// the doors.
func TestAccount(t *testing.T) {
	t.Parallel()
	credit := &client.Credit{BalanceUSD: 0.4984, GrantedUSD: 0.5, SpentUSD: 0.0016, PoolOpenToday: true,
		DefaultModel: "openrouter/deepseek/deepseek-v4.1-flash", Models: []string{"openrouter/deepseek/deepseek-v4.1-flash", "openrouter/qwen/qwen3.5-mini"}}
	member := &client.Account{Kind: client.AccountMember, Principal: "user:ada"}
	cases := []struct {
		name  string
		snap  *client.Snapshot
		steps steps
	}{
		{"member", snapshot(lease("user:ada", "cli-me")), func(m *Model) []tea.Msg {
			return []tea.Msg{accountMsg{acc: member}}
		}},
		{"account with credit", publicSnapshot("credit", 2), func(m *Model) []tea.Msg {
			return []tea.Msg{accountMsg{acc: account(client.AccountAccount, 3, credit)}}
		}},
		{"visitor with doors", publicSnapshot("byok", 2), func(m *Model) []tea.Msg {
			return []tea.Msg{accountMsg{acc: account(client.AccountAnonymous, 3, nil)}}
		}},
		{"out of credit", publicSnapshot("credit", 2), func(m *Model) []tea.Msg {
			spent := &client.Credit{BalanceUSD: 0, GrantedUSD: 0.5, SpentUSD: 0.5, PoolOpenToday: true}
			return append(typing("one more"), accountMsg{acc: account(client.AccountAccount, 9, spent)}, keyEnter,
				session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "one more"}, Err: doorsRefusal(client.CodeOutOfCredit,
					"out of credit: paste your OpenRouter key (send it as X-Model-Key) to keep talking")})
		}},
		{"model key required", publicSnapshot("byok", 2), func(m *Model) []tea.Msg {
			return append(typing("hello again"), accountMsg{acc: account(client.AccountAnonymous, 3, nil)}, keyEnter,
				session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "hello again"}, Err: doorsRefusal(client.CodeModelKeyRequired,
					"this conversation runs on your own key, which the host no longer holds: send it again as X-Model-Key")})
		}},
		{"refusal cleared by a send", publicSnapshot("byok", 2), func(m *Model) []tea.Msg {
			return append(typing("hello again"), accountMsg{acc: account(client.AccountAnonymous, 3, nil)}, keyEnter,
				session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "hello again"}, Err: doorsRefusal(client.CodeModelKeyRequired, "send your key")},
				keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "hello again"},
					Acc: &client.Accepted{CommandID: "c9", Op: client.OpPrompt, Status: "accepted", Disposition: "started"}})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := opened(t, testConfig(t), 80, 24, c.snap, nil)
			feed(m, c.steps(m)...)
			drawnAs(t, m, accountOf)
		})
	}
}

// TestLimits is the composer's warnings before a limit bites.
func TestLimits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		snap *client.Snapshot
		acc  *client.Account
	}{
		{"next turn is the session's last", publicSnapshot("byok", 39), account(client.AccountAnonymous, 10, nil)},
		{"session limit reached", publicSnapshot("byok", 40), account(client.AccountAnonymous, 10, nil)},
		{"day limit reached", publicSnapshot("byok", 3), account(client.AccountAnonymous, 100, nil)},
		{"credit below a run's budget", publicSnapshot("credit", 3),
			account(client.AccountAccount, 10, &client.Credit{BalanceUSD: 0.03, GrantedUSD: 0.5, SpentUSD: 0.47, PoolOpenToday: true})},
		{"no credit left", publicSnapshot("credit", 3),
			account(client.AccountAccount, 10, &client.Credit{BalanceUSD: -0.0001, GrantedUSD: 0.5, SpentUSD: 0.5001, PoolOpenToday: true})},
		{"pool closed", publicSnapshot("credit", 3),
			account(client.AccountAccount, 10, &client.Credit{BalanceUSD: 0.3, GrantedUSD: 0.5, SpentUSD: 0.2})},
		{"member has no limits", snapshot(lease("user:ada", "cli-me")), &client.Account{Kind: client.AccountMember, TurnsToday: 500}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := opened(t, testConfig(t), 80, 24, c.snap, nil)
			feed(m, accountMsg{acc: c.acc})
			drawnAs(t, m, accountOf)
		})
	}
}

// TestSessionTurnsCountsTurnsSinceTheSnapshot: the session's turns are the
// snapshot's and the text commands accepted since, chimes' included.
func TestSessionTurnsCountsTurnsSinceTheSnapshot(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, publicSnapshot("byok", 5), nil)
	feed(m,
		on(m, event(5, client.EvCommandAccepted, `{"commandId":"c1","op":"prompt","status":"accepted"}`)),
		on(m, event(6, client.EvCommandAccepted, `{"commandId":"c2","op":"abort","status":"accepted"}`)),
		on(m, event(7, client.EvCommandAccepted, `{"commandId":"chime-c1","op":"follow_up","status":"queued"}`)))
	if n := m.tiles.Focused().State().Session.Turns; n != 7 {
		t.Errorf("session turns %d, want 7", n)
	}
}

// laneSteps start a run and queue a follow-up sent from this terminal.
func laneSteps(m *Model) []tea.Msg {
	msgs := []tea.Msg{on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`))}
	msgs = append(msgs, typing("and then this")...)
	return append(msgs, keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpFollowUp, Text: "and then this"},
		Acc: &client.Accepted{CommandID: "c2", Op: client.OpFollowUp, Status: "queued", Disposition: "queued"}},
		on(m, event(6, client.EvCommandAccepted, `{"commandId":"c2","op":"follow_up","status":"queued","disposition":"queued"}`)),
		on(m, event(7, client.EvQueueUpdated, `{"queue":[{"commandId":"c2","op":"follow_up"}]}`)))
}

// TestQueue is the queue lane: queued follow-ups and steers, a queued one
// cancelled, and Esc aborting the run without wiping the queue.
func TestQueue(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		steps steps
	}{
		{"lane", laneSteps},
		{"steer waiting", func(m *Model) []tea.Msg {
			return append(laneSteps(m), on(m, event(8, client.EvCommandAccepted,
				`{"commandId":"c3","op":"steer","status":"accepted","disposition":"handled"}`)),
				on(m, event(9, client.EvQueueUpdated, `{"queue":[{"commandId":"c2","op":"follow_up"},{"commandId":"c4","op":"follow_up"}]}`)))
		}},
		{"lane focused", func(m *Model) []tea.Msg { return append(laneSteps(m), keyTab, keyTab) }},
		{"queued item cancelled", func(m *Model) []tea.Msg {
			return append(laneSteps(m), keyTab, keyTab, press('x'), keyEnter, session.CancelledMsg{Gen: m.tiles.Gen(), CommandID: "c2"},
				on(m, event(8, client.EvCommandCancelled, `{"commandId":"c2"}`)),
				on(m, event(9, client.EvQueueUpdated, `{"queue":[]}`)))
		}},
		{"cancel refused", func(m *Model) []tea.Msg {
			return append(laneSteps(m), keyTab, keyTab, press('x'), keyEnter, session.CancelledMsg{Gen: m.tiles.Gen(), CommandID: "c2",
				Err: &client.Error{Code: client.CodeInvalidRequest, Message: "command \"c2\" is delivered, not queued"}})
		}},
		{"esc with a queue", func(m *Model) []tea.Msg {
			msgs := append(laneSteps(m), typing("a draft")...)
			return append(msgs, on(m, event(8, client.EvMessageCompleted, `{"entryId":"e9","role":"user","text":"And renewals?","timestamp":"2026-10-14T09:30:00Z"}`)),
				on(m, event(9, client.EvMessageCompleted, `{"entryId":"e10","role":"assistant","text":"A lease is renewed by","timestamp":"2026-10-14T09:30:00Z"}`)),
				keyEsc, session.AbortedMsg{Gen: m.tiles.Gen()},
				on(m, event(10, client.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"aborted","usage":{"turns":1,"costUsd":0.001}}`)))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := driven(t, 80, 24)
			feed(m, c.steps(m)...)
			drawnAs(t, m, queueOf, statusOf)
			if c.name == "esc with a queue" && (len(m.tiles.Focused().LaneItems()) != 1 || m.composer.Value() != "a draft") {
				t.Errorf("esc wiped something: lane %v, draft %q", m.tiles.Focused().LaneItems(), m.composer.Value())
			}
		})
	}
}

// TestSelection selects entries, copies one with OSC 52, forks before one
// (the new session opens with selectedText in the composer), and turns the
// mouse off and on.
func TestSelection(t *testing.T) {
	t.Parallel()
	t.Run("entry selected", func(t *testing.T) {
		m := driven(t, 80, 24)
		feed(m, keyTab, keyTab, keyUp, keyUp) // past the tool chip
		drawnAs(t, m, transcriptOf, composerOf, statusOf)
	})
	t.Run("copied", func(t *testing.T) {
		m := driven(t, 80, 24)
		feed(m, keyTab, keyTab, keyUp, keyUp, keyUp, press('y'))
		_, cmd := m.Update(keyEnter)
		if cmd == nil {
			t.Fatal("y copied nothing")
		}
		if got := fmt.Sprint(cmd()); got != "What is a lease?" {
			t.Errorf("the clipboard got %q", got)
		}
		drawnAs(t, m, transcriptOf, composerOf, statusOf)
	})
	t.Run("fork with selectedText", func(t *testing.T) {
		m := driven(t, 80, 24)
		feed(m, keyTab, keyTab, keyUp, keyUp, keyUp, press('f'))
		if _, cmd := m.Update(keyEnter); cmd == nil {
			t.Fatal("f forked nothing")
		}
		forked := summary("s2", "", t0, lease("user:ada", "cli-me"))
		forked.Parent = &client.Parent{SessionID: "s1", Kind: "fork", EntryID: "e1"}
		feed(m, manage.ForkedMsg{Gen: m.tiles.Gen(), Branched: &client.Branched{Session: forked, SelectedText: "What is a lease?"}})
		feed(m, session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s2", Principal: "user:ada", Claim: &client.Claimed{},
			Snap: &client.Snapshot{Session: forked}}, session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming}})
		if m.tiles.Focused().ID() != "s2" || m.composer.Value() != "What is a lease?" {
			t.Errorf("after the fork: session %s, composer %q", m.tiles.Focused().ID(), m.composer.Value())
		}
		drawnAs(t, m, transcriptOf, composerOf, statusOf)
	})
	t.Run("fork with hostile selectedText", func(t *testing.T) {
		m := driven(t, 120, 24)
		feed(m, keyTab, keyTab, keyUp, keyUp, keyUp, press('f'))
		if _, cmd := m.Update(keyEnter); cmd == nil {
			t.Fatal("f forked nothing")
		}
		forked := summary("s2", "", t0, lease("user:ada", "cli-me"))
		hostile := "What is a \u202elease\u200b?\x1b]0;pwned\x07\x1b[2J"
		feed(m, manage.ForkedMsg{Gen: m.tiles.Gen(), Branched: &client.Branched{Session: forked, SelectedText: hostile}})
		feed(m, session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s2", Principal: "user:ada", Claim: &client.Claimed{},
			Snap: &client.Snapshot{Session: forked}}, session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming}})
		if got := m.composer.Value(); got != "What is a lease?" {
			t.Errorf("the composer holds %q: host text went in as it came", got)
		}
		if s := screen(m); !strings.Contains(s, "the message is back, its escapes and hidden characters taken out") {
			t.Errorf("nothing says what was taken out:\n%s", s)
		}
	})
	t.Run("mouse off", func(t *testing.T) {
		m := driven(t, 80, 24)
		feed(m, keyF2)
		if m.View().MouseMode != tea.MouseModeNone {
			t.Error("f2 left the mouse captured")
		}
		drawnAs(t, m, transcriptOf, composerOf, statusOf)
		feed(m, keyF2)
		if m.View().MouseMode != tea.MouseModeCellMotion {
			t.Error("f2 again did not capture the mouse")
		}
	})
}

// TestSplitAttribution takes a chime's attribution line off a handed-back
// text, and nothing else.
func TestSplitAttribution(t *testing.T) {
	t.Parallel()
	if a, r := manage.SplitAttribution("[Bo collaborator]\nTry it"); a != "Bo" || r != "Try it" {
		t.Errorf("got %q %q", a, r)
	}
	if a, r := manage.SplitAttribution("[not] an attribution\nline"); a != "" || r != "[not] an attribution\nline" {
		t.Errorf("got %q %q", a, r)
	}
}

// TestNotices: a bell and a desktop notification when a run settles or a
// chime arrives while the terminal is unfocused; nothing while focused;
// each switchable off; host text inert inside the escape.
func TestNotices(t *testing.T) {
	t.Parallel()
	settled := func(m *Model, seq int64) tea.Msg {
		return on(m, event(seq, client.EvRunSettled, `{"runId":"r1","aborted":false,"usage":{"turns":1,"costUsd":0.001}}`))
	}
	m := driven(t, 80, 24)
	if !m.View().ReportFocus {
		t.Error("focus reporting is off")
	}
	feed(m, settled(m, 5))
	if m.notices.Sent() != 0 {
		t.Fatalf("%d notices while focused", m.notices.Sent())
	}
	feed(m, tea.BlurMsg{}, settled(m, 6), chimeArrives(m, 7, "c1", "Bo", "hi"), tea.FocusMsg{}, settled(m, 8))
	if m.notices.Sent() != 2 {
		t.Fatalf("%d notices, want 2 (the settle and the chime while unfocused)", m.notices.Sent())
	}

	cases := []struct {
		name    string
		noBell  bool
		desktop string
		want    string
	}{
		{"bell and osc9", false, "", "\a\x1b]9;vehicle: Bo chimes: ␛]52;c;eA==␇\a"},
		{"osc777", false, DesktopOSC777, "\a\x1b]777;notify;vehicle;Bo chimes: ␛]52;c;eA==␇\a"},
		{"no bell", true, DesktopOSC9, "\x1b]9;vehicle: Bo chimes: ␛]52;c;eA==␇\a"},
		{"bell only", false, DesktopOff, "\a"},
	}
	for _, c := range cases {
		cfg := testConfig(t)
		cfg.NoBell, cfg.Desktop = c.noBell, c.desktop
		m := newModel(t, cfg, 80, 24)
		feed(m, tea.BlurMsg{})
		got := fmt.Sprint(m.notices.Notify("Bo chimes: \x1b]52;c;eA==\a")().(tea.RawMsg).Msg)
		if got != c.want {
			t.Errorf("%s: wrote %q, want %q", c.name, got, c.want)
		}
	}
	cfg := testConfig(t)
	cfg.NoBell, cfg.Desktop = true, DesktopOff
	off := newModel(t, cfg, 80, 24)
	feed(off, tea.BlurMsg{})
	if off.notices.Notify("x") != nil || off.View().ReportFocus {
		t.Error("notices switched off still notify or ask for focus reports")
	}
}

// TestDeleteOutcome says both outcomes of a delete: with the mirror
// trashed, with the mirror not trashed, and without a mirror.
func TestDeleteOutcome(t *testing.T) {
	t.Parallel()
	mirror := &client.MirrorRef{DocumentID: "sophia-conversation-s2", GraphID: "demo"}
	trashErr := fmt.Errorf("the session is deleted, but its mirrored document %q in graph %q is not in the Trash: %w; trash it by hand in the workspace (or try the delete of that document again)",
		mirror.DocumentID, mirror.GraphID, errors.New("vehicle: cannot reach http://127.0.0.1:9/navigation/demo/documents/sophia-conversation-s2"))
	cases := []struct {
		name string
		out  client.DeleteOutcome
	}{
		{"with a mirror", client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2", Mirror: mirror}, MirrorTrashed: true}},
		{"mirror not trashed", client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2", Mirror: mirror}, MirrorErr: trashErr}},
		{"without a mirror", client.DeleteOutcome{Deleted: client.Deleted{SessionID: "s2", TrashedAs: "trash/s2"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := picking(t, 80, 24)
			out := c.out
			feed(m, keyDown, keyDelete, press('y'), keyEnter, manage.DeletedMsg{ID: "s2", Title: "Leases and takeovers", Outcome: &out})
			drawnAs(t, m, overlayOf, statusOf)
			feed(m, keyEnter)
			if m.focus != focusPicker || strings.Contains(screen(m), "Deleted") {
				t.Errorf("enter did not close the outcome: focus %d", m.focus)
			}
		})
	}
}

// TestVisit is chiming into another person's room: the screen, a chime
// pending, submitted, refused by the room, and refused by the host.
func TestVisit(t *testing.T) {
	t.Parallel()
	sent := func(res *client.ChimeResult, err error) steps {
		return func(m *Model) []tea.Msg {
			return append(typing("Look at the 2024 census too."), keyEnter,
				visit.ChimedMsg{Out: ui.Outgoing{Op: client.OpChime, Text: "Look at the 2024 census too."}, Res: res, Err: err})
		}
	}
	cases := []struct {
		name  string
		steps steps
	}{
		{"start", nil},
		{"pending", sent(&client.ChimeResult{Accepted: true, ChimeID: "c1", Status: "pending"}, nil)},
		{"submitted", sent(&client.ChimeResult{Accepted: true, ChimeID: "c1", Status: "submitted", CommandID: "chime-c1"}, nil)},
		{"refused by the room", sent(&client.ChimeResult{Reason: "the room is in observe mode: the driver takes no chimes now"}, nil)},
		{"not found", sent(nil, &client.Error{Code: client.CodeNotFound, Message: "session s1 not found"})},
		{"help", func(m *Model) []tea.Msg { return []tea.Msg{keyF1} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := testConfig(t)
			cfg.Principal, cfg.SessionID, cfg.Chime = "user:bo", "s1", true
			m := newModel(t, cfg, 80, 24)
			m.Init()
			if c.steps != nil {
				feed(m, c.steps(m)...)
			}
			if c.name == "help" { // the visit's keys over its screen: the root's whole
				golden(t, drawn(m, bodyPart, statusPart))
				return
			}
			drawnAs(t, m, visitOf, composerOf, statusOf)
		})
	}
}
