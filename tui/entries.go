package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// selectable reports whether an entry can be selected to copy or fork: a
// finished message with text.
func selectable(e *client.Entry) bool {
	return e.Kind == client.EntryMessage && !e.Streaming && strings.TrimSpace(e.Text) != ""
}

// lastSelectable is the index of the last selectable entry, or -1.
func lastSelectable(es []client.Entry) int {
	for i := len(es) - 1; i >= 0; i-- {
		if selectable(&es[i]) {
			return i
		}
	}
	return -1
}

// stepSelectable is the selectable entry d steps from i (d is 1 or -1), or
// i when there is none that way.
func stepSelectable(es []client.Entry, i, d int) int {
	for j := i + d; j >= 0 && j < len(es); j += d {
		if selectable(&es[j]) {
			return j
		}
	}
	return i
}

// enterEntries starts selecting entries at the last one; false when there is
// none to select.
func (m *Model) enterEntries() bool {
	es := m.entries()
	i := lastSelectable(es)
	if i < 0 {
		return false
	}
	m.sess.sel = i
	m.transcript.show(es, i)
	return true
}

// entriesKeys is the key map of the transcript's selection.
type entriesKeys struct{ k *KeyMap }

// ShortHelp lists the selection's keys.
func (e entriesKeys) ShortHelp() []key.Binding {
	return []key.Binding{e.k.Up, e.k.Down, e.k.Copy, e.k.Fork, e.k.Back}
}

// FullHelp lists the selection's keys.
func (e entriesKeys) FullHelp() [][]key.Binding { return [][]key.Binding{e.ShortHelp()} }

// onEntriesKey handles a key while selecting an entry: move, copy, fork;
// ok is false for a key it does not bind.
func (m *Model) onEntriesKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := m.sess
	es := m.entries()
	if s.sel < 0 || s.sel >= len(es) {
		s.sel = lastSelectable(es)
		if s.sel < 0 {
			m.focus = focusSession
			return nil, true
		}
	}
	switch {
	case key.Matches(msg, m.keys.Up):
		s.sel = stepSelectable(es, s.sel, -1)
		m.transcript.show(es, s.sel)
	case key.Matches(msg, m.keys.Down):
		s.sel = stepSelectable(es, s.sel, 1)
		m.transcript.show(es, s.sel)
	case key.Matches(msg, m.keys.Copy):
		m.acted()
		text := Sanitize(es[s.sel].Text)
		m.note = "copied the entry to the clipboard (OSC 52): " + strconv.Itoa(len([]rune(text))) + " characters"
		return tea.SetClipboard(text), true
	case key.Matches(msg, m.keys.Fork):
		if !m.confirm(msg, "forks a new session before the marked entry") {
			return nil, true
		}
		m.acted()
		return m.fork(es[s.sel]), true
	}
	return nil, true
}

// fork starts a new session with the history before e; the new session
// opens with e's text (a user turn's) back in the composer.
func (m *Model) fork(e client.Entry) tea.Cmd {
	s := m.sess
	switch {
	case m.cfg.Watch:
		m.note = "watching read-only: fork from a terminal that may drive"
		return nil
	case e.EntryID == "":
		m.note = "this entry has no id yet: fork once it is saved"
		return nil
	}
	m.note = "forking before this entry…"
	return forkBefore(s.ctx, m.cfg.Client, s.gen, s.id, e.EntryID)
}

// onForked opens the new session, with the message handed back by
// selectedText in its composer.
func (m *Model) onForked(msg forkedMsg) tea.Cmd {
	if m.current(msg.gen) == nil {
		return nil
	}
	if m.failed(msg.err) {
		return nil
	}
	b := msg.branched
	cmd := m.open(b.Session.SessionID)
	if b.SelectedText != "" {
		_, text := splitAttribution(b.SelectedText)
		m.composer.setValue(text)
	}
	m.sess.onOpen = "forked as " + SanitizeLine(b.Session.SessionID) + ": the message is back in the composer"
	if b.SelectedText == "" {
		m.sess.onOpen = "forked as " + SanitizeLine(b.Session.SessionID)
	}
	return cmd
}

// splitAttribution takes an accepted chime's attribution line off a text:
// "[Bo collaborator]\n…" is Bo's, and the rest is the message.
func splitAttribution(text string) (author, rest string) {
	line, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, " collaborator]") {
		return "", text
	}
	return strings.TrimSuffix(strings.TrimPrefix(line, "["), " collaborator]"), rest
}
