package tui

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// doorRefusal is a refusal that names the ways in (model_key_required,
// out_of_credit, credit_pool_exhausted): the account pane shows it until a
// send goes through or a key is given.
type doorRefusal struct {
	code    string
	message string
	doors   *client.Doors
	create  bool // refused at create: a key makes the session again
}

// refused keeps a refusal that names the doors, for the account pane, and
// opens the key dialog when a model key would cure it.
func (m *Model) refused(err error) { m.keepRefusal(err, false) }

// refusedAtCreate is refused for a create: once a key is kept, the session
// is made again.
func (m *Model) refusedAtCreate(err error) { m.keepRefusal(err, true) }

// keepRefusal keeps a refusal that names the doors and opens the key
// dialog when a key would cure it; create says the refusal was a create's.
func (m *Model) keepRefusal(err error, create bool) {
	var e *client.Error
	if !errors.As(err, &e) {
		return
	}
	d := e.Doors()
	cures := dialog.KeyCures(e.Code)
	if d == nil && !cures {
		return
	}
	m.refusal = &doorRefusal{code: e.Code, message: e.Message, doors: d, create: create && cures}
	if cures {
		m.openKeyDialog(m.refusal)
	}
}

// onAccount keeps the host's answer about the person; a failed look-up
// keeps the last one.
func (p *accountPane) onAccount(msg accountMsg) {
	if msg.err != nil || msg.acc == nil {
		return
	}
	p.account = msg.acc
	if p.me.Principal == "" {
		p.me.Principal = msg.acc.Principal
	}
}

// hasModelKey reports whether a model key goes with the requests: given at
// start or in the key dialog. A credit session runs on it from the next
// request, so the credit's warnings no longer hold.
func (c *common) hasModelKey() bool {
	return c.keyGiven || (c.cfg.Client != nil && c.cfg.Client.ModelKey() != "")
}

// accountPane is who pays and what is left, then, after a refusal that
// names the doors, what to do in the host's words; under it, the limits
// about to bite.
type accountPane struct {
	*common
	limit int // the most lines it may take
}

// SetSize gives the pane its width and the most lines it may take.
func (p *accountPane) SetSize(width, limit int) { p.width, p.limit = width, limit }

// View draws the pane.
func (p *accountPane) View() string { return strings.Join(p.lines(), "\n") }

// lines is the account's lines, then the warnings; the warnings come first
// when there is not room for both.
func (p *accountPane) lines() []string {
	warn := p.styledWarnings()
	warn = warn[:min(len(warn), max(p.limit, 0))]
	return append(p.accountLines(p.limit-len(warn)), warn...)
}

// ShortHelp lists the key of the pane: a model key.
func (p *accountPane) ShortHelp() []key.Binding { return []key.Binding{p.Keys.ModelKey} }

// FullHelp lists the pane's keys.
func (p *accountPane) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Update keeps the host's answer about the person.
func (p *accountPane) Update(msg tea.Msg) (tea.Cmd, bool) {
	if msg, ok := msg.(accountMsg); ok {
		p.onAccount(msg)
	}
	return nil, false
}

// styledWarnings are the limit warnings, drawn above the composer.
func (c *common) styledWarnings() []string {
	ws := c.limitWarnings()
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		style := c.Styles.StatusWarn
		if strings.HasPrefix(w, "✗") {
			style = c.Styles.StatusError
		}
		out = append(out, ui.Pad(style.Render(w), c.width))
	}
	return out
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
func (c *common) accountLines(limit int) []string {
	if limit <= 0 {
		return nil
	}
	var out []string
	if a := c.account; a != nil {
		for i, l := range c.accountText(a) {
			style, lead := c.Styles.Status, ""
			if i > 0 {
				style, lead = c.Styles.KeyDesc, "  "
			}
			for k, w := range ui.WrapPlain(l, max(c.width-len(lead)-2, 10)) {
				if k > 0 {
					w = "  " + w
				}
				out = append(out, ui.Pad(style.Render(lead+w), c.width))
			}
		}
		if a.Kind == client.AccountAnonymous && a.Doors != nil && c.refusal == nil && !c.hasModelKey() {
			out = append(out, ui.Pad(c.Styles.Status.Render("  doors: "+doorsText(a.Doors)), c.width))
		}
	}
	if r := c.refusal; r != nil {
		out = append(out, c.refusalLines(r)...)
	}
	if len(out) > limit {
		out = out[len(out)-limit:] // the refusal matters most
	}
	return out
}

