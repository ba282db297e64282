package tui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/note"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// openInfo shows the open session's info dialog; before the session has
// opened there is nothing to show yet, and the note says so.
func (m *Model) openInfo() {
	s := m.tiles.Focused()
	if s == nil || s.State() == nil {
		m.note.Say("the session is still opening")
		return
	}
	graph := ""
	if m.cfg.Client != nil {
		graph = m.cfg.Client.Graph()
	}
	m.pushOwn(dialog.NewInfo(&m.Context, s.State(), graph, s.Reduced(), m.hasModelKey()))
}

// newRequest is what a new session is made with: --no-claim makes it
// without the lease (claim: false); the next message claims it.
func (c *common) newRequest() client.CreateRequest {
	req := c.cfg.NewSession
	if c.cfg.NoClaim {
		no := false
		req.Claim = &no
	}
	if req.TTLMs == 0 && c.cfg.ClaimTTL > 0 {
		req.TTLMs = c.cfg.ClaimTTL.Milliseconds()
	}
	return req
}

// openNewSession opens the new-session form, filled in with what the
// command line asked for (the lease's ttl too); the account is read first
// when it is not known, for the models the host offers (tellNewSession).
func (m *Model) openNewSession() tea.Cmd {
	m.pushOwn(dialog.NewNewSession(&m.Context, m.newRequest(), m.hostOffer()))
	if m.account == nil && m.cfg.Client != nil {
		return fetchAccount(m.cfg.Context, m.cfg.Client)
	}
	return nil
}

// tellNewSession tells an open new-session form what the host offers now
// (the account came, or a model key was given).
func (m *Model) tellNewSession() {
	m.overlays.Each(func(o ui.Component) {
		if d, ok := o.(*dialog.NewSession); ok {
			d.SetOffer(m.hostOffer())
		}
	})
}

// hostOffer is what the host offers this person's new session, from the
// account: the credit's models to an account without a key of its own,
// the provider's to one with a key; a member's host names none.
func (c *common) hostOffer() dialog.HostOffer {
	a := c.account
	if a == nil || a.Kind == client.AccountMember {
		return dialog.HostOffer{}
	}
	o := dialog.HostOffer{Public: true}
	switch {
	case c.hasModelKey() && a.BYOK != nil:
		o.Default = a.BYOK.DefaultModel
		if a.BYOK.Provider != "" {
			o.Prefix = a.BYOK.Provider + "/"
		}
	case !c.hasModelKey() && a.Credit != nil:
		o.Models, o.Default = append([]string{}, a.Credit.Models...), a.Credit.DefaultModel
		if o.Default != "" && !slices.Contains(o.Models, o.Default) {
			o.Models = append([]string{o.Default}, o.Models...)
		}
	}
	return o
}

// startSession starts a session made with what the form gave (title,
// profile, model, budget, the lease's ttl), claimed or not as the command
// line says.
func (m *Model) startSession(form client.CreateRequest) tea.Cmd {
	req := m.newRequest()
	req.Title, req.Profile, req.Model, req.MaxTurns, req.MaxCostUSD = form.Title, form.Profile, form.Model, form.MaxTurns, form.MaxCostUSD
	req.TTLMs = form.TTLMs
	m.asked = &req
	m.note.Say("starting a new session…")
	return createSession(m.cfg.Context, m.cfg.Client, req)
}

// askedAgain is the new session to make again once a key cures its
// refusal: the form's, else the command line's.
func (c *common) askedAgain() client.CreateRequest {
	if c.asked != nil {
		return *c.asked
	}
	return c.newRequest()
}

// profileRefusal says what a create refused for its profile means and
// what to do; "" for any other refusal.
func profileRefusal(code string) string {
	const chat = "vehicle --new without --profile agent"
	switch code {
	case client.CodeForbiddenProfile:
		return "An agent session (a body with read, write, edit and bash in its own folder) is for an owner " +
			"of the graph only. Start a chat session instead: " + chat + "."
	case client.CodeIsolationUnavailable:
		return "This host cannot make the box an agent's body runs in. A chat session needs no box: " + chat +
			"; or ask the host's operator to fix its isolation."
	case client.CodeNotImplemented:
		return "This host's isolation tier is not implemented for agent sessions. A chat session needs no box: " + chat + "."
	}
	return ""
}

// explainRefusal shows a create refused for its profile whole, with what
// the refusal means, over the status line that cuts it.
func (m *Model) explainRefusal(err error) {
	meaning := profileRefusal(client.ErrorCode(err))
	if meaning == "" {
		return
	}
	m.push(dialog.NewError(&m.Context, "The session was not created", note.Describe(err, &m.Keys)+"\n\n"+meaning))
}
