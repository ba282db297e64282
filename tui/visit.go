package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/keep"
	"github.com/sophia-labs/vehicle/tui/layout"
	"github.com/sophia-labs/vehicle/tui/slash"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// The visit is tui/visit's: chiming into another person's room. The root
// starts it, hands it the enter key's draft and the chimes' answers, and
// acts on what it reports (onVisitAction); the composer is the root's.

// startVisit opens the visit screen on id.
func (m *Model) startVisit(id string) tea.Cmd {
	m.visit = visit.New(&m.Context, m.cfg.Client, m.cfg.Context, id)
	m.focus = focusVisit
	m.note.Say("chiming into " + ui.SanitizeLine(id))
	if m.cfg.History != nil {
		m.composer.SetHistory(nil)
	}
	return tea.Batch(fetchAccount(m.cfg.Context, m.cfg.Client), m.keep.LoadHistory(keep.VisitGen, id),
		m.keep.LoadDraft(keep.VisitGen, id))
}

// onVisitKey handles a key on the visit screen: the composer's, enter
// chiming the draft (a slash command first).
func (m *Model) onVisitKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.composer.SearchTakes(msg): // ctrl+r's search has enter and esc
	case key.Matches(msg, m.Keys.Sessions):
		m.visit, m.focus = nil, focusPicker
		return m.act(m.picker.Reload(""), m.picker)
	case key.Matches(msg, m.Keys.New, m.Keys.Rename, m.Keys.Clone):
		return m.onActionKey(msg)
	case key.Matches(msg, m.Keys.Send):
		if m.visit.Sending() {
			return nil
		}
		// the slash commands that need no session of one's own (/help, /sessions, /key) run here
		draft := m.composer.Value()
		text, cmd, handled := m.slash(draft, "Send it to the driver as a chime as it is?", "chime it as text", chimeAnyway{text: draft})
		if handled {
			return cmd
		}
		if m.tooLong(text) {
			return nil
		}
		cmd, act := m.visit.Chime(text, m.composer.Blank())
		return tea.Batch(m.act(act, nil), cmd)
	}
	return m.update(m.composer, msg)
}

// onVisitAction acts on what the visit reported.
func (m *Model) onVisitAction(a visit.Action) tea.Cmd {
	switch a := a.(type) {
	case visit.Fill:
		m.composer.SetValue(a.Text)
	case visit.TakeDraft:
		keep := m.remember(m.composer.Value())
		m.composer.SetValue("")
		return keep
	case visit.Lost:
		m.setErr(a.Err)
		m.note.HideErr() // kept in the errors list
	case visit.Refused:
		m.failed(a.Err)
		m.note.Qualify(a.Qualify)
		m.act(m.key.Refused(a.Err, false, fundingOf(m.tiles.Focused())), nil)
		m.composer.Restore(a.Text)
	case visit.Restore:
		m.composer.Restore(slash.Escape(a.Text))
	}
	return nil
}

// visitView is the visit's screen, as the layout takes it.
func (m *Model) visitView() *layout.Visit {
	v := m.visit
	right := ui.SanitizeLine(v.ID())
	if m.cfg.Client != nil {
		right = ui.SanitizeLine(m.cfg.Client.Graph()) + "/" + right
	}
	return &layout.Visit{Title: "chiming into " + ui.SanitizeLine(v.ID()), Facts: right + " · not yours",
		Body: func(h int) []string { return v.Lines(m.width, h) }, Rule: v.Rule(m.width), Account: m.accountP,
		Composer: m.composer, ReadOnly: m.cfg.Watch, Note: m.status.NoteLine(), Over: m.overlays}
}
