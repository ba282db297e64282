package panes

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestAccountDrawn is the account pane of tui's TestAccount: each kind of
// account, and a refusal naming the doors.
func TestAccountDrawn(t *testing.T) {
	t.Parallel()
	credit := &wire.Credit{BalanceUSD: 0.4984, GrantedUSD: 0.5, SpentUSD: 0.0016, PoolOpenToday: true,
		DefaultModel: "openrouter/deepseek/deepseek-v4.1-flash", Models: []string{"openrouter/deepseek/deepseek-v4.1-flash", "openrouter/qwen/qwen3.5-mini"}}
	refusal := func(code, message string) *dialog.Refusal {
		return &dialog.Refusal{Code: code, Message: message, Doors: hostDoors()}
	}
	cases := map[string]AccountView{
		"member":              {Account: &wire.Account{Kind: wire.AccountMember, Principal: "user:ada"}, Session: turns("", 0)},
		"account with credit": {Account: account(wire.AccountAccount, 3, credit), Session: turns("credit", 2)},
		"visitor with doors":  {Account: account(wire.AccountAnonymous, 3, nil), Session: turns("byok", 2)},
		"out of credit": {Account: account(wire.AccountAccount, 9, &wire.Credit{BalanceUSD: 0, GrantedUSD: 0.5, SpentUSD: 0.5, PoolOpenToday: true}),
			Session: turns("credit", 2), Refusal: withFunding(refusal(wire.CodeOutOfCredit,
				"out of credit: paste your OpenRouter key (send it as X-Model-Key) to keep talking"), "credit")},
		"model key required": {Account: account(wire.AccountAnonymous, 3, nil), Session: turns("byok", 2),
			Refusal: withFunding(refusal(wire.CodeModelKeyRequired,
				"this conversation runs on your own key, which the host no longer holds: send it again as X-Model-Key"), "byok")},
		"refusal cleared by a send": {Account: account(wire.AccountAnonymous, 4, nil), Session: turns("byok", 2)},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, accountPane(v)) })
	}
}

// TestLimitsDrawn is the account pane of tui's TestLimits: the warnings
// before a limit bites.
func TestLimitsDrawn(t *testing.T) {
	t.Parallel()
	anon := account(wire.AccountAnonymous, 10, nil)
	credit := func(c wire.Credit) *wire.Account { return account(wire.AccountAccount, 10, &c) }
	cases := map[string]AccountView{
		"next turn is the session's last": {Account: anon, Session: turns("byok", 39)},
		"session limit reached":           {Account: anon, Session: turns("byok", 40)},
		"day limit reached":               {Account: account(wire.AccountAnonymous, 100, nil), Session: turns("byok", 3)},
		"credit below a run's budget": {Account: credit(wire.Credit{BalanceUSD: 0.03, GrantedUSD: 0.5, SpentUSD: 0.47, PoolOpenToday: true}),
			Session: turns("credit", 3)},
		"no credit left": {Account: credit(wire.Credit{BalanceUSD: -0.0001, GrantedUSD: 0.5, SpentUSD: 0.5001, PoolOpenToday: true}),
			Session: turns("credit", 3)},
		"pool closed":          {Account: credit(wire.Credit{BalanceUSD: 0.3, GrantedUSD: 0.5, SpentUSD: 0.2}), Session: turns("credit", 3)},
		"member has no limits": {Account: &wire.Account{Kind: wire.AccountMember, TurnsToday: 500}, Session: turns("", 0)},
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) { golden(t, accountPane(v)) })
	}
}

// hostDoors are the doors the reference host names.
func hostDoors() *wire.Doors {
	return &wire.Doors{
		BYOK:    wire.Door{Header: "X-Model-Key", Description: "your own OpenRouter key, sent with every request"},
		Account: wire.Door{Header: "Authorization", Description: "a Sophia account's ID token as a Bearer token: its credit pays"},
	}
}

// account is cognito:dee's account of kind with today turns taken today;
// but a member's, with a public host's limits and doors.
func account(kind string, today int, credit *wire.Credit) *wire.Account {
	a := &wire.Account{Kind: kind, Principal: "cognito:dee", TurnsToday: today, Credit: credit}
	if kind != wire.AccountMember {
		a.TurnsPerDay, a.SessionMaxTurns, a.Doors = 100, 40, hostDoors()
	}
	return a
}

// turns is session s1 of funding with n turns taken and a public run budget
// (a member's, with no funding, has the snapshot's).
func turns(funding string, n int) *wire.Summary {
	s := uitest.Snapshot(mine).Session
	if funding != "" {
		s.Funding, s.Turns, s.Budget = funding, n, wire.Budget{MaxTurns: 8, MaxCostUSD: 0.05}
	}
	return &s
}

