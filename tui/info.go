package tui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/manage"
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
// command line asked for (the lease's ttl too); the account is read first
// when it is not known, for the models the host offers (tellNewSession).
func (m *Model) openNewSession() tea.Cmd {
	def := manage.NewRequest(m.cfg.NewSession, false, m.cfg.ClaimTTL)
	m.pushOwn(dialog.NewNewSession(&m.Context, def, m.hostOffer()))
	if m.account == nil && m.cfg.Client != nil {
		return fetchAccount(m.cfg.Context, m.cfg.Client)
	}
	return nil
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
