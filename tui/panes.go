package tui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The open session's panes take the keys their key maps bind. A printable
// key the focused pane does not bind is text: it goes to the composer, and
// the focus with it. A letter that changes what others see (a policy, a
// chime accepted or rejected, a command cancelled, a fork) acts only when
// pressed twice in a row: the first press marks the item and says so, so
// that text typed into the wrong pane never acts. Enter acts at once: it
// is never a letter of a word.

// armed is a pane action waiting for its key a second time.
type armed struct {
	key  string // the key, as msg.String() names it
	text string // the key's text, given to the composer if the next key is text
}

// pane is the focused pane other than the composer, nil for the composer.
func (m *Model) pane() component {
	switch m.focus {
	case focusRoom:
		return &m.room
	case focusQueue:
		return &m.queue
	case focusEntries:
		return m.transcript
	case focusSearch:
		return m.search
	}
	return nil
}

// onPaneKey hands a key to the focused pane; ok is false when the pane
// does not bind it. A pane that acted gives the focus back to the composer.
func (m *Model) onPaneKey(msg tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	p := m.pane()
	if p == nil || !key.Matches(msg, p.ShortHelp()...) {
		return nil, false
	}
	cmd, acted := p.Update(msg)
	if acted {
		m.acted()
	}
	return cmd, true
}

// withPane is a screen's key map with the focused pane's keys first, for
// the help.
type withPane struct{ pane, screen help.KeyMap }

// ShortHelp lists the pane's keys.
func (w withPane) ShortHelp() []key.Binding { return w.pane.ShortHelp() }

// FullHelp lists the pane's keys, then the screen's.
func (w withPane) FullHelp() [][]key.Binding {
	return append(w.pane.FullHelp(), w.screen.FullHelp()...)
}

// onPanesKey routes a key while a pane other than the composer has the
// focus: back to the composer, the pane's own keys, or text for the
// composer.
func (m *Model) onPanesKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.Keys.Back) {
		m.focus, m.armed = focusSession, nil
		return nil
	}
	wait := m.armed
	if cmd, ok := m.onPaneKey(msg); ok {
		if m.armed == wait {
			m.armed = nil // any other key of the pane disarms
		}
		return cmd
	}
	m.armed = nil
	if msg.Key().Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
		return nil
	}
	m.focus = focusSession // text: the composer takes it, and the focus
	m.note = ""
	if wait != nil && wait.text != "" {
		m.composer.update(tea.KeyPressMsg{Code: []rune(wait.text)[0], Text: wait.text})
	}
	return m.onComposerKey(msg)
}

// confirm reports whether a shared action's key was pressed a second time
// in a row; on its first press it arms the action and says what a second
// press does.
func (c *common) confirm(msg tea.KeyPressMsg, what string) bool {
	if msg.Key().Text == "" {
		return true // enter and other keys that are never text act at once
	}
	if a := c.armed; a != nil && a.key == msg.String() {
		c.armed = nil
		return true
	}
	c.armed = &armed{key: msg.String(), text: msg.Key().Text}
	c.note = msg.String() + " again " + what + " · any other key types into the composer"
	return false
}

// acted ends a pane action: the focus goes back to the composer.
func (m *Model) acted() {
	m.focus, m.armed = focusSession, nil
}