// withFunding is r refused in a session of funding.
func withFunding(r *dialog.Refusal, funding string) *dialog.Refusal {
	r.Funding = funding
	return r
}

// accountPane is the account pane at 80 cells in the ten lines the layout
// leaves it, in an open session, the key read from $VEHICLE_MODEL_KEY.
func accountPane(v AccountView) string {
	p := NewAccount(me())
	v.Open, v.KeyVariable = true, "VEHICLE_MODEL_KEY"
	p.Set(v)
	p.SetSize(80, 10)
	return p.View()
}

// TestRoomDrawn is the room pane, the lease line and the status line of
// tui's TestRoom: chimes arriving, accepted, rejected, the policy changed,
// and what a watcher may not do.
func TestRoomDrawn(t *testing.T) {
	t.Parallel()
	arrives := func(seq int64, id, author, text string) wire.Event {
		v, _ := json.Marshal(wire.ChimeValue{ChimeID: id, Author: author, Text: text})
		return ev(seq, wire.EvChimeReceived, string(v))
	}
	resolved := func(seq int64, id string, accepted bool) wire.Event {
		v, _ := json.Marshal(wire.ChimeResolvedValue{ChimeID: id, Accepted: accepted, CommandID: "chime-" + id, By: "cli-me"})
		return ev(seq, wire.EvChimeResolved, string(v))
	}
	archive := arrives(5, "c1", "Bo", "Try the archive.")
	var many []wire.Event
	for i := 1; i <= 7; i++ {
		many = append(many, arrives(int64(4+i), "c"+string(rune('0'+i)), "Bo", "idea number "+string(rune('0'+i))))
	}
	accepted := state(mine, archive, resolved(6, "c1", true), ev(7, wire.EvMessageCompleted,
		`{"entryId":"e4","role":"user","text":"[Bo collaborator]\nTry the archive.","timestamp":"2026-10-14T09:31:00Z"}`),
		ev(8, wire.EvRunStarted, `{"runId":"r2"}`))
	coDrive := state(mine, ev(5, wire.EvRoomPolicy, `{"policy":"co-drive"}`))
	cases := []struct {
		name     string
		st       *wire.State
		watching bool
		focused  bool // tab gave the room the focus, at its newest chime
		up       bool // and ↑ selected the one before
		status   StatusView
	}{
		{name: "chime arrives", st: state(mine, archive)},
		{name: "room focused", st: state(mine, archive, arrives(6, "c2", "Cy", "And the \x1b[2J census.")), focused: true, up: true},
		{name: "long chime read whole", st: state(mine, arrives(5, "c1", "Bo", strings.Repeat("A long thought about the census, ", 8))), focused: true},
		{name: "many chimes", st: state(mine, many...)},
		{name: "chime accepted", st: accepted, status: StatusView{Conn: live, State: accepted, Note: "accepted Bo's chime"}},
		{name: "chime rejected", st: state(mine, archive, resolved(6, "c1", false)), status: idle(state(mine), "rejected Bo's chime")},
		{name: "policy changed", st: coDrive, status: idle(coDrive, "room co-drive: chimes go in at once")},
		{name: "policy refused", st: state(mine), status: StatusView{Conn: live, State: state(mine), Budget: true,
			Err: "lease_required: claim the lease first"}},
		{name: "watcher cannot accept", st: state(other, archive), watching: true, focused: true,
			status: idle(state(other), "only the driver may accept or reject a chime: your other terminal drives; ctrl+t takes over")},
		{name: "watching, enter offers the take-over", st: state(other), watching: true,
			status: idle(state(other), "your other terminal drives: nothing was sent")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewRoom(me())
			policy := c.st.Session.RoomPolicy
			if policy == "" {
				policy = wire.DefaultRoomPolicy
			}
			v := RoomView{Known: true, Chimes: c.st.Chimes, Policy: policy, Driving: !c.watching, Reach: "tab"}
			if c.watching {
				v.Driver = driver
			}
			if c.focused {
				v.Reach = ""
				r.SetFocused(true)
				r.Select(len(v.Chimes) - 1)
				if c.up {
					r.Select(len(v.Chimes) - 2)
				}
			}
			r.Set(v)
			r.SetSize(80, 5)
			if c.status.State == nil {
				c.status = idle(c.st, "")
			}
			golden(t, r.View(), leaseOf(c.st, c.watching), statusLine(c.status))
		})
	}
}
