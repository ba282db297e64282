package panes

import (
	"fmt"
	"math"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// AccountView is what the account pane shows.
type AccountView struct {
	Account     *wire.Account   // the host's answer about the person, nil until it comes
	Refusal     *dialog.Refusal // the last refusal that named the doors, nil when none
	Open        bool            // a session is open
	Session     *wire.Summary   // the open session, nil when none or while it opens
	HasModelKey bool            // a model key goes with the requests
	KeyVariable string          // the variable the model key is read from at start
}

// Account is who pays and what is left, then, after a refusal that names
// the doors, what to do in the host's words; under it, the limits about to
// bite.
type Account struct {
	ctx   *ui.Context
	width int
	limit int // the most lines it may take
	v     AccountView
}

// NewAccount is the account pane of ctx.
func NewAccount(ctx *ui.Context) *Account { return &Account{ctx: ctx} }

// Set says what the pane shows.
func (p *Account) Set(v AccountView) { p.v = v }

// SetSize gives the pane its width and the most lines it may take.
func (p *Account) SetSize(width, limit int) { p.width, p.limit = width, limit }

// View draws the pane.
func (p *Account) View() string { return strings.Join(p.Lines(), "\n") }

// Lines is the account's lines, then the warnings; the warnings come first
// when there is not room for both.
func (p *Account) Lines() []string {
	warn := p.styledWarnings()
	warn = warn[:min(len(warn), max(p.limit, 0))]
	return append(p.accountLines(p.limit-len(warn)), warn...)
}

// ShortHelp lists the key of the pane: a model key.
func (p *Account) ShortHelp() []key.Binding { return []key.Binding{p.ctx.Keys.ModelKey} }

// FullHelp lists the pane's keys.
func (p *Account) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Update changes nothing: the root looks the account up and Sets it.
func (p *Account) Update(tea.Msg) (tea.Cmd, ui.Action) { return nil, nil }

// styledWarnings are the limit warnings, drawn above the composer.
func (p *Account) styledWarnings() []string {
	ws := p.limitWarnings()
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		style := p.ctx.Styles.StatusWarn
		if strings.HasPrefix(w, "✗") {
			style = p.ctx.Styles.StatusError
		}
		out = append(out, ui.Pad(style.Render(w), p.width))
	}
	return out
}

// accountLines is who pays and what is left, then, after a refusal that
// names the doors, what to do in the host's words.
func (p *Account) accountLines(limit int) []string {
	if limit <= 0 {
		return nil
	}
	st := p.ctx.Styles
	var out []string
	if a := p.v.Account; a != nil {
		for i, l := range p.accountText(a) {
			style, lead := st.Status, ""
			if i > 0 {
				style, lead = st.KeyDesc, "  "
			}
			for k, w := range ui.WrapPlain(l, max(p.width-len(lead)-2, 10)) {
				if k > 0 {
					w = "  " + w
				}
				out = append(out, ui.Pad(style.Render(lead+w), p.width))
			}
		}
		if a.Kind == wire.AccountAnonymous && a.Doors != nil && p.v.Refusal == nil && !p.v.HasModelKey {
			out = append(out, ui.Pad(st.Status.Render("  ways in: "+doorsText(a.Doors)), p.width))
		}
	}
	if r := p.v.Refusal; r != nil {
		out = append(out, p.refusalLines(r)...)
	}
	if len(out) > limit {
		out = out[len(out)-limit:] // the refusal matters most
	}
	return out
}

// accountText is everything GET /account said, in words, one line per
// subject: who and the turns, the credit, the own-key door.
func (p *Account) accountText(a *wire.Account) []string {
	turns := -1 // no session open: no session's turns
	if p.v.Open {
		turns = 0
	}
	if s := p.v.Session; s != nil {
		turns = s.Turns
	}
	who := "◆ " + ui.SanitizeLine(a.Kind)
	if a.Kind == wire.AccountAnonymous {
		who = "◆ visitor"
	}
	if pr := ui.NameLine(a.Principal); pr != "" {
		who += " " + pr
	}
	if e := ui.SanitizeLine(a.Email); e != "" {
		who += " · " + e + map[bool]string{true: " (verified)", false: " (not verified)"}[a.EmailVerified]
	}
	if a.Kind == wire.AccountMember {
		if !p.v.Open {
			return []string{who + " · no limits"}
		}
		return []string{who + " · " + plural(turns, "turn") + " in this session · no limits"}
	}
	out := []string{who + " · " + turnCounts(a, turns)}
	if c := a.Credit; c != nil {
		out = append(out, creditText(c))
	}
	if b := a.BYOK; b != nil {
		line := "your own key: " + ui.SanitizeLine(b.Provider)
		if b.DefaultModel != "" {
			line += ", default model " + ui.SanitizeLine(b.DefaultModel)
		}
		if p.v.HasModelKey {
			line += " · yours goes with every request"
		} else {
			line += " · " + ui.KeyName(p.ctx.Keys.ModelKey) + " gives it"
		}
		out = append(out, line)
	}
	return out
}

