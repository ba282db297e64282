package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
)

// openInfo shows the open session's info dialog; before the session has
// opened there is nothing to show yet, and the note says so.
func (m *Model) openInfo() {
	s := m.sess
	if s == nil || s.state == nil {
		m.note = "the session is still opening"
		return
	}
	graph := ""
	if m.cfg.Client != nil {
		graph = m.cfg.Client.Graph()
	}
	m.push(dialog.NewInfo(&m.Context, s.state, graph, s.reduced))
}

// newRequest is what a new session is made with: --no-claim makes it
// without the lease (claim: false); the next message claims it.
func (c *common) newRequest() client.CreateRequest {
	req := c.cfg.NewSession
	if c.cfg.NoClaim {
		no := false
		req.Claim = &no
	}
	return req
}

// unclaimedRole is the role in a session opened without a claim: watch,
// but for a session this terminal made with --no-claim, which is the
// person's own: its next message claims the lease.
func (m *Model) unclaimedRole(s *session) role {
	if s.created && !m.cfg.Watch {
		return roleDrive
	}
	return roleWatch
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
	m.push(dialog.NewError(&m.Context, "The session was not created", describe(err, &m.Keys)+"\n\n"+meaning))
}
