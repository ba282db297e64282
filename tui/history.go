package tui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// onQuitKey answers ctrl+c: a draft is cleared into the history; with none,
// a first press asks for a second, which quits.
func (m *Model) onQuitKey() tea.Cmd {
	if m.top() == nil && m.focus == focusSearch { // the search bar: ctrl+c closes it, as esc does
		m.transcript.Search().Close()
		m.focus = focusSession
		m.quitArmed = false
		m.note = "search closed"
		return nil
	}
	composing := m.top() == nil && (m.focus == focusSession || m.focus == focusVisit) && !m.cfg.Watch
	if composing && !m.composer.Blank() {
		m.composer.Remember(m.composer.Value())
		m.composer.SetValue("")
		m.quitArmed = false
		m.note = "draft cleared: " + ui.KeyName(m.Keys.Up) + " brings it back"
		return nil
	}
	if m.quitArmed {
		return tea.Quit
	}
	m.quitArmed = true
	m.note = ui.KeyName(m.Keys.Quit) + " again quits"
	return nil
}
