package tui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The overlays are a stack over the screen: the top one takes every key
// until it closes; the screen under them keeps its focus.

// push opens an overlay over the screen, sized to it.
func (c *common) push(o component) {
	o.SetSize(c.width, c.high)
	c.overlays = append(c.overlays, o)
}

// top is the overlay on top, nil when none shows.
func (c *common) top() component {
	if len(c.overlays) == 0 {
		return nil
	}
	return c.overlays[len(c.overlays)-1]
}

// pop closes the overlay on top.
func (m *Model) pop() {
	if n := len(m.overlays); n > 0 {
		m.overlays = m.overlays[:n-1]
	}
	if m.focus.pane() && m.sess == nil {
		m.focus = focusPicker
	}
}

// drop closes every overlay that ok selects, wherever it is in the stack.
func (m *Model) drop(ok func(component) bool) {
	kept := m.overlays[:0]
	for _, o := range m.overlays {
		if !ok(o) {
			kept = append(kept, o)
		}
	}
	m.overlays = kept
}

// onOverlayMsg hands a message to the overlay on top; it closes when it
// says it is done.
func (m *Model) onOverlayMsg(msg tea.Msg) tea.Cmd {
	cmd, done := m.top().Update(msg)
	if done {
		m.pop()
	}
	return cmd
}

// overlay draws the overlay on top over a screen's body, if one shows.
func (m *Model) overlay(body []string) []string {
	o := m.top()
	if o == nil {
		return body
	}
	o.SetSize(m.width, len(body))
	return ui.PlaceOver(body, o.View(), m.width)
}
