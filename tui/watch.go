package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Watching a session by its id is tui/manage's (Manager.Watch): the host
// is asked for the session first, and what it said comes back as
// manage.WatchOpen or manage.NotWatchable (onManageAction); the answers of
// the dialog that says a session cannot be watched are dialog actions
// (onDialogAction).

// runWatch watches the session /watch names.
func runWatch(m *Model, id string) (tea.Cmd, string) {
	id = strings.TrimSpace(id)
	if id == "" || strings.ContainsAny(id, " /?#") {
		return nil, "say which: /watch ID, one word like s3 (" + ui.KeyName(m.Keys.Palette) + " → Watch asks for it)"
	}
	return m.do(m.manage.Watch(id)), ""
}

// paletteWatch asks for the id of the session to watch.
func paletteWatch(m *Model) tea.Cmd {
	m.pushOwn(dialog.NewAskWatch(&m.Context, m.graph()))
	return nil
}

// graph is the graph the client reaches, "" without one.
func (c *common) graph() string {
	if c.cfg.Client == nil {
		return ""
	}
	return c.cfg.Client.Graph()
}
