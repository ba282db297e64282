package tui

// The transcript's search and jump keys are the transcript's
// (transcript.Transcript.OnSearchKey); the root gives the bar the keys.

// openSearch shows the search bar with the last query, typing.
func (m *Model) openSearch() {
	disarm(m.pane())
	m.focus = focusSearch
	m.note.Say("")
	m.transcript.Search().SetShown(m.tiles.Focused() != nil)
	m.transcript.Search().Open()
}
