package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// newPicker is the session picker of the client's host.
func (m *Model) newPicker() *picker.Picker {
	var host picker.Host
	if c := m.cfg.Client; c != nil {
		host = picker.Host{Gardend: c.GardendURL(), Service: c.ServiceURL(), Graph: c.Graph(), Visitor: c.Visitor()}
	}
	return picker.NewPicker(&m.Context, host, m.cfg.PollEvery)
}

// pickerShown reports whether the screen is the session picker's.
func (m *Model) pickerShown() bool {
	if m.focus == focusVisit && m.visit != nil {
		return false
	}
	return m.focus == focusPicker || m.tiles.Focused() == nil
}

// syncPicker tells the picker who the person is, which session is open and
// whether it shows; it returns the ticks the picker schedules.
func (m *Model) syncPicker() tea.Cmd {
	current := ""
	if m.tiles.Focused() != nil {
		current = m.tiles.Focused().ID()
	}
	m.picker.Set(m.me, current)
	return m.picker.Sync(m.pickerShown())
}

// reload lists the sessions again; selectID is selected once listed.
func (m *Model) reload(selectID string) tea.Cmd { return m.act(m.picker.Reload(selectID), m.picker) }

// onPicker hands a message to the picker and acts on what it reports.
func (m *Model) onPicker(msg tea.Msg) tea.Cmd {
	cmd, act := m.picker.Update(msg)
	return tea.Batch(cmd, m.act(act, m.picker))
}

// onPickerAction acts on what the picker asked for.
func (m *Model) onPickerAction(a picker.Action) tea.Cmd {
	switch a := a.(type) {
	case picker.List:
		return listSessions(m.cfg.Context, m.cfg.Client, a, m.me.Principal)
	case picker.Inspect:
		return inspectListed(m.cfg.Context, m.cfg.Client, a)
	case picker.Open:
		delete(m.watched, a.ID) // opened from the list: claimed as any other
		return m.open(a.ID)
	case picker.OpenMany:
		for _, id := range a.IDs {
			delete(m.watched, id)
		}
		return m.openTiles(a.IDs)
	case picker.Back:
		m.focus = focusSession
	case picker.New:
		return m.openNewSession()
	case picker.Clone:
		m.note.Say("cloning “" + ui.TitleLine(a.Target.DisplayTitle()) + "”…")
		return cloneSession(m.cfg.Context, m.cfg.Client, a.Target.SessionID)
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

// onPickerData handles the answers of the picker's commands.
func (m *Model) onPickerData(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case picker.ListedMsg:
		if msg.Principal != "" {
			m.me.Principal = msg.Principal
		}
		// an older listing's answer, or a poll's from an earlier opening, changes nothing
		m.dirty = m.picker.Takes(msg)
		return tea.Batch(m.onPicker(msg), m.continueWith(msg))
	case picker.PollTickMsg, picker.RestMsg, picker.PeekMsg:
		return m.onPicker(msg)
	case renamedMsg:
		return m.onRenamed(msg)
	case clonedMsg:
		return m.onCloned(msg)
	case createdMsg:
		if m.failed(msg.err) {
			m.explainRefusal(msg.err)
			m.refusedAtCreate(msg.err)
			if m.account == nil && m.refusal != nil {
				return fetchAccount(m.cfg.Context, m.cfg.Client) // the key dialog names the own-key door from it
			}
			return nil
		}
		if ttl := m.askedAgain().TTLMs; ttl > 0 {
			if m.ttls == nil {
				m.ttls = map[string]int64{}
			}
			m.ttls[msg.created.Session.SessionID] = ttl // its claims keep the lease it was made with
		}
		cmd, joined := m.joinWall(msg.created.Session.SessionID)
		m.tiles.Focused().MarkCreated()
		if joined != "" {
			m.tiles.Focused().SayOnOpen(ui.SanitizeLine(msg.created.Session.SessionID) + " is new: " + joined)
		}
		return cmd
	case deletedMsg:
		return m.onDeleted(msg)
	default:
		m.dirty = false
	}
	return nil
}

// onRenamed shows a rename's outcome and lists again.
func (m *Model) onRenamed(msg renamedMsg) tea.Cmd {
	if m.failed(msg.err) {
		return nil
	}
	m.setErr(nil)
	m.note.Say("renamed to “" + ui.TitleLine(msg.session.DisplayTitle()) + "”")
	return m.reload(msg.session.SessionID)
}

// onCloned says where the clone is and lists again, selecting it.
func (m *Model) onCloned(msg clonedMsg) tea.Cmd {
	if m.failed(msg.err) {
		return nil
	}
	m.setErr(nil)
	m.note.Say("cloned as “" + ui.TitleLine(msg.branched.Session.DisplayTitle()) + "” (" +
		ui.SanitizeLine(msg.branched.Session.SessionID) + ")")
	return m.reload(msg.branched.Session.SessionID)
}

// onDeleted says both outcomes of a delete: the session in the host's
// trash, and the mirrored document in the workspace's Trash (or why not).
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if m.failed(msg.err) {
		return nil
	}
	m.setErr(nil)
	out := msg.outcome
	m.note.Say("deleted “" + ui.SanitizeLine(msg.title) + "”")
	if out.MirrorErr != nil {
		m.note.Add(": its mirrored document is not in the Trash")
	}
	var closing tea.Cmd
	if m.tiles.Focused() != nil && m.tiles.Focused().ID() == msg.id {
		closing = m.closeSession()
	}
	m.push(dialog.NewDeleted(&m.Context, msg.id, msg.title, *out))
	return tea.Batch(closing, m.reload(""))
}
