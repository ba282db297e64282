package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// reload lists the sessions again; selectID is selected once listed.
func (m *Model) reload(selectID string) tea.Cmd {
	m.picker.loading = true
	m.picker.asked++
	return listSessions(m.cfg.Context, m.cfg.Client, m.picker.asked, m.me.Principal, selectID)
}

// onPickerKey handles a key in the session picker.
func (m *Model) onPickerKey(msg tea.KeyPressMsg) tea.Cmd {
	p := &m.picker
	if p.failed != nil && key.Matches(msg, m.keys.Retry) {
		m.setErr(nil)
		m.note = "listing your sessions again…"
		return m.reload("")
	}
	switch {
	case key.Matches(msg, m.keys.Up):
		p.move(-1)
	case key.Matches(msg, m.keys.Down):
		p.move(1)
	case key.Matches(msg, m.keys.Open):
		return m.openSelected()
	case key.Matches(msg, m.keys.New):
		if m.cfg.Watch {
			m.note = "watching read-only: start sessions without watch"
			return nil
		}
		m.note = "starting a new session…"
		return createSession(m.cfg.Context, m.cfg.Client, m.newRequest())
	case key.Matches(msg, m.keys.Rename, m.keys.Delete, m.keys.Clone):
		return m.pickerAction(msg)
	case key.Matches(msg, m.keys.Back):
		return m.pickerBack()
	default:
		if p.filter.update(msg) {
			p.filterChanged()
		}
	}
	return nil
}

// pickerBack clears the filter, else goes back to the open session.
func (m *Model) pickerBack() tea.Cmd {
	switch {
	case m.picker.filter.String() != "":
		m.picker.filter.set("")
		m.picker.filterChanged()
	case m.sess != nil:
		m.focus = focusSession
		m.layout()
	}
	return nil
}

// openSelected opens the selected session, or goes back to it when it is
// the open one.
func (m *Model) openSelected() tea.Cmd {
	s, ok := m.picker.selected()
	if !ok {
		return nil
	}
	if m.sess != nil && m.sess.id == s.SessionID {
		m.focus = focusSession
		m.layout()
		return nil
	}
	return m.open(s.SessionID)
}

// pickerAction starts a rename, a delete or a clone of the selected session.
func (m *Model) pickerAction(msg tea.KeyPressMsg) tea.Cmd {
	s, ok := m.picker.selected()
	if !ok {
		return nil
	}
	switch {
	case key.Matches(msg, m.keys.Rename):
		m.push(newRenameDialog(m.common, s, func(title string) tea.Cmd {
			m.note = "renaming…"
			return renameSession(m.cfg.Context, m.cfg.Client, s.SessionID, title)
		}))
	case key.Matches(msg, m.keys.Delete):
		m.push(&deleteDialog{c: m.common, target: s, confirm: func() tea.Cmd {
			title := s.DisplayTitle()
			m.note = "deleting “" + SanitizeLine(title) + "”…"
			return deleteSession(m.cfg.Context, m.cfg.Client, s.SessionID, title)
		}})
	case key.Matches(msg, m.keys.Clone):
		m.note = "cloning “" + TitleLine(s.DisplayTitle()) + "”…"
		return cloneSession(m.cfg.Context, m.cfg.Client, s.SessionID)
	}
	return nil
}

// onPickerData handles the answers of the picker's commands.
func (m *Model) onPickerData(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case sessionsMsg:
		if msg.gen != m.picker.asked {
			m.dirty = false
			return nil
		}
		if msg.principal != "" {
			m.me.Principal = msg.principal
		}
		m.picker.loading = false
		listingFailed := m.picker.failed != nil
		m.picker.failed = msg.err
		if msg.err != nil {
			m.setErr(msg.err)
			return nil
		}
		if listingFailed {
			m.setErr(nil) // the listing's own error; another (a session that failed to open) stays
		}
		m.picker.setList(msg.list, msg.selectID)
	case createdMsg:
		if m.failed(msg.err) {
			m.explainRefusal(msg.err)
			m.refusedAtCreate(msg.err)
			return nil
		}
		cmd := m.open(msg.created.Session.SessionID)
		m.sess.created = true
		return cmd
	case renamedMsg:
		return m.onRenamed(msg)
	case deletedMsg:
		return m.onDeleted(msg)
	case clonedMsg:
		if m.failed(msg.err) {
			return nil
		}
		m.setErr(nil)
		m.note = "cloned as “" + TitleLine(msg.branched.Session.DisplayTitle()) + "” (" +
			SanitizeLine(msg.branched.Session.SessionID) + ")"
		return m.reload(msg.branched.Session.SessionID)
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
	m.note = "renamed to “" + TitleLine(msg.session.DisplayTitle()) + "”"
	return m.reload(msg.session.SessionID)
}

// onDeleted says both outcomes of a delete: the session in the host's
// trash, and the mirrored document in the workspace's Trash (or why not).
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if m.failed(msg.err) {
		return nil
	}
	m.setErr(nil)
	out := msg.outcome
	m.note = "deleted “" + SanitizeLine(msg.title) + "”"
	if out.MirrorErr != nil {
		m.note += ": its mirrored document is not in the Trash"
	}
	var closing tea.Cmd
	if m.sess != nil && m.sess.id == msg.id {
		closing = m.closeSession()
	}
	m.push(&deletedDialog{c: m.common, id: msg.id, title: msg.title, outcome: *out})
	return tea.Batch(closing, m.reload(""))
}
