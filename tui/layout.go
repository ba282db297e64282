package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/layout"
	"github.com/sophia-labs/vehicle/tui/mouse"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The screen is laid out and drawn by tui/screen: the root tells it which
// screen shows and hands it the parts (the components, and the lines the
// root draws), each time it lays out (arrange) and draws (compose).

// arrange lays the screen out for what Update changed: what the panes
// show (syncPanes), every part's size (tui/layout, the one place sizes are
// given), where the composer's keys go and what it hints. On an open
// session's screen the tiles' transcripts turn pages on a wall and follow
// line by line alone (transcript/jump.go), and those glanced at read their
// streams slower. compose then only reads.
func (m *Model) arrange() {
	m.screen.SizeFixed(m.activity, m.status)
	m.syncPanes()
	s := m.tiles.Focused()
	switch {
	case m.focus == focusVisit && m.visit != nil:
		hint := "write a chime · " + ui.KeyName(m.Keys.Send) + " sends it to the driver"
		if m.top() != nil {
			hint = m.focus.keysElsewhere(m.top() != nil, &m.Keys)
		}
		m.composer.SetPlaceholder(hint)
		m.screen.ArrangeVisit(m.visitView())
		m.composer.SetFocused(m.top() == nil)
		return
	case m.focus == focusPicker || s == nil:
		m.composer.SetFocused(false)
		m.screen.ArrangePicker(m.pickerView())
		return
	}
	if m.transcript.Search().Height() > 0 {
		m.transcript.Search().Sync()
	}
	v := m.sessionView()
	m.screen.ArrangeSession(v)
	for _, t := range m.tiles.All() {
		viewOf(t).SetJump(v.Wall())
		viewOf(t).SetAside(v.Wall() && t != s)
		if v.Wall() {
			viewOf(t).SetMarked(t == s && m.focus == focusEntries)
		}
	}
	m.tiles.Pace()
	if v.ComposerLines() > 0 {
		hint := s.Placeholder()
		if elsewhere := m.focus.keysElsewhere(m.top() != nil, &m.Keys); elsewhere != "" {
			hint = elsewhere // another pane or a dialog has the keys: enter there is theirs
		}
		m.composer.SetPlaceholder(hint)
		m.composer.SetFocused(m.focus == focusSession && m.top() == nil && !s.Gone())
	}
}

// compose draws the screen laid out last, places the cursor and names
// the open session in the terminal's title (cut to windowTitleRunes); it
// reads the state and changes none of it.
func (m *Model) compose() (frame string, cur *tea.Cursor, title string) {
	title = "vehicle"
	if s := m.tiles.Focused(); s != nil && s.State() != nil {
		title = ui.ClipRunes("vehicle · "+ui.TitleLine(s.State().Title()), windowTitleRunes)
	}
	switch m.screen.Kind() {
	case layout.KindVisit:
		frame, cur = m.screen.DrawVisit(m.visitView())
	case layout.KindPicker:
		frame = m.screen.DrawPicker(m.pickerView())
	default:
		frame, cur = m.screen.DrawSession(m.sessionView())
	}
	return frame, cur, title
}

// windowTitleRunes bounds the terminal's title: a tab or a title bar shows
// a few dozen characters of it.
const windowTitleRunes = 256

// pickerView is the picker's screen, as the layout takes it.
func (m *Model) pickerView() layout.Picker {
	graph := ""
	if m.cfg.Client != nil {
		graph = "graph " + ui.SanitizeLine(m.cfg.Client.Graph()) + " · "
	}
	return layout.Picker{Facts: graph + m.picker.Facts(), List: m.picker, Composer: m.composer, Note: m.status.NoteLine(),
		Hint: m.status.HintLine(m.picker.ShortHelp()), Over: m.overlays}
}

