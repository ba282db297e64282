package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// onKey handles a key: the global ones first, then the focused dialog or
// screen's.
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	m.lastKey = m.cfg.Now()
	typing := m.top() == nil && ((m.focus == focusSession && m.tiles.Focused() != nil) || (m.focus == focusVisit && m.visit != nil))
	if m.composer.InChord() || ui.StartsChord(msg.String(), m.Keys.Editor) { // ctrl+x ctrl+e, the editor
		cmd, act, chord := m.composer.OnChord(msg, typing, m.top() == nil)
		if cmd = tea.Batch(cmd, m.act(act, m.composer)); chord {
			return cmd
		}
	}
	if key.Matches(msg, m.Keys.Suspend) {
		return tea.Suspend // the terminal given back, the process stopped; fg resumes (tea.ResumeMsg)
	}
	if m.top() != nil { // ctrl+c too: it closes the dialog with its safe answer, never quits
		m.note.DisarmQuit()
		return m.onOverlayMsg(msg)
	}
	if key.Matches(msg, m.Keys.Quit) {
		return m.onQuitKey()
	}
	if m.note.QuitArmed() {
		m.note.DisarmQuit()
		m.note.Say("")
	}
	switch {
	case key.Matches(msg, m.Keys.Help):
		m.pushOwn(dialog.NewHelp(&m.Context, m.screenKeys()))
		return nil
	case key.Matches(msg, m.Keys.Errors):
		m.pushOwn(dialog.NewErrors(&m.Context, m.note.Errors(), m.cfg.DebugLog))
		return nil
	case key.Matches(msg, m.Keys.ModelKey):
		return m.openKeyDialog(nil)
	case key.Matches(msg, m.Keys.Palette):
		m.openPalette()
		return nil
	}
	return m.onScreenKey(msg)
}

// onScreenKey hands a key to the focused screen: the picker, the visit, or
// the open session (also text typed while a dialog shows: the stack's rule
// sends it on under the dialog).
func (m *Model) onScreenKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.focus == focusPicker:
		return m.update(m.picker, msg)
	case m.focus == focusVisit && m.visit != nil:
		return m.onVisitKey(msg)
	case m.tiles.Focused() == nil:
		m.focus = focusPicker
		return nil
	}
	return m.onSessionKey(msg)
}

// onSessionKey handles a key in the open session: the session's own keys,
// then the focused pane's.
func (m *Model) onSessionKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.focus == focusSession && m.composer.Searching() {
		if m.composer.SearchTakes(msg) {
			return m.onComposerKey(msg)
		}
		m.composer.StopSearch() // another key keeps the match, and does what it does
		m.note.Say("")
	}
	// The root routes by the key map: a key reaches the wall or the
	// transcript only when it is one of theirs (or a search is typed), so a
	// letter for the composer goes through no other component.
	if key.Matches(msg, m.Keys.WallKeys()...) {
		if act, ok := m.tiles.OnKey(msg, m.screen); ok { // between the wall's tiles, its zoom
			return m.act(act, nil)
		}
	}
	if m.focus == focusSearch || key.Matches(msg, m.Keys.TranscriptKeys()...) {
		if m.transcript.OnScrollKey(msg) {
			return nil
		}
		if cmd, act, ok := m.transcript.OnSearchKey(msg, m.focus == focusSearch); ok {
			return tea.Batch(cmd, m.act(act, m.transcript.Search()))
		}
	}
	switch {
	case key.Matches(msg, m.Keys.Sessions):
		m.focus = focusPicker
		m.note.Say("") // the session screen's note ("… enter sends") is not the picker's
		return m.act(m.picker.Reload(m.tiles.Focused().ID()), m.picker)
	case key.Matches(msg, m.Keys.TakeOver):
		return m.do(m.tiles.Focused().TakeOver())
	case key.Matches(msg, m.Keys.Info):
		m.openInfo()
		return nil
	case key.Matches(msg, m.Keys.New, m.Keys.Rename, m.Keys.Clone, m.Keys.Delete):
		return m.onActionKey(msg)
	case key.Matches(msg, m.Keys.Mouse):
		return m.act(m.mouse.Toggle(), nil)
	case key.Matches(msg, m.Keys.Unref) && !m.cfg.Watch:
		return m.act(m.refs.DropLast(), nil)
	case key.Matches(msg, m.Keys.Panes):
		m.cyclePane(1)
		return nil
	case key.Matches(msg, m.Keys.PanesBack):
		m.cyclePane(-1)
		return nil
	}
	if m.focus != focusSession {
		return m.onPanesKey(msg)
	}
	return m.onComposerKey(msg)
}

// droppedWords says which keys of the key config were not bound because
// the line editor keeps them (ui.KeepLineEditing); "" for none.
func droppedWords(dropped []string) string {
	if len(dropped) == 0 {
		return ""
	}
	return "the key config binds " + strings.Join(dropped, ", ") +
		": the line editor keeps those keys in the composer and every text field, so they are not bound (f1 lists the keys)"
}

// onComposerKey handles a key in the composer.
func (m *Model) onComposerKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.tiles.Focused().Gone() {
		if msg.Text != "" || key.Matches(msg, m.Keys.Send, m.Keys.Steer, m.Keys.Abort) {
			return m.act(m.tiles.Focused().RefuseGone(), nil) // the composer is closed: nothing is typed or sent
		}
		return nil
	}
	switch {
	case m.composer.SearchTakes(msg): // ctrl+r's search has enter and esc
	case key.Matches(msg, m.Keys.Abort):
		return m.do(m.tiles.Focused().Abort())
	case key.Matches(msg, m.Keys.Steer):
		if why := running(m); why != "" && !m.cfg.Watch {
			m.note.Say("no run to steer: " + ui.KeyName(m.Keys.Send) + " sends the draft as a message")
			return nil
		}
		return m.send(client.OpSteer)
	case key.Matches(msg, m.Keys.Send):
		return m.send("")
	}
	return m.update(m.composer, msg) // watching, it only says that nothing is sent
}

