package tui

import (
	"errors"
	"fmt"

	"github.com/sophia-labs/vehicle/client"
)

// doorRefusal is a refusal that names the ways in (model_key_required,
// out_of_credit): the account pane shows it until a send goes through.
type doorRefusal struct {
	code    string
	message string
	doors   *client.Doors
}

// refused keeps a refusal that names the doors, for the account pane.
func (m *Model) refused(err error) {
	var e *client.Error
	if !errors.As(err, &e) {
		return
	}
	d := e.Doors()
	if d == nil && e.Code != client.CodeModelKeyRequired && e.Code != client.CodeOutOfCredit {
		return
	}
	m.refusal = &doorRefusal{code: e.Code, message: e.Message, doors: d}
}

// onAccount keeps the host's answer about the person; a failed look-up
// keeps the last one.
func (m *Model) onAccount(msg accountMsg) {
	if msg.err != nil || msg.acc == nil {
		m.dirty = msg.acc != nil
		return
	}
	m.account = msg.acc
	if m.me.Principal == "" {
		m.me.Principal = msg.acc.Principal
	}
}

// sessionTurns is how many turns the open session has taken, as the reducer
// counts them.
func sessionTurns(s *session) int {
	if s == nil || s.state == nil {
		return 0
	}
	return s.state.Session.Turns
}

// accountLines is the account pane: who pays and what is left, then, after
// a refusal that names the doors, what to do in the host's words.
func (m *Model) accountLines(limit int) []string {
	if limit <= 0 {
		return nil
	}
	var out []string
	if a := m.account; a != nil {
		out = append(out, pad(m.accountLine(a), m.width))
		if a.Kind == client.AccountAnonymous && a.Doors != nil && m.refusal == nil {
			out = append(out, pad(m.st.Status.Render("  doors: "+doorsText(a.Doors)), m.width))
		}
	}
	if r := m.refusal; r != nil {
		out = append(out, m.refusalLines(r)...)
	}
	if len(out) > limit {
		out = out[len(out)-limit:] // the refusal matters most
	}
	return out
}

// accountLine words the account: a member's turns and no limits; an
// account's credit and turns; a visitor's turns.
func (m *Model) accountLine(a *client.Account) string {
	turns := -1 // no session open: no session's turns
	if m.sess != nil {
		turns = sessionTurns(m.sess)
	}
	switch a.Kind {
	case client.AccountMember:
		who := SanitizeLine(a.Principal)
		if who != "" {
			who = " " + who
		}
		if m.sess == nil {
			return m.st.Status.Render("◆ member" + who + " · no limits")
		}
		return m.st.Status.Render("◆ member" + who + " · " + plural(turns, "turn") + " in this session · no limits")
	case client.AccountAccount:
		s := "◆ account"
		if c := a.Credit; c != nil {
			s = fmt.Sprintf("◆ credit $%.4f of $%.2f (spent $%.4f)", c.BalanceUSD, c.GrantedUSD, c.SpentUSD)
		}
		return m.st.Status.Render(s + " · " + turnCounts(a, turns))
	}
	return m.st.Status.Render("◆ visitor · " + turnCounts(a, turns))
}

// turnCounts is today's turns and this session's, against their limits.
func turnCounts(a *client.Account, session int) string {
	today := fmt.Sprintf("turns: today %d", a.TurnsToday)
	if a.TurnsPerDay > 0 {
		today += fmt.Sprintf("/%d", a.TurnsPerDay)
	}
	if session < 0 {
		return today
	}
	here := fmt.Sprintf("session %d", session)
	if a.SessionMaxTurns > 0 {
		here += fmt.Sprintf("/%d", a.SessionMaxTurns)
	}
	return today + ", " + here
}

// doorsText names the doors' headers.
func doorsText(d *client.Doors) string {
	return SanitizeLine(d.BYOK.Header) + " (your own key) · " + SanitizeLine(d.Account.Header) + " (an account with credit)"
}

// refusalLines say what the refusal said and how to get in.
func (m *Model) refusalLines(r *doorRefusal) []string {
	var out []string
	for _, l := range wrapPlain(SanitizeLine(r.code+": "+r.message), m.width-2) {
		if len(out) == 0 {
			out = append(out, pad(m.st.StatusError.Render("✗ "+l), m.width))
			continue
		}
		out = append(out, pad(m.st.StatusError.Render("  "+l), m.width))
	}
	if d := r.doors; d != nil {
		for _, x := range []client.Door{d.BYOK, d.Account} {
			if x.Header == "" {
				continue
			}
			line := SanitizeLine(x.Header)
			if x.Description != "" {
				line += ": " + SanitizeLine(x.Description)
			}
			for k, l := range wrapPlain(line, m.width-4) {
				lead := "    "
				if k == 0 {
					lead = "  → "
				}
				out = append(out, pad(m.st.Status.Render(lead+l), m.width))
			}
		}
	}
	out = append(out, pad(m.st.KeyDesc.Render("  vehicle sends X-Model-Key from $VEHICLE_MODEL_KEY: set it, start again"), m.width))
	return out
}

// limitWarnings say when the next turn would pass the session's or the
// day's turn limit, or when the credit left cannot cover a run's budget.
func (m *Model) limitWarnings() []string {
	a, s := m.account, m.sess
	if a == nil || s == nil || s.state == nil || a.Kind == client.AccountMember {
		return nil
	}
	var out []string
	turns := sessionTurns(s)
	switch lim := a.SessionMaxTurns; {
	case lim > 0 && turns >= lim:
		out = append(out, fmt.Sprintf("✗ this session had its %d turns: the next is refused (session_turn_limit)", lim))
	case lim > 0 && turns+1 == lim:
		out = append(out, fmt.Sprintf("⚠ the next turn is this session's last (%d/%d)", turns+1, lim))
	}
	switch lim := a.TurnsPerDay; {
	case lim > 0 && a.TurnsToday >= lim:
		out = append(out, fmt.Sprintf("✗ you had your %d turns today (UTC): the next is refused (daily_turn_limit)", lim))
	case lim > 0 && a.TurnsToday+1 == lim:
		out = append(out, fmt.Sprintf("⚠ the next turn is your last today (%d/%d, UTC)", a.TurnsToday+1, lim))
	}
	if c := a.Credit; c != nil && s.state.Session.Funding == "credit" {
		budget := s.state.Session.Budget.MaxCostUSD
		switch {
		case c.BalanceUSD <= 0:
			out = append(out, "✗ no credit left: the next turn is refused (out_of_credit)")
		case budget > 0 && c.BalanceUSD < budget:
			out = append(out, fmt.Sprintf("⚠ $%.4f credit left, under a run's budget of $%.2f: a run may end short", c.BalanceUSD, budget))
		}
	}
	return out
}

// plural is n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
