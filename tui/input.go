package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"vehicle/client"
)

// onKey handles a key: the global ones first, then the focused dialog or
// screen's.
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Quit) {
		return tea.Quit
	}
	switch m.focus {
	case focusHelp:
		if key.Matches(msg, m.keys.Help, m.keys.Cancel) || msg.String() == "q" {
			m.focus = m.back
		}
		return nil
	case focusRename:
		return m.onRenameKey(msg)
	case focusConfirmDelete:
		return m.onDeleteKey(msg)
	case focusOffer:
		return m.onOfferKey(msg)
	}
	if key.Matches(msg, m.keys.Help) {
		m.back, m.focus = m.focus, focusHelp
		return nil
	}
	if m.focus == focusPicker {
		return m.onPickerKey(msg)
	}
	return m.onSessionKey(msg)
}

// onSessionKey handles a key in the open session.
func (m *Model) onSessionKey(msg tea.KeyPressMsg) tea.Cmd {
	if cmd, ok := m.onScrollKey(msg); ok {
		return cmd
	}
	switch {
	case key.Matches(msg, m.keys.Sessions):
		m.focus = focusPicker
		m.layout()
		return m.reload(m.sess.id)
	case key.Matches(msg, m.keys.TakeOver):
		return m.takeOver()
	case key.Matches(msg, m.keys.Abort):
		return m.abort()
	case key.Matches(msg, m.keys.Steer):
		return m.send(client.OpSteer)
	case key.Matches(msg, m.keys.Send):
		return m.send("")
	case key.Matches(msg, m.keys.Editor):
		if m.cfg.Watch {
			return nil
		}
		return editDraft(m.cfg.Editor, m.composer.value())
	}
	if m.cfg.Watch {
		return nil
	}
	return m.composer.update(msg)
}

// onScrollKey scrolls the transcript; ok is false for other keys.
func (m *Model) onScrollKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	es := m.entries()
	switch {
	case key.Matches(msg, m.keys.PageUp):
		m.transcript.page(es, -1)
	case key.Matches(msg, m.keys.PageDown):
		m.transcript.page(es, 1)
	case key.Matches(msg, m.keys.LineUp):
		m.transcript.scroll(es, -1)
	case key.Matches(msg, m.keys.LineDown):
		m.transcript.scroll(es, 1)
	case key.Matches(msg, m.keys.Bottom):
		m.transcript.toBottom()
	default:
		return nil, false
	}
	return nil, true
}

// entries is the open session's transcript entries.
func (m *Model) entries() []client.Entry {
	if m.sess == nil || m.sess.state == nil {
		return nil
	}
	return m.sess.state.Entries
}

// send sends the draft: a prompt while idle, a follow_up while a run is under
// way, or a steer (op). The composer empties at once and gets the text back
// if the host refuses it. The lease is claimed first, quietly, when free; a
// takeover is never made here.
func (m *Model) send(op string) tea.Cmd {
	s := m.sess
	if s == nil || s.state == nil || m.composer.blank() || s.sending {
		return nil
	}
	switch {
	case m.cfg.Watch:
		m.note = "watching read-only: this terminal cannot send"
		return nil
	case s.role == roleWatch:
		m.note = "you are watching: ctrl+t takes over, then send"
		return nil
	}
	if op == "" {
		op = client.OpPrompt
		if s.state.Run == client.RunRunning {
			op = client.OpFollowUp
		}
	}
	rel, _ := s.state.LeaseAt(m.cfg.Now())
	text := m.composer.value()
	m.composer.setValue("")
	m.transcript.toBottom() // the person's own turn: follow it
	s.sending = true
	m.note = "sending…"
	return sendText(s.ctx, m.cfg.Client, s.gen, s.id, op, text, rel != client.LeaseMine)
}

// abort stops the run under way, when this terminal drives.
func (m *Model) abort() tea.Cmd {
	s := m.sess
	if s == nil || s.state == nil || s.state.Run != client.RunRunning {
		return nil
	}
	if m.cfg.Watch || s.role == roleWatch {
		m.note = "you are watching: only the driver can abort"
		return nil
	}
	m.note = "aborting…"
	return abortRun(s.ctx, m.cfg.Client, s.gen, s.id)
}

// takeOver claims the lease, taking it from another terminal of the
// person's when one holds it: the person asked.
func (m *Model) takeOver() tea.Cmd {
	s := m.sess
	if s == nil || s.state == nil || m.cfg.Watch {
		return nil
	}
	rel, _ := s.state.Lease()
	if rel == client.LeaseMine {
		m.note = "you already drive from this terminal"
		return nil
	}
	m.note = "taking over…"
	return claimLease(s.ctx, m.cfg.Client, s.gen, s.id, rel == client.LeaseMyOtherClient || s.state.Revoked != nil)
}

// onOfferKey answers the take-over-or-watch offer.
func (m *Model) onOfferKey(msg tea.KeyPressMsg) tea.Cmd {
	s := m.sess
	switch {
	case s == nil:
		m.focus = focusPicker
	case key.Matches(msg, m.keys.Takeover):
		return claimLease(s.ctx, m.cfg.Client, s.gen, s.id, true)
	case key.Matches(msg, m.keys.Watch):
		s.role, s.offer = roleWatch, nil
		m.focus = focusSession
	}
	return nil
}

// onPaste puts pasted text where the keys go.
func (m *Model) onPaste(msg tea.PasteMsg) tea.Cmd {
	switch m.focus {
	case focusSession:
		if !m.cfg.Watch {
			return m.composer.update(msg)
		}
	case focusPicker:
		m.picker.filter.insert(msg.Content)
		m.picker.filterChanged()
	case focusRename:
		m.rename.insert(msg.Content)
	}
	return nil
}

// onWheel scrolls the transcript, or moves the picker's selection.
func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -1
	case tea.MouseWheelDown:
		d = 1
	}
	switch m.focus {
	case focusSession:
		m.transcript.scroll(m.entries(), d*wheelLines)
	case focusPicker:
		m.picker.move(d)
	}
}
