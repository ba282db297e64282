package vehicletest

import (
	"net/http"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// outOfCredit is the refusal's message when an account's credit is spent.
const outOfCredit = "out of credit: paste your OpenRouter key (send it as X-Model-Key) to keep talking"

// ledger is the public ledger: credit per account, the idempotency keys of
// grants and debits, turns per principal per UTC day, credit spent per day.
type ledger struct {
	credit map[string]*creditAccount
	keys   map[string]bool
	turns  map[string]int     // day + " " + principal
	pool   map[string]float64 // day -> credit spent by everyone
}

type creditAccount struct{ granted, spent float64 }

func newLedger() ledger {
	return ledger{credit: map[string]*creditAccount{}, keys: map[string]bool{}, turns: map[string]int{}, pool: map[string]float64{}}
}

func (l *ledger) account(principal string) *creditAccount {
	a := l.credit[principal]
	if a == nil {
		a = &creditAccount{}
		l.credit[principal] = a
	}
	return a
}

func (h *Host) today() string { return h.now().Format("2006-01-02") }

// grantCredit credits an account once per key; replayed when the key was seen.
func (h *Host) grantCredit(principal string, amount float64, key string) (balance float64, replayed bool) {
	a := h.ledger.account(principal)
	if h.ledger.keys[key] {
		return a.granted - a.spent, true
	}
	h.ledger.keys[key] = true
	a.granted += amount
	return a.granted - a.spent, false
}

// signup grants a verified account its signup credit the first time it is seen.
func (h *Host) signup(p *Person) {
	if p.EmailVerified {
		h.grantCredit(p.Principal, h.cfg.limits.SignupGrantUSD, "signup:"+p.Principal)
	}
}

// debit charges a credit run's cost once, to the account and the day's pool.
func (h *Host) debit(principal string, cost float64, key string) {
	if h.ledger.keys[key] || cost <= 0 {
		return
	}
	h.ledger.keys[key] = true
	h.ledger.account(principal).spent += cost
	h.ledger.pool[h.today()] += cost
}

// SpendCredit debits an account's credit by usd and adds it to the day's
// credit pool, as a run that cost that much would: a balance can go below
// zero (out_of_credit follows), and the pool can close for the day
// (credit_pool_exhausted).
func (h *Host) SpendCredit(principal string, usd float64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.debit(principal, usd, "spend:"+h.newID("spend"))
}

func (h *Host) countTurn(principal string) { h.ledger.turns[h.today()+" "+principal]++ }

func (h *Host) turnsToday(principal string) int { return h.ledger.turns[h.today()+" "+principal] }

// doors says how a public caller can pay for a conversation.
func doors() wireDoors {
	return wireDoors{
		BYOK:    wireDoor{Header: "X-Model-Key", Description: "your own OpenRouter key, sent with every request"},
		Account: wireDoor{Header: "Authorization", Description: "a Sophia account's ID token as a Bearer token: its credit pays"},
	}
}

func doorDetails() wireDoorsDetails { return wireDoorsDetails{Doors: doors()} }

// publicTurn checks a public session's turn before it is accepted: the key
// of a byok session, the daily and per-session turn limits, the credit pool
// and balance of a credit session.
func (h *Host) publicTurn(rq *request, s *session) *refusal {
	l := h.cfg.limits
	switch {
	case s.funding == fundingMember:
		return nil
	case s.funding == fundingBYOK && s.modelKey == "":
		return withDetails(errf(client.CodeModelKeyRequired,
			"this conversation runs on your own key, which the host no longer holds: send it again as X-Model-Key"), doorDetails())
	case h.turnsToday(rq.caller.principal) >= l.TurnsPerDay:
		return errf(client.CodeDailyTurnLimit, "you reached %d turns today (UTC): come back tomorrow", l.TurnsPerDay)
	case s.turns >= l.SessionMaxTurns:
		return errf(client.CodeSessionTurnLimit, "this conversation reached its %d turns: start a new one", l.SessionMaxTurns)
	case s.funding != fundingCredit:
		return nil
	case h.ledger.pool[h.today()] >= l.CreditDailyCapUSD-1e-9:
		return errf(client.CodeCreditPoolExhausted,
			"today's credit for everyone is spent: send your own key as X-Model-Key, or come back tomorrow (UTC)")
	}
	a := h.ledger.account(s.owner)
	if a.granted-a.spent <= 1e-9 {
		return withDetails(errf(client.CodeOutOfCredit, outOfCredit), doorDetails())
	}
	return nil
}

// account answers GET /account, unwrapped.
func (h *Host) account(rq *request) (*reply, *refusal) {
	c, l := rq.caller, h.cfg.limits
	a := wireAccount{Kind: c.kind, TurnsToday: h.turnsToday(c.principal)}
	if c.kind == kindMember {
		a.Principal = c.principal
		return &reply{status: http.StatusOK, raw: mustJSON(a)}, nil
	}
	d, b := doors(), wireBYOK{Provider: "openrouter", DefaultModel: BYOKDefaultModel}
	a.TurnsPerDay, a.SessionMaxTurns, a.Doors, a.BYOK = l.TurnsPerDay, l.SessionMaxTurns, &d, &b
	if c.kind == kindAccount {
		a.Principal, a.Email, a.EmailVerified = c.principal, c.person.Email, &c.person.EmailVerified
		acc := h.ledger.account(c.principal)
		a.Credit = &wireCredit{
			BalanceUSD: acc.granted - acc.spent, GrantedUSD: acc.granted, SpentUSD: acc.spent,
			DefaultModel: CreditDefaultModel, Models: creditModels(),
			PoolOpenToday: h.ledger.pool[h.today()] < l.CreditDailyCapUSD-1e-9,
		}
	}
	return &reply{status: http.StatusOK, raw: mustJSON(a)}, nil
}

// grant is POST /account/grants: an operator (an owner of any graph)
// credits a principal, once per key.
func (h *Host) grant(rq *request) (*reply, *refusal) {
	if err := rq.needBody(); err != nil {
		return nil, err
	}
	c, b := rq.caller, rq.body
	if !isOperator(c) {
		return nil, errf(client.CodeNotFound, "granting credit is an operator's: sign in as an owner of a graph")
	}
	switch {
	case strings.TrimSpace(b.Principal) == "":
		return nil, errf(client.CodeInvalidRequest, "principal is missing: name whom to credit")
	case b.AmountUSD == nil || *b.AmountUSD <= 0:
		return nil, errf(client.CodeInvalidRequest, "amountUsd must be more than 0")
	case b.Source != "signup" && b.Source != "purchase" && b.Source != "operator":
		return nil, errf(client.CodeInvalidRequest, "source %q is not signup, purchase or operator", b.Source)
	case strings.TrimSpace(b.Key) == "":
		return nil, errf(client.CodeInvalidRequest, "key is missing: a grant is credited once per key")
	}
	bal, replayed := h.grantCredit(b.Principal, *b.AmountUSD, b.Source+":"+b.Key)
	return rq.answer(http.StatusOK, client.TypeAccountGranted,
		wireGranted{Principal: b.Principal, BalanceUSD: bal, Replayed: replayed}), nil
}

func isOperator(c *caller) bool {
	if c.kind != kindMember {
		return false
	}
	for _, r := range c.person.Roles {
		if r == RoleOwner {
			return true
		}
	}
	return false
}
