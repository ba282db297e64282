package tui

import (
	tea "charm.land/bubbletea/v2"
)

// The context refs are tui/refs': the slash commands that attach and drop
// them, and the palette's, run here.

// runRef attaches the ids of "/ref ID…", or drops those written "-ID".
func runRef(m *Model, arg string) (tea.Cmd, string) {
	said, refusal := m.refs.Ref(arg)
	return m.act(said, nil), refusal
}

// paletteRef starts "/ref " in an empty composer, for the id.
func paletteRef(m *Model) tea.Cmd {
	if !m.composer.Blank() {
		m.note.Say("type /ref ID once the draft is sent or cleared (the draft stays)")
		return nil
	}
	m.composer.SetValue("/ref ")
	m.focus = focusSession
	return nil
}

// runUnref drops one ref ("/unref ID"), or all of them.
func runUnref(m *Model, arg string) (tea.Cmd, string) {
	said, refusal := m.refs.Unref(arg)
	return m.act(said, nil), refusal
}
