package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/note"
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
// command line asked for.
func (m *Model) openNewSession() {
	public := m.account != nil && m.account.Kind != client.AccountMember
	m.pushOwn(dialog.NewNewSession(&m.Context, m.cfg.NewSession, public))
}

// startSession starts a session made with what the form gave (title,
// profile, model, budget), with the lease as the command line says.
func (m *Model) startSession(form client.CreateRequest) tea.Cmd {
	req := m.newRequest()
	req.Title, req.Profile, req.Model, req.MaxTurns, req.MaxCostUSD = form.Title, form.Profile, form.Model, form.MaxTurns, form.MaxCostUSD
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
