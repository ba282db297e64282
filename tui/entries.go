package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// selectable reports whether an entry can be selected to copy or fork: a
// finished message with text, or a tool chip to open.
func selectable(e *client.Entry) bool {
	return e.Kind == client.EntryTool || e.Kind == client.EntryMessage && !e.Streaming && strings.TrimSpace(e.Text) != ""
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

// enterEntries starts selecting entries at the last one, or, when the
// window is scrolled up, at the last one that starts on screen, so that the
// place the person scrolled or searched to stays put; false when there is
// none to select.
func (t *transcript) enterEntries() bool {
	es := t.entries()
	i := t.lastShown(es)
	if i < 0 {
		i = lastSelectable(es)
	}
	if i < 0 {
		return false
	}
	t.selectAt(es, i)
	t.show(es, i)
	return true
}

// onSelectKey handles a key while an entry is selected: move, copy, fork.
func (t *transcript) onSelectKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := t.c
	es := t.entries()
	if c.sess == nil {
		return nil, true
	}
	sel := t.selected(es)
	if sel < 0 {
		if sel = lastSelectable(es); sel < 0 {
			return nil, true
		}
		t.selectAt(es, sel)
	}
	if cmd, acted, ok := t.onEntryKey(msg, es, sel); ok {
		return cmd, acted
	}
	switch {
	case key.Matches(msg, c.Keys.Up), key.Matches(msg, c.Keys.Down):
		d := 1
		if key.Matches(msg, c.Keys.Up) {
			d = -1
		}
		i := t.step(sel, d)
		es = t.entries()
		t.selectAt(es, i)
		t.show(es, i)
	case key.Matches(msg, c.Keys.Copy):
		text := ui.Sanitize(es[sel].Text)
		c.note = "copied the entry to the clipboard (OSC 52): " + strconv.Itoa(len([]rune(text))) + " characters"
		return tea.SetClipboard(text), true
	case key.Matches(msg, c.Keys.Fork):
		if !c.confirm(msg, "forks a new session before the marked entry") {
			return nil, false
		}
		return c.fork(es[sel]), true
	}
	return nil, false
}

// fork starts a new session with the history before e; the new session
// opens with e's text (a user turn's) back in the composer.
func (c *common) fork(e client.Entry) tea.Cmd {
	s := c.sess
	switch {
	case c.cfg.Watch:
		c.note = "watching read-only: fork from a terminal that may drive"
		return nil
	case e.EntryID == "":
		c.note = "this entry has no id yet: fork once it is saved"
		return nil
	}
	c.note = "forking before this entry…"
	return forkBefore(s.ctx, c.cfg.Client, s.gen, s.id, e.EntryID)
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
		m.composer.SetValue(text)
	}
	m.sess.onOpen = "forked as " + ui.SanitizeLine(b.Session.SessionID) + ": the message is back in the composer"
	if b.SelectedText == "" {
		m.sess.onOpen = "forked as " + ui.SanitizeLine(b.Session.SessionID)
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

// lastShown is the last selectable entry whose first line is in the window
// while it is scrolled up; -1 when following the end or when none is.
func (t *transcript) lastShown(es []client.Entry) int {
	top := t.at(es)
	if t.follow || top.idx >= len(es) {
		return -1
	}
	found, line := -1, -top.off
	for i := top.idx; i < len(es) && line < t.height-1; i++ { // the marker covers the last line
		if line >= 0 && selectable(&es[i]) {
			found = i
		}
		line += t.entryHeight(es, i)
	}
	return found
}