// accountText is everything GET /account said, in words, one line per
// subject: who and the turns, the credit, the own-key door.
func (c *common) accountText(a *client.Account) []string {
	turns := -1 // no session open: no session's turns
	if c.sess != nil {
		turns = sessionTurns(c.sess)
	}
	who := "◆ " + ui.SanitizeLine(a.Kind)
	if a.Kind == client.AccountAnonymous {
		who = "◆ visitor"
	}
	if p := ui.SanitizeLine(a.Principal); p != "" {
		who += " " + p
	}
	if e := ui.SanitizeLine(a.Email); e != "" {
		who += " · " + e + map[bool]string{true: " (verified)", false: " (not verified)"}[a.EmailVerified]
	}
	if a.Kind == client.AccountMember {
		if c.sess == nil {
			return []string{who + " · no limits"}
		}
		return []string{who + " · " + plural(turns, "turn") + " in this session · no limits"}
	}
	out := []string{who + " · " + turnCounts(a, turns)}
	if c := a.Credit; c != nil {
		out = append(out, creditText(c))
	}
	if b := a.BYOK; b != nil {
		s := "your own key: " + ui.SanitizeLine(b.Provider)
		if b.DefaultModel != "" {
			s += ", default model " + ui.SanitizeLine(b.DefaultModel)
		}
		if c.hasModelKey() {
			s += " · yours goes with every request"
		} else {
			s += " · " + ui.KeyName(c.Keys.ModelKey) + " gives it"
		}
		out = append(out, s)
	}
	return out
}

// creditText words an account's credit: what is left (or owed), granted
// and spent, the models it pays for and whether today's pool is open.
func creditText(c *client.Credit) string {
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
	return ui.SanitizeLine(d.BYOK.Header) + " (your own key) · " + ui.SanitizeLine(d.Account.Header) + " (an account with credit)"
}

// refusalLines say what the refusal said and how to get in, whole.
func (c *common) refusalLines(r *doorRefusal) []string {
	var out []string
	for _, l := range ui.WrapPlain(ui.SanitizeLine(r.code+": "+r.message), c.width-2) {
		if len(out) == 0 {
			out = append(out, ui.Pad(c.Styles.StatusError.Render("✗ "+l), c.width))
			continue
		}
		out = append(out, ui.Pad(c.Styles.StatusError.Render("  "+l), c.width))
	}
	for _, line := range ui.DoorLines(r.doors) {
		for k, l := range ui.WrapPlain(line, c.width-4) {
			lead := "    "
			if k == 0 {
				lead = "  → "
			}
			out = append(out, ui.Pad(c.Styles.Status.Render(lead+l), c.width))
		}
	}
	hint := "  " + ui.KeyName(c.Keys.ModelKey) + " gives your model key now; or set $" + c.modelKeyVariable() + " and start again"
	for _, l := range ui.WrapPlain(hint, c.width) {
		out = append(out, ui.Pad(c.Styles.KeyDesc.Render(l), c.width))
	}
	return out
}

// limitWarnings say when the next turn would pass the session's or the
// day's turn limit, or when the credit left cannot cover a run's budget.
func (c *common) limitWarnings() []string {
	a, s := c.account, c.sess
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
	if cr := a.Credit; cr != nil && s.state.Session.Funding == "credit" && !c.hasModelKey() {
		budget := s.state.Session.Budget.MaxCostUSD
		switch {
		case !cr.PoolOpenToday:
			out = append(out, "✗ credit pool closed today: the next turn is refused; "+
				ui.KeyName(c.Keys.ModelKey)+" gives your key")
		case cr.BalanceUSD <= 0:
			out = append(out, "✗ no credit left: the next turn is refused; "+
				ui.KeyName(c.Keys.ModelKey)+" gives your key")
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
