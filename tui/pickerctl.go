package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// openMsg asks the root to open a session the picker chose.
type openMsg struct{ id string }

// reload lists the sessions again; selectID is selected once listed.
func (p *picker) reload(selectID string) tea.Cmd {
	p.loading = true
	p.asked++
	return listSessions(p.c.cfg.Context, p.c.cfg.Client, p.asked, p.c.me.Principal, selectID)
}

// SetSize gives the list its height; the width is the screen's.
func (p *picker) SetSize(width, height int) {
	p.width, p.height = width, height
	p.setPreviewWidth(previewWidth(width))
	p.keepInView(height)
}

// View draws the list, or what failed when the listing did.
func (p *picker) View() string {
	c := p.c
	if p.failed != nil {
		return strings.Join(ui.FitLines(c.loadFailure(p.failed, c.width), p.height), "\n")
	}
	pw := previewWidth(c.width)
	lines := p.view(pickerView{st: c.Styles, keys: &c.Keys, me: c.me, now: c.cfg.Now(), width: c.width - pw,
		height: p.height})
	if pw > 0 {
		for i, l := range p.previewView(c.Styles, pw, p.height) {
			lines[i] = ui.Pad(lines[i], c.width-pw) + l
		}
	}
	return strings.Join(lines, "\n")
}

// ShortHelp lists the keys of the picker's hint.
func (p *picker) ShortHelp() []key.Binding { return pickerKeys{&p.c.Keys}.ShortHelp() }

// FullHelp lists every key of the picker, by column.
func (p *picker) FullHelp() [][]key.Binding { return pickerKeys{&p.c.Keys}.FullHelp() }

// Update handles the picker's keys, pastes into the filter, the wheel and
// the answers of the listing, renames and clones. done is always false.
func (p *picker) Update(msg tea.Msg) (tea.Cmd, bool) { return p.update(msg), false }

// update is Update without its done.
func (p *picker) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.onKey(msg)
	case tea.PasteMsg:
		p.filter.Insert(msg.Content)
		p.filterChanged()
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			p.move(-1)
		case tea.MouseWheelDown:
			p.move(1)
		}
	case sessionsMsg:
		return p.onSessions(msg)
	case renamedMsg:
		return p.onRenamed(msg)
	case clonedMsg:
		return p.onCloned(msg)
	case pollTickMsg:
		return p.onPollTick(msg)
	case restMsg:
		return p.onRest(msg)
	case peekMsg:
		return p.onPeek(msg)
	}
	return nil
}

// onKey handles a key in the session picker.
func (p *picker) onKey(msg tea.KeyPressMsg) tea.Cmd {
	c := p.c
	if p.failed != nil && key.Matches(msg, c.Keys.Retry) {
		c.setErr(nil)
		c.note = "listing your sessions again…"
		return p.reload("")
	}
	switch {
	case key.Matches(msg, c.Keys.Up):
		p.move(-1)
	case key.Matches(msg, c.Keys.Down):
		p.move(1)
	case key.Matches(msg, c.Keys.Open):
		return p.openSelected()
	case key.Matches(msg, c.Keys.New):
		if c.cfg.Watch {
			c.note = "watching read-only: start sessions without watch"
			return nil
		}
		c.note = "starting a new session…"
		return createSession(c.cfg.Context, c.cfg.Client, c.newRequest())
	case key.Matches(msg, c.Keys.Rename, c.Keys.Delete, c.Keys.Clone):
		return p.action(msg)
	case key.Matches(msg, c.Keys.Back):
		p.back()
	default:
		if p.filter.Update(msg) {
			p.filterChanged()
		}
	}
	return nil
}

// back clears the filter, else goes back to the open session.
func (p *picker) back() {
	switch {
	case p.filter.String() != "":
		p.filter.Set("")
		p.filterChanged()
	case p.c.sess != nil:
		p.c.focus = focusSession
	}
}

// openSelected opens the selected session, or goes back to it when it is
// the open one.
func (p *picker) openSelected() tea.Cmd {
	s, ok := p.selected()
	if !ok {
		return nil
	}
	if p.c.sess != nil && p.c.sess.id == s.SessionID {
		p.c.focus = focusSession
		return nil
	}
	id := s.SessionID
	return func() tea.Msg { return openMsg{id: id} }
}

