package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The open session's panes take the keys their key maps bind, but a key
// that is text never acts by itself: it proposes what it does, and enter
// does it (ui.Guard). A printable key the focused pane does not bind, or any
// text typed after a proposed key, goes to the composer, and the focus with
// it, the proposed letter first: a word typed into a pane is a word in the
// composer, whole. Enter and the keys that are never text act at once.

// pane is the focused pane other than the composer, nil for the composer.
func (m *Model) pane() ui.Component {
	switch m.focus {
	case focusRoom:
		return m.room
	case focusQueue:
		return m.queue
	case focusEntries:
		return m.transcript
	case focusSearch:
		return m.transcript.Search()
	}
	return nil
}

// proposer is a pane whose text keys propose what they do, which enter
// then does (ui.Guard): the room, the queue, the entries.
type proposer interface {
	Armed() bool
	Disarm() string
}

// armed reports whether pane p holds a proposed key.
func armed(p ui.Component) bool {
	q, ok := p.(proposer)
	return ok && q.Armed()
}

// disarm forgets the key pane p proposed and returns its text.
func disarm(p ui.Component) string {
	if q, ok := p.(proposer); ok {
		return q.Disarm()
	}
	return ""
}

// hint says what the keys do in pane p, for the status line; "" for a
// pane (or the composer) whose own lines say it.
func hint(p ui.Component) string {
	if h, ok := p.(interface{ Hint() string }); ok {
		return h.Hint()
	}
	return ""
}

// onPaneKey hands a key to the focused pane; ok is false when the pane
// does not bind it.
func (m *Model) onPaneKey(msg tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	p := m.pane()
	if p == nil || !key.Matches(msg, p.ShortHelp()...) {
		return nil, false
	}
	m.note.HideErr() // the person moved on: what the key does is said, the error stays in f3's list
	cmd, act := p.Update(msg)
	return tea.Batch(cmd, m.act(act, p)), true
}

// onPanesKey routes a key while a pane other than the composer has the
// focus: back to the composer, the pane's own keys, or text for the
// composer.
func (m *Model) onPanesKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.Keys.Back) {
		disarm(m.pane())
		m.focus = focusSession
		return nil
	}
	typed := msg.Key().Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0
	if !(typed && armed(m.pane())) {
		if cmd, ok := m.onPaneKey(msg); ok {
			return cmd
		}
	}
	first := disarm(m.pane())
	if msg.Key().Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
		return nil
	}
	m.focus = focusSession // text: the composer takes it, and the focus
	m.note.Say("")
	if first != "" {
		m.composer.Type(tea.KeyPressMsg{Code: []rune(first)[0], Text: first})
	}
	return m.onComposerKey(msg)
}

// syncPanes tells the smaller panes what the open session shows now; they
// draw from it at the next frame.
func (m *Model) syncPanes() {
	s := m.tiles.Focused()
	m.composer.SetReadOnly(m.cfg.Watch && m.focus != focusVisit)
	m.room.SetFocused(m.focus == focusRoom)
	m.transcript.SetMarked(m.focus == focusEntries)
	m.transcript.Search().SetShown(m.focus == focusSearch && s != nil)
	m.queue.SetFocused(m.focus == focusQueue)
	acc := panes.AccountView{Account: m.account, Refusal: m.key.Refusal(), Open: s != nil, HasModelKey: m.hasModelKey(),
		KeyVariable: m.key.Variable()}
	status := panes.StatusView{Err: m.note.Err(), Note: m.note.Text(), QuitArmed: m.note.QuitArmed(), Armed: armed(m.pane()), MouseOff: m.mouse.Off(),
		Hint: hint(m.pane()), Budget: !m.activity.Shows()}
	if s == nil {
		m.status.Set(status)
		m.accountP.Set(acc)
		return
	}
	status.Conn, status.State = s.Conn(), s.State()
	m.status.Set(status)
	lease := panes.LeaseView{Watching: s.Role() == session.RoleWatch, Stale: s.Stale(), Reduced: s.Reduced(), Gone: s.Gone()}
	if s.State() == nil {
		m.lease.Set(lease)
		m.accountP.Set(acc)
		m.room.Set(panes.RoomView{})
		m.queue.Set(panes.QueueView{})
		return
	}
	st, driving := s.State(), s.Driving()
	lease.Known, lease.Revoked, lease.Policy = true, st.Revoked, roomPolicy(st)
	lease.Rel, lease.Holder = st.LeaseAt(m.cfg.Now())
	m.lease.Set(lease)
	acc.Session = &st.Session
	m.accountP.Set(acc)
	reach := ""
	if len(st.Chimes) > 0 && m.focus != focusRoom {
		reach = m.keysTo(focusRoom) // the hint names only keys that work from where the focus is
	}
	drv := panes.DriverOf(st, m.cfg.Now(), s.Reduced(), s.Gone()) // who drives when this terminal does not
	m.room.Set(panes.RoomView{Known: true, Chimes: st.Chimes, Policy: roomPolicy(st), Driving: driving, Driver: drv, Reach: reach})
	m.queue.Set(panes.QueueView{Items: s.LaneItems(), Sending: s.Sending(), Driving: driving, Driver: drv})
}

// onPanesAction acts on what the person did in a pane of the open session;
// in a session that is gone nothing is sent, and the status says so.
func (m *Model) onPanesAction(a panes.Action) tea.Cmd {
	s := m.tiles.Focused()
	if s == nil || s.State() == nil {
		return nil
	}
	if gone := s.RefuseGone(); gone != nil {
		return m.act(gone, nil)
	}
	switch a := a.(type) {
	case panes.Resolve:
		return m.do(s.Resolve(a.Chime, a.Accept))
	case panes.SetPolicy:
		return m.do(s.SetPolicy(a.Policy))
	case panes.Resend:
		return m.do(s.Resend())
	case panes.SendAgain:
		cmd, act, sent := s.SendAgain(a.Item)
		if sent { // the pane acted: the keys go back to the composer
			disarm(m.pane())
			m.focus = focusSession
		}
		return tea.Batch(cmd, m.act(act, nil))
	case panes.Forget:
		s.Forget(a.Item)
	case panes.CancelQueued:
		return m.do(s.CancelQueued(a.Item))
	}
	return nil
}

// onTranscriptAction acts on what the person did in the transcript's
// entries: a search opened, a fork asked for (nothing is sent in a session
// that is gone).
func (m *Model) onTranscriptAction(a transcript.Action) tea.Cmd {
	s := m.tiles.Focused()
	switch a := a.(type) {
	case transcript.OpenSearch:
		if s != nil { // the bar with the last query, typing (a session opening has it too)
			disarm(m.pane())
			m.focus = focusSearch
			m.note.Say("")
			m.transcript.Search().SetShown(true)
			m.transcript.Search().Open()
		}
	case transcript.Fork:
		if s == nil || s.State() == nil {
			return nil
		}
		if gone := s.RefuseGone(); gone != nil {
			return m.act(gone, nil)
		}
		m.note.Say("forking before this entry…")
		return m.manage.Fork(s.Context(), s.Gen(), s.ID(), a.EntryID)
	}
	return nil
}
