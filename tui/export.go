package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// runExport writes the open session's transcript: "/export" in the current
// directory, named after the title; "/export PATH" there (a .jsonl path
// gives JSONL, any other Markdown). An existing file is never replaced.
func runExport(m *Model, path string) (tea.Cmd, string) {
	if strings.ContainsAny(path, "\x00\n") {
		return nil, "that is not a path: /export PATH, or /export alone for one named after the title"
	}
	s := m.tiles.Focused()
	m.note.Say("exporting the transcript…")
	line := strings.TrimSpace("/export " + path)
	return m.manage.Export(s.Context(), s.ID(), path, line), ""
}
