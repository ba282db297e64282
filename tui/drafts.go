package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/keep"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// What the UI keeps on disk as it runs (the drafts, the input history,
// the sessions open last) is tui/keep's: the root gives it the stores of
// Config, tells it after every message what shows (Model.shown), hands it
// its commands' answers and acts on what it reports (onKeepAction).

// Drafts keeps what the person was writing, per session, between runs
// (keep.Drafts; statefile.Drafts keeps them per terminal, in private
// files).
type Drafts = keep.Drafts

// ShownDrafts is Drafts that also keeps a draft while the UI shows it
// (keep.ShownDrafts; statefile.Drafts.KeepShown).
type ShownDrafts = keep.ShownDrafts

// History keeps the input history between runs, per session and across
// sessions, as a shell does (keep.History; statefile.History).
type History = keep.History

// Recent keeps which sessions were open last on one host and graph, for
// `vehicle --continue` and the picker (keep.Recent).
type Recent = keep.Recent

// KeptDraft is what is kept of a session between runs (ui.KeptDraft): the
// composer's text, and a message sent with no answer yet, which the next
// run sends again as the same request, so the host runs it once.
type KeptDraft = keep.KeptDraft

// Draft is one open session's draft: its key (its host, graph and id) and
// what is kept of it.
type Draft = keep.Draft

// Drafts is the draft of every open session, for the caller to keep with
// Config.Drafts after the program ends: the focused one's is the composer's
// text (or what the editor had saved, when it still ran), the others' what
// their composers held when the focus left them; with each, a message sent
// with no answer yet.
func (m *Model) Drafts() []Draft { return m.keep.Drafts(m.shown().Open()) }

// Flush does what the model asked to keep on disk and the program did not
// get to (a command not run, or under way when it ended); call it after
// the program ended. It returns what could not be kept.
func (m *Model) Flush() error { return m.keep.Flush() }

// shown is what the UI shows, as the keeper reads it: where the focus is,
// the visit, the composer's changes, and the draft of every open session.
func (m *Model) shown() keep.Shown {
	now := keep.Shown{Focus: int(m.focus), Tile: -1, Edits: m.composer.Edits()}
	if s := m.tiles.Focused(); s != nil {
		now.Tile = s.Gen()
	}
	if m.visit != nil {
		now.Visit = m.visit
	}
	now.Open = func() []keep.Open {
		out := make([]keep.Open, 0, len(m.tiles.All())+1)
		if v := m.visit; v != nil {
			k := KeptDraft{Text: m.composer.Kept()}
			if u := v.Unanswered(); u != nil {
				k.RequestID, k.Request, k.Op = u.RequestID, u.Text, u.Op
			}
			out = append(out, keep.Open{ID: v.ID(), Gen: keep.VisitGen, Kept: k})
		}
		for _, s := range m.tiles.All() {
			text := s.Draft()
			if s == m.tiles.Focused() {
				text = m.composer.Kept()
			}
			out = append(out, keep.Open{ID: s.ID(), Gen: s.Gen(), Kept: s.Kept(text)})
		}
		return out
	}
	return now
}

// remember keeps a text in the input history: the composer's at once, the
// kept one by the keeper's command, under the session open (or the visit).
func (m *Model) remember(text string) tea.Cmd {
	m.composer.Remember(text)
	id := ""
	switch {
	case m.tiles.Focused() != nil:
		id = m.tiles.Focused().ID()
	case m.visit != nil:
		id = m.visit.ID()
	}
	return m.keep.Remember(id, text)
}

// onKeepAction acts on what the keeper reported: a kept draft back in the
// composer (unless the person began writing), a kept history under what
// this run remembered (a tile's once it has the focus), the sessions open
// last, a draft or text not kept.
func (m *Model) onKeepAction(a keep.Action) tea.Cmd {
	switch a := a.(type) {
	case keep.DraftBack:
		if s := m.tiles.Of(a.Gen); s != nil {
			return m.act(s.TakeKept(a.Kept, s == m.tiles.Focused(), m.composer.Blank()), nil)
		}
		if k := a.Kept; a.Gen == keep.VisitGen && m.visit != nil {
			return m.act(m.visit.Kept(visit.Draft{Text: k.Text, RequestID: k.RequestID, Request: k.Request, Op: k.Op}, m.composer.Blank()), nil)
		}
	case keep.HistoryBack:
		s := m.tiles.Of(a.Gen)
		if s == nil && (m.visit == nil || a.Gen != keep.VisitGen) {
			return nil
		}
		m.failed(a.Err)
		if s != nil {
			s.SetHistory(a.Items) // a tile's, for when it has the focus
			if s != m.tiles.Focused() {
				return nil
			}
		}
		m.composer.SetHistory(a.Items)
	case keep.RecentBack:
		if !a.Cont { // the picker offers them again, marked, when they were a wall
			m.picker.Offer(a.IDs)
			return nil
		}
		return m.act(m.manage.Recent(a.IDs, a.Err, m.focus == focusPicker && m.tiles.Focused() == nil), nil)
	case keep.Failed:
		m.failed(a.Err)
	}
	return nil
}

// place is the host and graph c reaches, by which the keeper names a
// session's draft and history; "" without a client.
func place(c *client.Client) string {
	if c == nil {
		return ""
	}
	return c.GardendURL() + " " + c.Graph()
}