// cyclePane moves the focus to the next pane that has something to show
// (d 1) or the previous one (d -1): composer, room, queue, entries.
func (m *Model) cyclePane(d int) {
	f := m.nextPane(m.focus, d)
	m.paneReady(f)
	m.focus = f
	m.note.Say("")
}

// paneReady reports whether a pane can take the focus now, and readies it.
func (m *Model) paneReady(f focus) bool {
	if !m.paneCan(f) {
		return false
	}
	if f == focusEntries {
		m.transcript.EnterEntries()
	}
	return true
}

// send sends the draft: a prompt while idle, a follow_up while a run is under
// way, or a steer (op). The composer empties at once and gets the text back
// if the host refuses it. The lease is claimed first, quietly, when free; a
// takeover is never made here.
func (m *Model) send(op string) tea.Cmd {
	s := m.tiles.Focused()
	if s == nil {
		return nil
	}
	draft := m.composer.Value() // a command runs even while a send is on its way
	text, cmd, handled := m.slash(draft, "Send the text to the model as it is?", "send it to the model as text", sendAnyway{op: op, text: draft})
	switch {
	case handled:
		return cmd
	case s.State() == nil:
		m.note.Say("the session is still opening: " + ui.KeyName(m.Keys.Send) + " sends once it is open (the text stays)")
		return nil
	case s.Sending():
		if !m.composer.Blank() { // refused aloud: the text stays for the next enter
			m.note.Say("your last message is still on its way: " + ui.KeyName(m.Keys.Send) + " sends this one once it is through (the text stays)")
		}
		return nil
	case m.composer.Blank():
		if s.Unconfirmed() != nil && !m.cfg.Watch {
			return m.do(s.Resend())
		}
		return nil
	}
	return m.sendText(op, text)
}

// sendText sends text as the draft, a text command of the person's own
// session: when nobody holds the lease it is claimed quietly first; when
// the person's other terminal holds it, the take-over is offered (the
// text waits); a viewer is told it only reads. A chime is only for another
// person's session (visit.go).
func (m *Model) sendText(op, text string) tea.Cmd {
	s := m.tiles.Focused()
	if s == nil || s.State() == nil || s.Sending() {
		return nil
	}
	if !m.cfg.Watch && m.tooLong(text) {
		return nil
	}
	draft := m.composer.Value()
	cmd, act, sent := s.Send(op, text, m.refs.IDs())
	if !sent {
		m.composer.KeepApart() // the text waits: the next words are not glued to it
		return m.act(act, nil)
	}
	keep := m.remember(draft)
	m.composer.SetValue("")
	m.transcript.ToBottom() // the person's own turn: follow it
	m.refs.Clear()
	return tea.Batch(keep, cmd, m.act(act, nil))
}

// screenKeys is the key map of the screen under the overlays, for the
// help: every key, the groups of where the focus is first (the keys of the
// screen that shows, by where they work), then every command.
func (m *Model) screenKeys() help.KeyMap {
	k := &m.Keys
	var g grouped
	switch {
	case m.focus == focusPicker || (m.tiles.Focused() == nil && m.visit == nil):
		g = newGrouped(k, picker.Keys{K: k}.ShortHelp(), placePicker, placeSessions, placeLine, placeForm, placeEverywhere)
	case m.focus == focusVisit:
		g = visitGroups(k)
	case m.pane() != nil:
		g = newGrouped(k, m.pane().ShortHelp(), append([]string{m.focus.helpPlace()}, sessionPlaces...)...)
	default:
		g = newGrouped(k, sessionKeys{k}.ShortHelp(), sessionPlaces...)
	}
	g.groups = slices.Insert(g.groups, min(g.own, len(g.groups)), commandGroup(m.actions(), k)) // every action, after the screen's places
	return g
}

// onPaste puts pasted text where the keys go, its escape sequences and
// control characters taken out, and says what was taken (a terminal would
// act on them; the decoder used to drop them, an OSC's text with them,
// unsaid).
func (m *Model) onPaste(msg tea.PasteMsg) tea.Cmd {
	var removed []string
	msg.Content, removed = ui.PasteControls(msg.Content)
	before := m.note.Text()
	cmd := m.routePaste(msg)
	switch {
	case len(removed) == 0:
	case m.note.Text() != "" && m.note.Text() != before: // the paste's own note (the draft's size)
		m.note.Add(" · " + ui.RemovedWords(removed))
	default:
		m.note.Say(ui.RemovedWords(removed))
	}
	return cmd
}

// routePaste hands a paste to the overlay on top or the focused screen.
func (m *Model) routePaste(msg tea.PasteMsg) tea.Cmd {
	if m.top() != nil {
		return m.onOverlayMsg(msg)
	}
	return m.pasteUnder(msg)
}

// pasteUnder puts a paste in the focused screen.
func (m *Model) pasteUnder(msg tea.PasteMsg) tea.Cmd {
	switch m.focus {
	case focusSession, focusVisit:
		return m.update(m.composer, msg)
	case focusPicker:
		return m.update(m.picker, msg)
	case focusSearch:
		cmd, act := m.transcript.Search().Update(msg)
		return tea.Batch(cmd, m.act(act, m.transcript.Search()))
	}
	return nil
}