// action starts a rename, a delete or a clone of the selected session.
func (p *picker) action(msg tea.KeyPressMsg) tea.Cmd {
	c := p.c
	s, ok := p.selected()
	if !ok {
		return nil
	}
	switch {
	case key.Matches(msg, c.Keys.Rename):
		c.push(dialog.NewRename(&c.Context, s))
	case key.Matches(msg, c.Keys.Delete):
		c.push(dialog.NewDelete(&c.Context, s))
	case key.Matches(msg, c.Keys.Clone):
		c.note = "cloning “" + ui.TitleLine(s.DisplayTitle()) + "”…"
		return cloneSession(c.cfg.Context, c.cfg.Client, s.SessionID)
	}
	return nil
}

// onSessions takes the last listing asked for, and inspects the sessions
// it shows.
func (p *picker) onSessions(msg sessionsMsg) tea.Cmd {
	if msg.poll != 0 {
		return p.onPolled(msg)
	}
	if msg.gen != p.asked {
		return nil
	}
	p.loading = false
	p.take(msg)
	return p.peekNext()
}

// take shows a listing's answer: the sessions, or its failure.
func (p *picker) take(msg sessionsMsg) {
	c := p.c
	if msg.principal != "" {
		c.me.Principal = msg.principal
	}
	listingFailed := p.failed != nil
	p.failed = msg.err
	if msg.err != nil {
		c.setErr(msg.err)
		return
	}
	if listingFailed {
		c.setErr(nil) // the listing's own error; another (a session that failed to open) stays
	}
	p.setList(msg.list, msg.selectID)
}

// onCloned says where the clone is and lists again, selecting it.
func (p *picker) onCloned(msg clonedMsg) tea.Cmd {
	c := p.c
	if c.failed(msg.err) {
		return nil
	}
	c.setErr(nil)
	c.note = "cloned as “" + ui.TitleLine(msg.branched.Session.DisplayTitle()) + "” (" +
		ui.SanitizeLine(msg.branched.Session.SessionID) + ")"
	return p.reload(msg.branched.Session.SessionID)
}

// onPickerData handles the answers of the picker's commands.
func (m *Model) onPickerData(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case sessionsMsg:
		// an older listing's answer, or a poll's from an earlier opening, changes nothing
		m.dirty = msg.gen == m.picker.asked && (msg.poll == 0 || msg.poll == m.picker.opened)
		cmd, _ := m.picker.Update(msg)
		return cmd
	case pollTickMsg, restMsg, peekMsg:
		cmd, _ := m.picker.Update(msg)
		return cmd
	case renamedMsg, clonedMsg:
		cmd, _ := m.picker.Update(msg)
		return cmd
	case openMsg:
		return m.open(msg.id)
	case createdMsg:
		if m.failed(msg.err) {
			m.explainRefusal(msg.err)
			m.refusedAtCreate(msg.err)
			return nil
		}
		cmd := m.open(msg.created.Session.SessionID)
		m.sess.created = true
		return cmd
	case deletedMsg:
		return m.onDeleted(msg)
	default:
		m.dirty = false
	}
	return nil
}

// onRenamed shows a rename's outcome and lists again.
func (p *picker) onRenamed(msg renamedMsg) tea.Cmd {
	c := p.c
	if c.failed(msg.err) {
		return nil
	}
	c.setErr(nil)
	c.note = "renamed to “" + ui.TitleLine(msg.session.DisplayTitle()) + "”"
	return p.reload(msg.session.SessionID)
}

// onDeleted says both outcomes of a delete: the session in the host's
// trash, and the mirrored document in the workspace's Trash (or why not).
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if m.failed(msg.err) {
		return nil
	}
	m.setErr(nil)
	out := msg.outcome
	m.note = "deleted “" + ui.SanitizeLine(msg.title) + "”"
	if out.MirrorErr != nil {
		m.note += ": its mirrored document is not in the Trash"
	}
	var closing tea.Cmd
	if m.sess != nil && m.sess.id == msg.id {
		closing = m.closeSession()
	}
	m.push(dialog.NewDeleted(&m.Context, msg.id, msg.title, *out))
	return tea.Batch(closing, m.picker.reload(""))
}
