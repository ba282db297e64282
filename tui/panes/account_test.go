package panes

import (
	"encoding/json"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// doors are the doors the reference host names.
func doors() *wire.Doors {
	return &wire.Doors{
		BYOK:    wire.Door{Header: "X-Model-Key", Description: "your own OpenRouter key"},
		Account: wire.Door{Header: "Authorization", Description: "a Sophia account's token"},
	}
}

// publicAccount is cognito:dee's account of kind, today turns taken today,
// with a public host's limits and doors.
func publicAccount(kind string, today int, credit *wire.Credit) *wire.Account {
	return &wire.Account{Kind: kind, Principal: "cognito:dee", TurnsToday: today, TurnsPerDay: 100,
		SessionMaxTurns: 40, Doors: doors(), Credit: credit}
}

// publicSession is an open session of funding with turns taken and a run
// budget of $0.05.
func publicSession(funding string, turns int) *wire.Summary {
	s := uitest.Summary("s1", "Leases", uitest.Now, nil)
	s.Funding, s.Turns, s.Budget = funding, turns, wire.Budget{MaxTurns: 8, MaxCostUSD: 0.05}
	return &s
}

// accountLines draws the account pane of v at 80 cells and at most limit
// lines, without styling.
func accountLines(v AccountView, limit int) []string {
	p := NewAccount(uitest.Context())
	p.Set(v)
	p.SetSize(80, limit)
	var out []string
	for _, l := range p.Lines() {
		out = append(out, strings.TrimRight(xansi.Strip(l), " "))
	}
	return out
}

// TestAccountSaysWhoPaysAndWhatIsLeft words each kind of account, its
// credit, its own-key door and the ways in, line by line.
func TestAccountSaysWhoPaysAndWhatIsLeft(t *testing.T) {
	credit := &wire.Credit{BalanceUSD: 0.4984, GrantedUSD: 0.5, SpentUSD: 0.0016, PoolOpenToday: true,
		DefaultModel: "deepseek-v4.1-flash", Models: []string{"qwen3.5-mini", "deepseek-v4.1-flash"}}
	member := &wire.Account{Kind: wire.AccountMember, Principal: "user:ada", Email: "ada@example.com", EmailVerified: true}
	byok := publicAccount(wire.AccountAnonymous, 3, nil)
	byok.BYOK = &wire.BYOK{Provider: "openrouter", DefaultModel: "gpt-6-luna"}
	cases := []struct {
		name string
		v    AccountView
		want []string
	}{
		{"nothing known", AccountView{Open: true}, nil},
		{"member, no session", AccountView{Account: member},
			[]string{"◆ member user:ada · ada@example.com (verified) · no limits"}},
		{"member, opening", AccountView{Account: member, Open: true},
			[]string{"◆ member user:ada · ada@example.com (verified) · 0 turns in this session · no",
				"  limits"}},
		{"member, one turn", AccountView{Account: &wire.Account{Kind: wire.AccountMember}, Open: true, Session: publicSession("", 1)},
			[]string{"◆ member · 1 turn in this session · no limits"}},
		{"account with credit", AccountView{Account: publicAccount(wire.AccountAccount, 3, credit), Open: true, Session: publicSession("credit", 2)},
			[]string{"◆ account cognito:dee · turns: today 3/100, session 2/40",
				"  credit: $0.4984 left · $0.50 granted · $0.0016 spent · models: qwen3.5-mini,",
				"    deepseek-v4.1-flash (default) · today's pool open"}},
		{"no session open", AccountView{Account: &wire.Account{Kind: wire.AccountAccount, Principal: "cognito:dee", TurnsToday: 3},
			Refusal: nil}, []string{"◆ account cognito:dee · turns: today 3"}},
		{"visitor with doors", AccountView{Account: publicAccount(wire.AccountAnonymous, 3, nil), Open: true, Session: publicSession("byok", 2)},
			[]string{"◆ visitor cognito:dee · turns: today 3/100, session 2/40",
				"  ways in: your own key (X-Model-Key) · an account with credit (Authorization)"}},
		{"visitor with a key", AccountView{Account: byok, Open: true, Session: publicSession("byok", 2), HasModelKey: true},
			[]string{"◆ visitor cognito:dee · turns: today 3/100, session 2/40",
				"  your own key: openrouter, default model gpt-6-luna · yours goes with every",
				"    request"}},
		{"visitor without a key", AccountView{Account: byok, Open: true, Session: publicSession("byok", 2)},
			[]string{"◆ visitor cognito:dee · turns: today 3/100, session 2/40",
				"  your own key: openrouter, default model gpt-6-luna · f5 gives it",
				"  ways in: your own key (X-Model-Key) · an account with credit (Authorization)"}},
		{"unverified, owing", AccountView{Account: &wire.Account{Kind: wire.AccountAccount, Email: "dee@example.com",
			Credit: &wire.Credit{BalanceUSD: -0.0001, GrantedUSD: 0.5, SpentUSD: 0.5001, DefaultModel: "luna"}}},
			[]string{"◆ account · dee@example.com (not verified) · turns: today 0",
				"  credit: you owe $0.0001 · $0.50 granted · $0.5001 spent · models: luna",
				"    (default) · today's pool closed: credit turns are refused until tomorrow",
				"    (UTC)"}},
		{"none left", AccountView{Account: &wire.Account{Kind: wire.AccountAccount, Credit: &wire.Credit{PoolOpenToday: true}}},
			[]string{"◆ account · turns: today 0", "  credit: none left · $0.00 granted · $0.00 spent · today's pool open"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := accountLines(c.v, 10)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("the pane draws\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestAccountSaysARefusal says what a refusal naming the doors said, how
// to get in, and how to give a key, in place of the ways in; with too few
// lines, the refusal is what stays.
func TestAccountSaysARefusal(t *testing.T) {
	r := &dialog.Refusal{Code: wire.CodeModelKeyRequired, Message: "send your key again as X-Model-Key", Doors: doors(), Funding: "credit"}
	v := AccountView{Account: publicAccount(wire.AccountAnonymous, 3, nil), Refusal: r, Open: true,
		Session: publicSession("byok", 2), KeyVariable: "VEHICLE_MODEL_KEY"}
	want := []string{
		"◆ visitor cognito:dee · turns: today 3/100, session 2/40",
		"✗ model_key_required: send your key again as X-Model-Key",
		"  → your own model key: the conversation runs on it (it goes as the X-Model-Key",
		"    header)",
		"  → a Sophia account with credit: its credit pays once you sign in (vehicle",
		"    login, then start again; its token goes as the Authorization header)",
		"  f5 gives your model key now; or set $VEHICLE_MODEL_KEY and start again",
	}
	if got := accountLines(v, 10); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the pane draws\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := accountLines(v, 3); strings.Join(got, "\n") != strings.Join(want[4:], "\n") {
		t.Errorf("in 3 lines the pane draws\n%s", strings.Join(got, "\n"))
	}
	v.Refusal = &dialog.Refusal{Code: wire.CodeOutOfCredit, Message: "out of credit", Doors: doors()}
	got := strings.Join(accountLines(v, 10), "\n")
	if strings.Contains(got, "Sophia account") || !strings.Contains(got, "✗ out_of_credit: out of credit") {
		t.Errorf("out of credit offers the account's credit again:\n%s", got)
	}
	v.Account = nil
	if got := accountLines(v, 10); len(got) != 4 || !strings.HasPrefix(got[0], "✗ out_of_credit") {
		t.Errorf("a refusal before the account came draws\n%s", strings.Join(got, "\n"))
	}
}

// TestAccountWarnsBeforeALimit warns when the next turn would pass a
// limit or the credit cannot cover a run's budget; the warnings come
// first when there is no room for both.
func TestAccountWarnsBeforeALimit(t *testing.T) {
	open := &wire.Credit{BalanceUSD: 0.3, GrantedUSD: 0.5, SpentUSD: 0.2, PoolOpenToday: true}
	cases := []struct {
		name string
		v    AccountView
		want []string
	}{
		{"none", AccountView{Account: publicAccount(wire.AccountAnonymous, 10, nil), Session: publicSession("byok", 3)}, nil},
		{"the session's last", AccountView{Account: publicAccount(wire.AccountAnonymous, 10, nil), Session: publicSession("byok", 39)},
			[]string{"⚠ the next turn is this session's last (40/40)"}},
		{"the session's limit", AccountView{Account: publicAccount(wire.AccountAnonymous, 10, nil), Session: publicSession("byok", 40)},
			[]string{"✗ this session had its 40 turns: the next is refused (session_turn_limit)"}},
		{"today's last", AccountView{Account: publicAccount(wire.AccountAnonymous, 99, nil), Session: publicSession("byok", 3)},
			[]string{"⚠ the next turn is your last today (100/100, UTC)"}},
		{"today's limit and the session's", AccountView{Account: publicAccount(wire.AccountAnonymous, 100, nil), Session: publicSession("byok", 40)},
			[]string{"✗ this session had its 40 turns: the next is refused (session_turn_limit)",
				"✗ you had your 100 turns today (UTC): the next is refused (daily_turn_limit)"}},
		{"pool closed", AccountView{Account: publicAccount(wire.AccountAccount, 3, &wire.Credit{BalanceUSD: 0.3}), Session: publicSession("credit", 3)},
			[]string{"✗ credit pool closed today: the next turn is refused; f5 gives your key"}},
		{"no credit", AccountView{Account: publicAccount(wire.AccountAccount, 3, &wire.Credit{PoolOpenToday: true}), Session: publicSession("credit", 3)},
			[]string{"✗ no credit left: the next turn is refused; f5 gives your key"}},
		{"under a budget", AccountView{Account: publicAccount(wire.AccountAccount, 3, &wire.Credit{BalanceUSD: 0.03, PoolOpenToday: true}),
			Session: publicSession("credit", 3)},
			[]string{"⚠ $0.03 credit left, under a run's budget of $0.05: a run may end short"}},
		{"enough credit", AccountView{Account: publicAccount(wire.AccountAccount, 3, open), Session: publicSession("credit", 3)}, nil},
		{"no credit, a key given", AccountView{Account: publicAccount(wire.AccountAccount, 3, &wire.Credit{}), Session: publicSession("credit", 3),
			HasModelKey: true}, nil},
		{"no credit, own key's session", AccountView{Account: publicAccount(wire.AccountAccount, 3, &wire.Credit{}), Session: publicSession("byok", 3)}, nil},
		{"a member", AccountView{Account: &wire.Account{Kind: wire.AccountMember, TurnsToday: 500, TurnsPerDay: 10},
			Session: publicSession("", 3)}, nil},
		{"no session", AccountView{Account: publicAccount(wire.AccountAnonymous, 100, nil)}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// one line: only the warnings, when there are any
			got := accountLines(c.v, len(c.want))
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("in %d lines the pane draws\n%s\nwant\n%s", len(c.want), strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			all := accountLines(c.v, 10)
			if len(c.want) > 0 && (len(all) <= len(c.want) || all[len(all)-1] != c.want[len(c.want)-1]) {
				t.Errorf("with room, the warnings are not under the account:\n%s", strings.Join(all, "\n"))
			}
		})
	}
}

// TestAccountKeysAndSanitising: the pane binds the model key only, changes
// on no key, and draws a host's words inert.
func TestAccountKeysAndSanitising(t *testing.T) {
	p := NewAccount(uitest.Context())
	if b := p.ShortHelp(); len(b) != 1 || b[0].Help().Key != "f5" || len(p.FullHelp()) != 1 {
		t.Errorf("the account's keys are %v", b)
	}
	if cmd, act := p.Update(uitest.Press('g')); cmd != nil || act != nil {
		t.Errorf("a key acted on the account pane: %v", act)
	}
	var details struct{ Doors *wire.Doors }
	_ = json.Unmarshal([]byte(`{"doors":{"byok":{"header":"X-\u001b[2JKey"}}}`), &details)
	p.Set(AccountView{Account: &wire.Account{Kind: "acc\u001b]0;pwned\u0007ount", Principal: "dee\u202e",
		Email: "d\u0085@x"}, Refusal: &dialog.Refusal{Code: "model_key_required", Message: "bad\u001b[31m\nnews", Doors: details.Doors}})
	p.SetSize(60, 10)
	view := p.View()
	uitest.CheckInert(t, view)
	if !strings.Contains(xansi.Strip(view), "✗ model_key_required: bad") {
		t.Errorf("the refusal is not said:\n%s", xansi.Strip(view))
	}
}

// TestUSD writes cents, and a hundredth of a cent where it matters.
func TestUSD(t *testing.T) {
	for v, want := range map[float64]string{0: "$0.00", 0.5: "$0.50", 0.0016: "$0.0016", 1.23456: "$1.23", 0.47: "$0.47"} {
		if got := usd(v); got != want {
			t.Errorf("usd(%v) = %q, want %q", v, got, want)
		}
	}
}