// creditText words an account's credit: what is left (or owed), granted
// and spent, the models it pays for and whether today's pool is open.
func creditText(c *wire.Credit) string {
	var s string
	switch {
	case c.BalanceUSD < -0.00005:
		s = "credit: you owe " + usd(-c.BalanceUSD)
	case c.BalanceUSD < 0.00005:
		s = "credit: none left"
	default:
		s = "credit: " + usd(c.BalanceUSD) + " left"
	}
	s += " · " + usd(c.GrantedUSD) + " granted · " + usd(c.SpentUSD) + " spent"
	if len(c.Models) > 0 || c.DefaultModel != "" {
		s += " · models: " + modelsText(c.Models, c.DefaultModel)
	}
	if c.PoolOpenToday {
		return s + " · today's pool open"
	}
	return s + " · today's pool closed: credit turns are refused until tomorrow (UTC)"
}

// usd is an amount of dollars, to the cent, or to a hundredth of a cent
// when smaller amounts matter.
func usd(v float64) string {
	if v == 0 || v >= 1 || math.Abs(v*100-math.Round(v*100)) < 1e-9 {
		return fmt.Sprintf("$%.2f", v)
	}
	return fmt.Sprintf("$%.4f", v)
}

// modelsText lists the credit models, the default one marked.
func modelsText(models []string, def string) string {
	var out []string
	seen := false
	for _, x := range models {
		x = ui.SanitizeLine(x)
		if x == ui.SanitizeLine(def) {
			x, seen = x+" (default)", true
		}
		out = append(out, x)
	}
	if !seen && def != "" {
		out = append([]string{ui.SanitizeLine(def) + " (default)"}, out...)
	}
	return strings.Join(out, ", ")
}

// turnCounts is today's turns and this session's, against their limits.
func turnCounts(a *wire.Account, session int) string {
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

// doorsText says the doors, each by what it is, its header a detail.
func doorsText(d *wire.Doors) string {
	return "your own key (" + ui.SanitizeLine(d.BYOK.Header) + ") · an account with credit (" + ui.SanitizeLine(d.Account.Header) + ")"
}

// refusalLines say what the refusal said and how to get in, whole.
func (p *Account) refusalLines(r *dialog.Refusal) []string {
	st, w := p.ctx.Styles, p.width
	var out []string
	for _, l := range ui.WrapPlain(ui.SanitizeLine(r.Code+": "+r.Message), w-2) {
		if len(out) == 0 {
			out = append(out, ui.Pad(st.StatusError.Render("✗ "+l), w))
			continue
		}
		out = append(out, ui.Pad(st.StatusError.Render("  "+l), w))
	}
	var byok *wire.BYOK
	if p.v.Account != nil {
		byok = p.v.Account.BYOK
	}
	for _, line := range ui.DoorLines(r.Doors, byok, r.Code, r.Funding) {
		for k, l := range ui.WrapPlain(line, w-4) {
			lead := "    "
			if k == 0 {
				lead = "  → "
			}
			out = append(out, ui.Pad(st.Status.Render(lead+l), w))
		}
	}
	hint := "  " + ui.KeyName(p.ctx.Keys.ModelKey) + " gives your model key now; or set $" + p.v.KeyVariable + " and start again"
	for _, l := range ui.WrapPlain(hint, w) {
		out = append(out, ui.Pad(st.KeyDesc.Render(l), w))
	}
	return out
}

// limitWarnings say when the next turn would pass the session's or the
// day's turn limit, or when the credit left cannot cover a run's budget.
func (p *Account) limitWarnings() []string {
	a, s := p.v.Account, p.v.Session
	if a == nil || s == nil || a.Kind == wire.AccountMember {
		return nil
	}
	var out []string
	turns, give := s.Turns, ui.KeyName(p.ctx.Keys.ModelKey)
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
	if cr := a.Credit; cr != nil && s.Funding == "credit" && !p.v.HasModelKey {
		budget := s.Budget.MaxCostUSD
		switch {
		case !cr.PoolOpenToday:
			out = append(out, "✗ credit pool closed today: the next turn is refused; "+give+" gives your key")
		case cr.BalanceUSD <= 0:
			out = append(out, "✗ no credit left: the next turn is refused; "+give+" gives your key")
		case budget > 0 && cr.BalanceUSD < budget:
			out = append(out, fmt.Sprintf("⚠ %s credit left, under a run's budget of %s: a run may end short", usd(cr.BalanceUSD), usd(budget)))
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
