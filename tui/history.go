package tui

import (
	tea "charm.land/bubbletea/v2"
)

// History keeps the input history between runs, per session and across
// sessions, as a shell does (statefile.History keeps it in private files,
// bounded). The UI calls it only from its commands, never from Update.
type History interface {
	// Load is the history of a session's key, oldest first: the texts ↑
	// walks, the session's own last.
	Load(key string) ([]string, error)
	// Add keeps a text as the newest of a session's history and of the
	// global one ("" for no session: the global one only).
	Add(key, text string) error
}

// historyMsg hands back the history kept for a session being opened
// (gen), or says whether a text was kept (gen -1).
type historyMsg struct {
	gen   int
	items []string
	err   error
}

// loadHistory reads the history kept for a session's key.
func loadHistory(h History, gen int, key string) tea.Cmd {
	if h == nil {
		return nil
	}
	return func() tea.Msg {
		items, err := h.Load(key)
		return historyMsg{gen: gen, items: items, err: err}
	}
}

// remember keeps a text in the input history: the composer's at once, the
// kept one by a command (a failure is said on the status line; Flush does
// it when the program ends first).
func (m *Model) remember(text string) tea.Cmd {
	m.composer.Remember(text)
	h := m.cfg.History
	if h == nil {
		return nil
	}
	key := ""
	switch {
	case m.tiles.Focused() != nil:
		key = m.draftKey(m.tiles.Focused().ID())
	case m.visit != nil:
		key = m.draftKey(m.visit.ID())
	}
	return m.writes.cmd(func() error { return h.Add(key, text) },
		func(err error) tea.Msg { return historyMsg{gen: -1, err: err} })
}

// onHistory puts the kept history under what this run remembered already
// (a tile's once it has the focus), or says a text was not kept.
func (m *Model) onHistory(msg historyMsg) {
	if msg.gen == -1 {
		m.dirty = m.failed(msg.err)
		return
	}
	s := m.tiles.Of(msg.gen)
	if s == nil && (m.visit == nil || msg.gen != 0) {
		return
	}
	if msg.err != nil {
		m.failed(msg.err)
	}
	if s != nil {
		s.SetHistory(msg.items) // a tile's, for when it has the focus
		if s != m.tiles.Focused() {
			return
		}
	}
	m.composer.SetHistory(msg.items)
}
