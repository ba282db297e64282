package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The overlays are a stack over the screen (dialog.Stack): the top one
// gets the keys the stack's rule gives it (dialog.Stack.Route: no printable
// key answers a dialog, text goes on to the screen under it, esc and ctrl+c
// close it with its safe answer); the screen under them keeps its focus.

// push opens a dialog the program opened (a host's answer or event, or
// enter on text, whose next words must not answer it), sized to the screen:
// text typed before the person reached it goes on to the screen under it.
func (c *common) push(d dialog.Dialog) { c.overlays.Push(d, c.width, c.high, false) }

// pushOwn opens a dialog the person's own key opened (f1, ctrl+d, the
// palette, ...): its field takes text at once.
func (c *common) pushOwn(d dialog.Dialog) { c.overlays.Push(d, c.width, c.high, true) }

// top is the overlay on top, nil when none shows.
func (c *common) top() ui.Component {
	if d := c.overlays.Top(); d != nil {
		return d
	}
	return nil
}

// closeOverlay closes o; with no session left to show a pane of, the
// picker has the focus.
func (m *Model) closeOverlay(o ui.Component) {
	if said := m.overlays.Said(o); said != "" && m.note.Text() == said {
		m.note.Say("") // the rule's words about it: untrue once it closed
	}
	m.overlays.Remove(o)
	if m.focus.pane() && m.tiles.Focused() == nil {
		m.focus = focusPicker
	}
}

// onOverlayMsg hands a key or a paste typed while a dialog shows where the
// stack's rule sends it: to the dialog on top, to the screen under it (the
// dialog stays, or closes first), or answers the dialog with its safe
// answer. A tile key moves between the wall's tiles while a tile's offer
// shows.
func (m *Model) onOverlayMsg(msg tea.Msg) tea.Cmd {
	o := m.overlays.Top()
	if k, ok := msg.(tea.KeyPressMsg); ok && m.onOfferTileKey(o, k) {
		return nil
	}
	r := m.overlays.Route(msg, &m.Keys)
	switch r.Way {
	case dialog.Answer:
		return m.act(r.Act, o)
	case dialog.CloseUnder:
		m.closeOverlay(o)
		return m.underMsgs(r.Msgs, true)
	case dialog.Under:
		return tea.Batch(m.act(r.Act, o), m.underMsgs(r.Msgs, false))
	}
	if d, ok := o.(*dialog.Key); ok && r.Typed != "" {
		m.keyTypedUnder(d, r.Typed)
	}
	cmd, act := o.Update(msg)
	return tea.Batch(cmd, m.act(act, o))
}

// underMsgs hands keys and pastes to the screen under the dialogs; closed
// says the dialog they were typed at closed on them: they go where they
// would have gone with it never shown (the dialog under it, if one shows).
func (m *Model) underMsgs(msgs []tea.Msg, closed bool) tea.Cmd {
	var cmds []tea.Cmd
	for _, msg := range msgs {
		k, isKey := msg.(tea.KeyPressMsg)
		p, _ := msg.(tea.PasteMsg)
		switch {
		case closed && isKey:
			cmds = append(cmds, m.onKey(k))
		case closed:
			cmds = append(cmds, m.routePaste(p))
		case isKey:
			cmds = append(cmds, m.onScreenKey(k))
		default:
			cmds = append(cmds, m.pasteUnder(p))
		}
	}
	return tea.Batch(cmds...)
}

// onOfferTileKey moves between the wall's tiles on a tile key while the
// focused tile's offer is on top: the offer waits for its tile, and shows
// again when the focus comes back.
func (m *Model) onOfferTileKey(o dialog.Dialog, k tea.KeyPressMsg) bool {
	if _, ok := o.(*dialog.Offer); !ok || len(m.tiles.All()) < 2 || m.focus == focusPicker {
		return false
	}
	keys := &m.Keys
	if !key.Matches(k, keys.TileLeft, keys.TileRight, keys.TileUp, keys.TileDown, keys.Zoom) {
		return false
	}
	act, ok := m.tiles.OnKey(k, m.screen)
	if ok {
		m.act(act, nil) // the tile that comes shows its own offer, if one waits (focusTile)
	}
	return ok
}
