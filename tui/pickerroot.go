package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/manage"
	"github.com/sophia-labs/vehicle/tui/note"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// pickerShown reports whether the screen is the session picker's.
func (m *Model) pickerShown() bool {
	if m.focus == focusVisit && m.visit != nil {
		return false
	}
	return m.focus == focusPicker || m.tiles.Focused() == nil
}

// onPickerAction acts on what the picker asked for.
func (m *Model) onPickerAction(a picker.Action) tea.Cmd {
	switch a := a.(type) {
	case picker.List:
		return listSessions(m.cfg.Context, m.cfg.Client, a, m.me.Principal)
	case picker.Inspect:
		return inspectListed(m.cfg.Context, m.cfg.Client, a)
	case picker.Open:
		m.manage.Claim(a.ID) // opened from the list: claimed as any other
		return m.openTiles([]string{a.ID}, 0)
	case picker.OpenMany:
		m.manage.Claim(a.IDs...)
		return m.openTiles(a.IDs, 0)
	case picker.Back:
		m.focus = focusSession
	case picker.New:
		return m.openNewSession()
	case picker.Clone:
		m.note.Say("cloning “" + ui.TitleLine(a.Target.DisplayTitle()) + "”…")
		return m.manage.Clone(a.Target.SessionID)
	}
	return nil
}

// inspectListed reads a listed session's snapshot for the picker's peek:
// only the last turns the preview shows are decoded.
func inspectListed(ctx context.Context, c *client.Client, a picker.Inspect) tea.Cmd {
	if c == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		ls, err := c.InspectLazy(ctx, a.ID)
		size := 0
		if err == nil {
			size = ls.Items.Size()
		}
		snap, err := peekSnapshot(ls, err)
		return picker.PeekMsg{Opened: a.Opened, ID: a.ID, Rev: a.Rev, Snap: snap, Size: size, Err: err}
	}
}

// onManageAction acts on what the manager reported: list again, open what
// was made or forked (a fork of a session closed since opens nothing), show
// a delete's outcome, give a refused create or export its due.
func (m *Model) onManageAction(a manage.Action) tea.Cmd {
	switch a := a.(type) {
	case manage.Reload:
		return m.act(m.picker.Reload(a.Select), m.picker)
	case manage.Open:
		return m.openTiles(a.IDs[:min(len(a.IDs), session.MaxTiles)], 0)
	case manage.Created:
		if a.TTLMs > 0 {
			if m.ttls == nil {
				m.ttls = map[string]int64{}
			}
			m.ttls[a.ID] = a.TTLMs // its claims keep the lease it was made with
		}
		ids, at, joined := m.tiles.Join(a.ID) // a wall open: it joins it
		cmd := m.openTiles(ids, at)
		m.tiles.Focused().MarkCreated()
		if joined != "" {
			m.tiles.Focused().SayOnOpen(ui.SanitizeLine(a.ID) + " is new: " + joined)
		}
		return cmd
	case manage.CreateRefused:
		if a.Meaning != "" { // whole, with what it means, over the status line that cuts it
			m.push(dialog.NewError(&m.Context, "The session was not created", note.Describe(a.Err, &m.Keys)+"\n\n"+a.Meaning))
		}
		m.act(m.key.Refused(a.Err, true, ""), nil)
		if m.account == nil && m.key.Refusal() != nil {
			return fetchAccount(m.cfg.Context, m.cfg.Client) // the key dialog names the own-key door from it
		}
	case manage.Deleted:
		var closing tea.Cmd
		if s := m.tiles.Focused(); s != nil && s.ID() == a.ID {
			closing = m.closeTile(s, true)
		}
		m.push(dialog.NewDeleted(&m.Context, a.ID, a.Title, a.Outcome))
		return tea.Batch(closing, m.act(m.picker.Reload(""), m.picker))
	case manage.Forked:
		if m.tiles.Of(a.Gen) == nil || m.failed(a.Err) {
			return nil
		}
		ids, at, joined := m.tiles.Join(a.ID) // a wall open: it joins it
		cmd := m.openTiles(ids, at)
		if a.Text != "" {
			m.composer.SetValue(a.Text)
		}
		said := a.Said
		if joined != "" {
			said += " · " + joined
		}
		m.tiles.Focused().SayOnOpen(said)
		return cmd
	case manage.WatchOpen:
		cmd := m.openTiles([]string{a.ID}, 0)
		m.tiles.Focused().SayOnOpen(a.Said)
		return cmd
	case manage.NotWatchable:
		m.push(dialog.NewNotWatchable(&m.Context, a.ID, m.graph(), m.account == nil || m.account.Kind == client.AccountMember))
	case manage.ExportFailed:
		if m.tiles.Focused() != nil && !m.cfg.Watch {
			m.composer.Restore(a.Line) // the command back, to change and run again
		}
	}
	return nil
}
