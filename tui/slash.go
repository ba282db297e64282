package tui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/slash"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Slash commands: a draft whose first word is "/name" runs the action of
// that name instead of being sent (read by tui/slash). "//text" sends the
// literal "/text"; an unknown "/word" is sent only after the person says
// so.

// slash runs the draft when it is a slash command and reports whether it
// was one; else it gives the text to send. One that names no command asks
// question first, and anyway is acted on on yes; one that cannot run now,
// or whose words are wrong, runs nothing, keeps the draft and says why; one
// that ran leaves the composer empty (the history keeps it).
func (m *Model) slash(draft, question, yes string, anyway ui.Action) (text string, cmd tea.Cmd, handled bool) {
	l := slash.Parse(draft)
	switch l.Kind {
	case slash.None:
		return draft, nil, false
	case slash.Literal:
		return l.Text, nil, false
	}
	acts := m.actions()
	i := slices.IndexFunc(acts, func(a action) bool { return a.slash == l.Name })
	if i < 0 { // the note (an older one never stays beside it) and the question
		note, ask := slash.Unknown(&m.Context, l, slashCmds(acts), question, yes, anyway)
		m.note.Say(note)
		m.push(ask)
		return "", nil, true
	}
	a := acts[i]
	if why := a.why(m); why != "" {
		m.note.Say(why)
		return "", nil, true
	}
	cmd, refusal := a.run(m, l.Arg)
	if refusal != "" {
		m.note.Say(refusal)
		return "", nil, true
	}
	keep := m.remember(draft)
	m.composer.SetValue("")
	return "", tea.Batch(keep, cmd), true
}

// parsePolicy reads a room policy's name.
func parsePolicy(s string) (string, bool) {
	switch p := strings.ToLower(strings.TrimSpace(s)); p {
	case client.PolicySuggest, client.PolicyCoDrive, client.PolicyObserve, client.PolicyMute:
		return p, true
	case "codrive", "co_drive":
		return client.PolicyCoDrive, true
	}
	return "", false
}

// slashCmds is the commands as tui/slash reads their words.
func slashCmds(acts []action) []slash.Cmd {
	out := make([]slash.Cmd, 0, len(acts))
	for _, a := range acts {
		out = append(out, slash.Cmd{Slash: a.slash, Name: a.name, Words: a.words})
	}
	return out
}

// onSlashAction acts on the answer of the question an unknown command
// asked: the nearest command run with the draft's words.
func (m *Model) onSlashAction(a slash.Action) tea.Cmd {
	switch a := a.(type) {
	case slash.RunNearest:
		l := slash.Parse(m.composer.Value())
		if l.Kind != slash.Command {
			return nil // the draft changed since: nothing of it is run
		}
		_, cmd, _ := m.slash(strings.TrimSpace("/"+a.Slash+" "+l.Arg), "", "", nil)
		return cmd
	}
	return nil
}
