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
	if m.focus.pane() && m.sess == nil {
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

// act acts on what a component reported (from is the component): the root
// alone closes overlays, says things on the status line, moves the focus
// and makes the requests.
func (m *Model) act(a ui.Action, from ui.Component) tea.Cmd {
	var cmds []tea.Cmd
	ui.Each(a, func(a ui.Action) {
		cmds = append(cmds, m.actOne(a, from))
	})
	return tea.Batch(cmds...)
}

// actOne acts on one action.
func (m *Model) actOne(a ui.Action, from ui.Component) tea.Cmd {
	switch a := a.(type) {
	case ui.Close:
		m.closeOverlay(from)
	case ui.Note:
		m.note = a.Text
	case ui.Failed:
		m.setErr(a.Err)
	case ui.Show:
		m.push(a.Overlay)
	case ui.Done:
		m.acted()
	default:
		return tea.Batch(m.onDialogAction(a), m.onPaneAction(a), m.onPickerAction(a))
	}
	return nil
}

// onDialogAction acts on what the person chose in a dialog.
func (m *Model) onDialogAction(a ui.Action) tea.Cmd {
	switch a := a.(type) {
	case dialog.Rename:
		m.note = "renaming…"
		return renameSession(m.cfg.Context, m.cfg.Client, a.SessionID, a.Title)
	case dialog.Delete:
		title := a.Target.DisplayTitle()
		m.note = "deleting “" + ui.SanitizeLine(title) + "”…"
		return deleteSession(m.cfg.Context, m.cfg.Client, a.Target.SessionID, title)
	case dialog.TakeOver:
		if s := m.current(a.Gen); s != nil {
			return claimLease(s.ctx, m.cfg.Client, s.gen, s.id, true, m.cfg.ClaimTTL)
		}
	case dialog.Watch:
		if s := m.current(a.Gen); s != nil {
			s.role, s.offer = roleWatch, nil
		}
	case dialog.Through:
		return m.onKey(a.Key)
	case dialog.Typed:
		m.composer.SetFocused(true) // the layout gives it the keys again once the dialog closes
		m.composer.Type(a.Key)
		m.composer.SetFocused(false)
	case dialog.GiveKey:
		return m.keepModelKey(a.Key, a.Save)
	case dialog.Create:
		return m.startSession(a.Request)
	case dialog.Run:
		if acts := m.actions(); a.Index >= 0 && a.Index < len(acts) {
			return m.runAction(acts[a.Index])
		}
	case heldBack, sendHeld:
		return m.onHeld(a)
	case quitAnyway:
		return m.onQuitAnyway()
	case sendAnyway:
		return m.sendText(a.op, a.text)
	case chimeAnyway:
		return m.chimeDraft(a.text)
	}
	return nil
}

// sendAnyway sends a draft that looked like an unknown slash command, as
// text, once the person said so.
type sendAnyway struct{ op, text string }

// chimeAnyway chimes a draft that looked like an unknown slash command, as
// text, once the person said so.
type chimeAnyway struct{ text string }
