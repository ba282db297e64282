package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/keep"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The wall's tiles are tui/session's (session.Wall): which sessions are
// open, which has the focus. The root moves what follows the focus: the
// composer's draft and history, the transcript shown, the panes'
// selections, the search's last query.

// focusTile gives tile i the focus: the composer keeps the draft of the
// tile it leaves and takes up the draft of the tile it comes to; the panes'
// selections start over.
func (m *Model) focusTile(i int) {
	left, next, ok := m.tiles.Focus(i, m.composer.Value())
	if !ok {
		return
	}
	if left != nil {
		m.transcript.SetMarked(false)
		viewOf(next).Search().SetQuery(m.transcript.Search().Query()) // the person's last search goes on
	}
	m.transcript = viewOf(next)
	m.composer.SetValue(next.TakeFocus())
	if m.cfg.History != nil {
		m.composer.SetHistory(next.History()) // under what this run remembered, in any tile
	}
	m.activity.Reset(next.Gen())
	m.room.Reset()
	m.queue.Reset()
	if m.focus != focusPicker && m.focus != focusVisit {
		m.focus = focusSession
	}
	// a take-over offer is its tile's: it shows with its tile, and no other (dialog.Stack.Reoffer)
	m.overlays.Reoffer(&m.Context, next.Gen(), next.Offer(), m.width, m.high)
}

// saveDrafts keeps the draft of every open session: the focused one's in
// the composer, the others' where the focus left them.
func (m *Model) saveDrafts() tea.Cmd {
	var open []keep.Open
	for _, s := range m.tiles.All() {
		text := s.Draft()
		if s == m.tiles.Focused() {
			text = m.composer.Value()
		}
		open = append(open, keep.Open{ID: s.ID(), Gen: s.Gen(), Kept: s.Kept(text)})
	}
	return m.keep.SaveDrafts(open)
}

// reloadTile opens s's session again in its place (its tile, its focus, its
// draft, its search), from a new snapshot; the old stream is closed without
// giving a lease up (the host that forgot it does not hold it). note is
// said once it has opened.
func (m *Model) reloadTile(s *session.Session, note string) tea.Cmd {
	if m.tiles.Index(s) < 0 {
		return nil
	}
	closing := s.Close(false)
	ns, open := m.newSession(s.ID())
	viewOf(ns).Search().SetQuery(viewOf(s).Search().Query())
	ns.Inherit(s, note)
	m.tiles.Replace(s, ns)
	if m.tiles.Focused() == ns {
		m.transcript = viewOf(ns)
		m.activity.Reset(ns.Gen())
		m.room.Reset()
		m.queue.Reset()
		m.note.Say("opening " + ui.NameLine(ns.ID()) + "…")
	}
	return tea.Batch(closing, open)
}