// sessionView is the focused session's screen, as the layout takes it:
// the header names the session and its facts, and the wall's tiles.
func (m *Model) sessionView() *layout.Session {
	s := m.tiles.Focused()
	v := &layout.Session{Title: ui.NameLine(s.ID()), Facts: ui.NameLine(s.ID()), Body: m.transcript,
		Focused: m.tiles.Index(s), Zoom: m.tiles.Zoomed(), Bar: m.transcript.Search(), Refs: m.refs.Lines(m.width), Account: m.accountP,
		Room: m.room, Queue: m.queue, Lease: m.lease, Activity: m.activity, Composer: m.composer,
		ReadOnly: m.cfg.Watch, Status: m.status, Over: m.overlays}
	if m.cfg.Client != nil {
		v.Facts = ui.NameLine(m.cfg.Client.Graph()) + "/" + v.Facts
	}
	switch {
	case s.State() != nil:
		v.Title = ui.TitleLine(s.State().Title())
		facts := ui.SessionFacts(s.State().Session, s.Reduced(), m.hasModelKey())
		if m.cfg.Watch {
			facts += " · read-only" // this terminal: vehicle watch never sends
		}
		v.Facts = facts + " · " + v.Facts
	case m.cfg.Watch:
		v.Facts += " · read-only"
	}
	if s.State() == nil {
		v.Opening = "opening " + ui.NameLine(s.ID()) + "…"
	}
	if s.Gone() && m.focus != focusVisit {
		w, _ := m.screen.Size()
		v.Gone = s.GoneLines(w)
	}
	for _, t := range m.tiles.All() { // each tile: its header over its transcript, its name on the line of those not shown
		name := ui.NameLine(t.ID())
		if t.State() != nil {
			name = ui.TitleLine(t.State().Title())
		}
		if t.Needs() != "" {
			name = "! " + name // it needs the person
		}
		v.Tiles = append(v.Tiles, layout.Tile{View: viewOf(t), Lines: func(w int) []string { return t.TileLines(w, t == s) }, Name: name})
	}
	return v
}

// onMouseAction acts on what the mouse did: the focus to a pane clicked, a
// click on the transcript (a tile of the wall first takes the focus) or the
// picker's list, the wheel over what is under the pointer.
func (m *Model) onMouseAction(a mouse.Action) tea.Cmd {
	switch a := a.(type) {
	case mouse.Focus:
		switch a.Spot {
		case ui.SpotQueue:
			m.clickPane(focusQueue, a.Line)
		case ui.SpotRoom:
			m.clickPane(focusRoom, a.Line)
		case ui.SpotComposer:
			m.clickPane(focusSession, a.Line)
		}
	case mouse.Click:
		if a.Spot == ui.SpotList {
			cmd, act := m.picker.Click(a.Line, a.Double)
			return tea.Batch(cmd, m.act(act, m.picker))
		}
		return m.clickBody(a.X, a.Line, a.Double)
	case mouse.Scroll:
		m.scroll(a)
	}
	return nil
}

// clickBody focuses the tile clicked (on a wall) and hands the click to its
// transcript: a chip opens, a double click copies code.
func (m *Model) clickBody(x, line int, double bool) tea.Cmd {
	view := m.transcript
	if m.screen.Wall() {
		i, row, ok := m.screen.TileAt(x, line)
		if !ok {
			return nil
		}
		if s := m.tiles.All()[i]; s != m.tiles.Focused() {
			m.focusTile(i)
			return nil // the first click gives the focus; the next acts
		}
		view, line = viewOf(m.tiles.All()[i]), row
	}
	cmd, act := view.Click(line, double)
	return tea.Batch(cmd, m.act(act, view))
}

// scroll scrolls what is under the pointer: the picker's list, the room's
// or the queue's selection, a tile of the wall or the transcript.
func (m *Model) scroll(a mouse.Scroll) {
	switch {
	case m.screen.Kind() == layout.KindPicker:
		m.picker.Update(a.Wheel)
	case m.focus.pane():
		switch a.Spot {
		case ui.SpotRoom:
			m.room.Scroll(a.By)
			return
		case ui.SpotQueue:
			m.queue.Scroll(a.By)
			return
		}
		view := m.transcript
		if i, _, ok := m.screen.TileAt(a.X, a.Line); ok && a.Spot == ui.SpotBody && m.screen.Wall() {
			view = viewOf(m.tiles.All()[i])
		}
		view.Scroll(a.By * transcript.WheelLines)
	}
}
