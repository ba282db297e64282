package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// onTranscriptKey handles the keys that search the transcript or jump in
// it: the bar's keys while it shows, ctrl+f and ctrl+home anywhere (the
// entries pane's own, /, g, G, home and end, are the pane's). ok is false
// for other keys.
func (m *Model) onTranscriptKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := &m.Keys
	switch {
	case key.Matches(msg, k.Top):
		m.transcript.ToFirst() // in the entries pane, the first that can be selected
	case m.focus == focusSearch:
		if key.Matches(msg, k.Sessions, k.TakeOver, k.Info, k.Mouse, k.Panes, k.PanesBack) {
			return nil, false
		}
		cmd, act := m.transcript.Search().Update(msg)
		return tea.Batch(cmd, m.act(act, m.transcript.Search())), true
	case key.Matches(msg, k.Search):
		m.openSearch()
	default:
		return nil, false
	}
	return nil, true
}

// openSearch shows the search bar with the last query, typing.
func (m *Model) openSearch() {
	disarm(m.pane())
	m.focus = focusSearch
	m.note.Say("")
	m.transcript.Search().SetShown(m.tiles.Focused() != nil)
	m.transcript.Search().Open()
}
