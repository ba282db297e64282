package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// historyMax bounds the input history.
const historyMax = 100

// history is what the person sent or cleared, newest last; ↑ on an empty
// composer walks it back.
type history struct {
	items []string
	at    int // the item shown, len(items) when none
}

// add keeps a text, once, as the newest.
func (h *history) add(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if n := len(h.items); n == 0 || h.items[n-1] != text {
		h.items = append(h.items, text)
	}
	if len(h.items) > historyMax {
		h.items = h.items[len(h.items)-historyMax:]
	}
	h.at = len(h.items)
}

// walk moves through the history while the composer is empty or shows the
// item walked to; ok is false for a key that is not the history's then.
func (c *composer) walk(msg tea.KeyPressMsg) (ok bool) {
	h := &c.history
	v := c.value()
	showing := h.at < len(h.items) && v == h.items[h.at]
	if v != "" && !showing {
		return false
	}
	switch {
	case key.Matches(msg, c.c.Keys.Up) && h.at > 0:
		h.at--
	case key.Matches(msg, c.c.Keys.Down) && showing:
		h.at++
	default:
		return false
	}
	if h.at < len(h.items) {
		c.setValue(h.items[h.at])
	} else {
		c.setValue("")
	}
	return true
}

// onQuitKey answers ctrl+c: a draft is cleared into the history; with none,
// a first press asks for a second, which quits.
func (m *Model) onQuitKey() tea.Cmd {
	if m.top() == nil && m.focus == focusSearch { // the search bar: ctrl+c closes it, as esc does
		m.search.close()
		m.quitArmed = false
		m.note = "search closed"
		return nil
	}
	composing := m.top() == nil && (m.focus == focusSession || m.focus == focusVisit) && !m.cfg.Watch
	if composing && !m.composer.blank() {
		m.composer.history.add(m.composer.value())
		m.composer.setValue("")
		m.quitArmed = false
		m.note = "draft cleared: " + ui.KeyName(m.Keys.Up) + " brings it back"
		return nil
	}
	if m.quitArmed {
		return tea.Quit
	}
	m.quitArmed = true
	m.note = ui.KeyName(m.Keys.Quit) + " again quits"
	return nil
}
