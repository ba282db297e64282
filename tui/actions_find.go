package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The actions that were found only in one place (delete in the picker's
// footer, search by its key, copy by a pane's letter, quitting by ctrl+c
// twice): the palette, the slash commands and the help list them too.

// canDelete needs one of the person's sessions open, not only watched by
// vehicle watch (which never changes anything).
func canDelete(m *Model) string {
	if why := inSession(m); why != "" {
		return why
	}
	return notWatching(m)
}

// runDelete asks to delete the open session (the picker's question).
func runDelete(m *Model, _ string) (tea.Cmd, string) {
	m.pushOwn(dialog.NewDelete(&m.Context, m.tiles.Focused().State().Session))
	return nil, ""
}

// runSearch opens the search bar, searching for words when given.
func runSearch(m *Model, words string) (tea.Cmd, string) {
	m.act(transcript.OpenSearch{}, nil) // as the entries' / does
	if words = strings.TrimSpace(words); words != "" {
		m.transcript.Search().SetQuery(words)
	}
	return nil, ""
}

// canSelect needs an entry to select.
func canSelect(m *Model) string {
	if why := inSession(m); why != "" {
		return why
	}
	if !m.transcript.HasSelectable() {
		return "nothing to copy yet: send a message first"
	}
	return ""
}

// runCopy moves the keys to the entries, where a letter copies the one
// selected, and says how.
func runCopy(m *Model, _ string) (tea.Cmd, string) {
	if !m.paneReady(focusEntries) {
		return nil, "nothing to copy yet: send a message first"
	}
	m.focus = focusEntries
	m.note.Say("select the entry to copy: " + ui.KeyName(m.Keys.Up) + ui.KeyName(m.Keys.Down) + " moves, " +
		ui.FirstKey(m.Keys.Copy) + " then enter copies it (" + ui.FirstKey(m.Keys.CopyCode) + " a code block)")
	return nil, ""
}

// canQuit is the quit key's rule: a run this terminal drives here is
// aborted first (ctrl+c's first press does that), never left unsaid.
func canQuit(m *Model) string {
	if s := m.tiles.Focused(); s != nil && s.State() != nil && s.State().Run == client.RunRunning && s.Driving() && !m.cfg.Watch {
		return "a run you drive is under way here: " + ui.KeyName(m.Keys.Abort) + " aborts it first (quitting would leave it going with nobody driving)"
	}
	return ""
}

// runQuit quits as a second press of the quit key does: it asks first when
// a message has no answer yet; runs under way in other tiles are said
// first, and the quit key then quits.
func runQuit(m *Model, _ string) (tea.Cmd, string) {
	if m.askQuit() {
		return nil, ""
	}
	if held := m.tiles.RunsElsewhere(); held != "" {
		m.note.ArmQuit(m.cfg.Now())
		m.note.Say(ui.KeyName(m.Keys.Quit) + " quits" + held)
		return nil, ""
	}
	return tea.Quit, ""
}
