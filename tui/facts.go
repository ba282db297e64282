package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The header follows the session. What a session is (its funding, access,
// profile and model) comes with the snapshot at open; some of it changes
// with no event to say so: a credit session runs on the person's own key
// from the first request that brings one (the seed's first door), and the
// host's summary then says byok. The UI reads the summary again when what
// it saw implies a change, and takes those facts from it.

// readFacts reads the session's summary again, from the listing of the
// person's sessions (a summary each, no transcript).
func readFacts(ctx context.Context, c *client.Client, gen int, id string) tea.Cmd {
	if c == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		list, err := c.List(ctx)
		if err != nil {
			return session.FactsMsg{Gen: gen}
		}
		for i := range list {
			if list[i].SessionID == id {
				return session.FactsMsg{Gen: gen, Summary: &list[i]}
			}
		}
		return session.FactsMsg{Gen: gen}
	}
}

// fundingStale reports whether the funding shown may be out of date: a
// model key goes with the requests, and the session still reads credit.
func (m *Model) fundingStale(s *session.Session) bool {
	return s != nil && s.State != nil && m.hasModelKey() && s.State.Session.Funding == ui.FundingCredit
}

// refreshFacts reads the summary again when ev implies the funding shown
// changed: a run started or settled on a key given since the session
// opened.
func (m *Model) refreshFacts(s *session.Session, ev client.Event) tea.Cmd {
	if (ev.Type != client.EvRunStarted && ev.Type != client.EvRunSettled) || !m.fundingStale(s) {
		return nil
	}
	return readFacts(s.Ctx, m.cfg.Client, s.Gen, s.ID)
}

// onFacts takes what the session is from its summary read again; the
// lease, status, body, title and turns stay the events' (they may be
// newer than the listing).
func (m *Model) onFacts(msg session.FactsMsg) {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil || msg.Summary == nil {
		m.dirty = false
		return
	}
	now, was := msg.Summary, &s.State.Session
	was.Funding, was.Access, was.Profile, was.Isolation, was.Model = now.Funding, now.Access, now.Profile, now.Isolation, now.Model
}
