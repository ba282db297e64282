package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The overlays are a stack over the screen (dialog.Stack): the top one
// takes every key until it closes; the screen under them keeps its focus.

// push opens an overlay over the screen, sized to it.
func (c *common) push(o ui.Component) { c.overlays.Push(o, c.width, c.high) }

// top is the overlay on top, nil when none shows.
func (c *common) top() ui.Component { return c.overlays.Top() }

// closeOverlay closes o; with no session left to show a pane of, the
// picker has the focus.
func (m *Model) closeOverlay(o ui.Component) {
	m.overlays.Remove(o)
	if m.focus.pane() && m.tiles.Focused() == nil {
		m.focus = focusPicker
	}
}

// onOverlayMsg hands a message to the overlay on top and acts on what it
// reports. Text typed at an overlay that takes none closes it and goes on
// to the screen under it (dialog.Passes).
func (m *Model) onOverlayMsg(msg tea.Msg) tea.Cmd {
	o := m.top()
	if k, ok := msg.(tea.KeyPressMsg); ok && dialog.Passes(o, k) {
		m.closeOverlay(o)
		return m.onKey(k)
	}
	cmd, act := o.Update(msg)
	return tea.Batch(cmd, m.act(act, o))
}

// overlay draws the overlay on top over a screen's body, if one shows.
func (m *Model) overlay(body []string) []string { return m.overlays.Over(body, m.width) }
