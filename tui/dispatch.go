package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/keep"
	"github.com/sophia-labs/vehicle/tui/manage"
	"github.com/sophia-labs/vehicle/tui/modelkey"
	"github.com/sophia-labs/vehicle/tui/mouse"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/slash"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// What the components report comes to the root as actions (ui.Action): the
// root alone closes overlays, says things on the status line, moves the
// focus and makes the requests. Each source's actions are a closed set and
// go to one dispatcher: ui's own to actGeneral, a dialog's to
// onDialogAction, a pane's to onPanesAction, the transcript's to
// onTranscriptAction, the picker's to onPickerAction, an open session's to
// onSessionAction, the mouse's to onMouseAction, the visit's to
// onVisitAction, the manager's to onManageAction, the keeper's to onKeepAction, the slash commands' question's to onSlashAction, the model key's flow's to onKeyAction, and the root's own (what
// a dialog hands back for the root to do) to onRootAction.
// TestDispatchersAreExhaustive fails when a type of a set has no case in
// its dispatcher.

// rootAction is what a dialog hands back for the root to do: one of the
// root's own action types.
type rootAction interface {
	ui.Action
	isRootAction()
}

// rootAct marks the root's own actions: each embeds it.
type rootAct struct{}

// Source is ui.FromRoot.
func (rootAct) Source() ui.Source { return ui.FromRoot }

func (rootAct) isRootAction() {}

// do acts on what an intent of a component's gave: its command, and what
// it reported.
func (m *Model) do(cmd tea.Cmd, a ui.Action) tea.Cmd { return tea.Batch(cmd, m.act(a, nil)) }

// act acts on what a component reported (from is the component), Batches
// unfolded, in order.
func (m *Model) act(a ui.Action, from ui.Component) tea.Cmd {
	var cmds []tea.Cmd
	ui.Each(a, func(a ui.Action) {
		cmds = append(cmds, m.actOne(a, from))
	})
	return tea.Batch(cmds...)
}

// actOne hands one action to the dispatcher of its set.
func (m *Model) actOne(a ui.Action, from ui.Component) tea.Cmd {
	if m.tap != nil {
		m.tap(a, from)
	}
	switch a := a.(type) {
	case dialog.Action:
		return m.onDialogAction(a)
	case panes.Action:
		return m.onPanesAction(a)
	case transcript.Action:
		return m.onTranscriptAction(a)
	case picker.Action:
		return m.onPickerAction(a)
	case rootAction:
		return m.onRootAction(a)
	case session.Action:
		return m.onSessionAction(a)
	case mouse.Action:
		return m.onMouseAction(a)
	case visit.Action:
		return m.onVisitAction(a)
	case manage.Action:
		return m.onManageAction(a)
	case keep.Action:
		return m.onKeepAction(a)
	case slash.Action:
		return m.onSlashAction(a)
	case modelkey.Action:
		return m.onKeyAction(a)
	default:
		return m.actGeneral(a, from)
	}
}

// actGeneral acts on ui's own actions.
func (m *Model) actGeneral(a ui.Action, from ui.Component) tea.Cmd {
	switch a := a.(type) {
	case ui.Close:
		m.closeOverlay(from)
	case ui.Note:
		m.note.Say(a.Text)
	case ui.Failed:
		m.setErr(a.Err)
	case ui.Show: // a component shows it on the person's key (ctrl+d, v↵, a click)
		d, ok := a.Overlay.(dialog.Dialog)
		if !ok {
			m.setErr(fmt.Errorf("%T is not a dialog (it says no safe answer): please report it", a.Overlay))
			return nil
		}
		m.pushOwn(d)
	case ui.Done:
		disarm(m.pane()) // a pane acted: the keys go back to the composer
		m.focus = focusSession
	case ui.Batch:
		return m.act(a, from)
	default:
		m.setErr(fmt.Errorf("nothing here acts on %T: please report it", a))
	}
	return nil
}

// onDialogAction acts on what the person chose in a dialog.
func (m *Model) onDialogAction(a dialog.Action) tea.Cmd {
	switch a := a.(type) {
	case dialog.Rename:
		m.note.Say("renaming…")
		return m.manage.Rename(a.SessionID, a.Title)
	case dialog.Delete:
		title := a.Target.DisplayTitle()
		m.note.Say("deleting “" + ui.TitleLine(title) + "”…")
		return m.manage.Delete(a.Target.SessionID, title)
	case dialog.TakeOver:
		if s := m.tiles.Of(a.Gen); s != nil {
			return s.Claim(true)
		}
	case dialog.Watch:
		if s := m.tiles.Of(a.Gen); s != nil {
			s.Watch()
		}
	case dialog.NotAKey:
		if m.tiles.Focused().TakesText() { // words typed where the key field was: the dialog says why they were not kept
			m.composer.PutBack(a.Text)
			m.note.Say("that was not a model key: it is back in the composer, not kept")
		}
	case dialog.GiveKey:
		return m.do(m.key.Give(a.Key, a.Save, !m.composer.Blank()))
	case dialog.HeldBack:
		if s := m.tiles.Of(a.Gen); s != nil {
			return m.act(s.HeldBack(a.Texts, a.Steers), nil)
		}
	case dialog.SendHeld:
		if s := m.tiles.Of(a.Gen); s != nil {
			return m.do(s.SendHeld(a.Texts))
		}
	case dialog.Create:
		m.note.Say("starting a new session…")
		return m.manage.Start(a.Request)
	case dialog.WatchID:
		return m.do(m.manage.Watch(a.ID))
	case dialog.WatchAnother:
		return paletteWatch(m)
	case dialog.ShowSessions:
		cmd, _ := runSessions(m, "")
		return cmd
	case dialog.ChimeInto:
		return m.startVisit(a.ID)
	case dialog.Run:
		if acts := m.actions(); a.Index >= 0 && a.Index < len(acts) {
			return m.runAction(acts[a.Index])
		}
	}
	return nil
}

// onRootAction acts on what a dialog handed back for the root to do.
func (m *Model) onRootAction(a rootAction) tea.Cmd {
	switch a := a.(type) {
	case quitAnyway:
		return tea.Quit // the drafts, the unanswered messages with them, are kept by the caller (Drafts)
	case sendAnyway:
		return m.sendText(a.op, a.text)
	case chimeAnyway:
		if v := m.visit; v != nil && !v.Sending() && m.composer.Value() == a.text { // still the draft: the dialog may have outlived a change of screen
			m.composer.SetValue("")
			return m.do(v.ChimeText(a.text))
		}
	}
	return nil
}

// sendAnyway sends a draft that looked like an unknown slash command, as
// text, once the person said so.
type sendAnyway struct {
	rootAct
	op, text string
}

// chimeAnyway chimes a draft that looked like an unknown slash command, as
// text, once the person said so.
type chimeAnyway struct {
	rootAct
	text string
}
