package tui

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
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

// openNewSession opens the new-session form, filled in with what the
// command line asked for.
func (m *Model) openNewSession() {
	public := m.account != nil && m.account.Kind != client.AccountMember
	m.pushOwn(dialog.NewNewSession(&m.Context, m.cfg.NewSession, public))
}
