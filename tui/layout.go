package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// layout sizes the panes for the terminal and the screen shown.
func (m *Model) layout() {
	top := 1 + m.bannerLines()
	m.composer.SetSize(m.width, m.composerLimit())
	ch := m.composerHeight()
	m.transcript.SetSize(m.width, max(m.high-top-2-ch, 1))
}

// composerHeight is the lines the composer takes: as many as its draft,
// up to its limit; none when watching read-only.
func (m *Model) composerHeight() int {
	switch {
	case m.cfg.Watch:
		return 0
	case m.focus != focusVisit && m.tiles.Focused().Gone():
		return len(m.tiles.Focused().GoneLines(m.width)) // the lines that say where it went
	}
	return m.composer.Height()
}

// composerLimit is the most lines the composer grows to: a third of the
// screen (two at the least: a line of the draft and the mark of the rest).
func (m *Model) composerLimit() int { return max(m.high/3, 2) }

// bannerLines is the banner's lines (none without a banner).
func (m *Model) bannerLines() int {
	if m.cfg.Banner == "" {
		return 0
	}
	return strings.Count(m.cfg.Banner, "\n") + 1
}

// arrange lays the screen out for what Update changed: the panes' sizes,
// where the composer's keys go and what it hints, the selections kept in
// range. compose then only reads.
func (m *Model) arrange() {
	m.activity.SetSize(m.width, m.high)
	m.status.SetSize(m.width, 1)
	m.syncPanes()
	switch {
	case m.focus == focusVisit && m.visit != nil:
		m.accountP.SetSize(m.width, 3)
		m.composer.SetPlaceholder("write a chime · " + ui.KeyName(m.Keys.Send) + " sends it to the driver")
		m.composer.SetSize(m.width, m.composerLimit())
		m.composer.SetFocused(m.top() == nil)
	case m.focus == focusPicker || m.tiles.Focused() == nil:
		m.composer.SetFocused(false)
		m.picker.SetSize(m.width, max(m.high-1-m.bannerLines()-2, 1))
	default:
		m.arrangeSession()
	}
}

// arrangeSession sizes the open session's transcript to what the smaller
// panes leave, marks the selected entry and readies the composer.
func (m *Model) arrangeSession() {
	ch := m.composerHeight()
	top := 1 + m.bannerLines() + len(m.activity.Lines()) // the header, the banner, the run's line
	bar := m.transcript.Search().Height()
	if bar > 0 {
		m.transcript.Search().SetSize(m.width, 1)
		m.transcript.Search().Sync()
	}
	m.panes = m.sidePanes(m.high - top - 2 - ch - bar)
	h := max(m.high-top-2-ch-bar-m.panes.height(), 1)
	switch {
	case m.wallShown():
		m.arrangeWall(h)
	case h != m.transcript.Height() || m.transcript.Width() != m.width:
		m.transcript.SetSize(m.width, h)
		m.single()
	default:
		m.single()
	}
	m.lease.SetSize(m.width, 1)
	if ch > 0 {
		m.composer.SetPlaceholder(m.placeholder())
		m.composer.SetFocused(m.focus == focusSession && m.top() == nil && !m.tiles.Focused().Gone())
	}
}

// compose draws the whole screen and places the cursor; it reads the
// state and changes none of it.
func (m *Model) compose() (string, *tea.Cursor) {
	if m.focus == focusVisit && m.visit != nil {
		return m.visitScreen()
	}
	if m.focus == focusPicker || m.tiles.Focused() == nil {
		return strings.Join(m.pickerScreen(), "\n"), nil
	}
	return m.sessionScreen()
}

// header is the top line: what is shown on the left, facts on the right.
func (m *Model) header(left, right string) string {
	l := m.Styles.Header.Render("vehicle") + m.Styles.HeaderDim.Render(" · ") + m.Styles.Header.Render(left)
	r := m.Styles.HeaderDim.Render(right)
	gap := m.width - xansi.StringWidth(l) - xansi.StringWidth(r)
	if gap < 1 {
		return ui.Pad(l+" "+r, m.width)
	}
	return l + strings.Repeat(" ", gap) + r
}

// heading is the header and the banner.
func (m *Model) heading(left, right string) []string {
	lines := []string{m.header(left, right)}
	if m.cfg.Banner != "" {
		for _, l := range strings.Split(m.cfg.Banner, "\n") {
			lines = append(lines, m.Styles.Banner.Render(ui.Pad(ui.SanitizeLine(l), m.width)))
		}
	}
	return lines
}

// pickerScreen draws the session picker.
func (m *Model) pickerScreen() []string {
	graph := ""
	if m.cfg.Client != nil {
		graph = "graph " + ui.SanitizeLine(m.cfg.Client.Graph()) + " · "
	}
	lines := m.heading("your sessions", graph+m.picker.Facts()) // arrange sized the picker for them
	body := strings.Split(m.picker.View(), "\n")
	top := len(lines)
	lines = append(lines, body...)
	lines = append(lines, m.status.NoteLine(), m.status.HintLine(picker.Keys{K: &m.Keys}.ShortHelp()))
	lines = append(lines[:top], m.overlay(lines[top:])...) // a dialog may cover the hints too
	return lines[:min(len(lines), m.high)]
}

// sessionScreen draws the open session: the transcript, the queue lane,
// the room pane, the lease, the account, the limits, the composer and the
// status line.
func (m *Model) sessionScreen() (string, *tea.Cursor) {
	s := m.tiles.Focused()
	title, right := ui.NameLine(s.ID()), ui.NameLine(s.ID())
	if m.cfg.Client != nil {
		right = ui.NameLine(m.cfg.Client.Graph()) + "/" + right
	}
	switch {
	case s.State() != nil:
		title = ui.TitleLine(s.State().Title())
		facts := ui.SessionFacts(s.State().Session, s.Reduced())
		if m.cfg.Watch {
			facts += " · read-only" // this terminal: vehicle watch never sends
		}
		right = facts + " · " + right
	case m.cfg.Watch:
		right += " · read-only"
	}
	lines := m.heading(title, right)
	top := len(lines)
	ch := m.composerHeight()
	p := m.panes
	lines = append(lines, m.sessionBody()...)
	lines = append(append(lines, p.queue...), p.room...)
	lines = append(lines, m.lease.View())
	lines = append(lines, p.account...)
	lines = append(lines, m.activity.Lines()...)
	lines = append(lines, p.refs...)
	var cur *tea.Cursor
	if s.Gone() && ch > 0 {
		lines = append(lines, s.GoneLines(m.width)...)
	} else if ch > 0 {
		if c := m.composer.Cursor(); c != nil && m.composer.Focused() {
			c.Position.Y += len(lines)
			cur = c
		}
		lines = append(lines, strings.Split(m.composer.View(), "\n")[:ch]...)
	}
	if m.transcript.Search().Active() {
		lines = append(lines, m.transcript.Search().View())
	}
	lines = append(lines, m.status.View())
	lines = append(lines[:top], m.overlay(lines[top:])...)
	return strings.Join(lines[:min(len(lines), m.high)], "\n"), cur
}

// sideLines are the lines of the session's smaller panes.
type sideLines struct{ queue, room, account, refs []string }

// height is the lines the panes take.
func (p sideLines) height() int { return len(p.queue) + len(p.room) + len(p.account) + len(p.refs) }

// sidePanes draws the smaller panes in at most half of avail lines (the
// transcript keeps the rest), the limits first, then the account, the
// room and the queue.
func (m *Model) sidePanes(avail int) sideLines {
	budget := max(avail-max(avail/2, 3), 0)
	take := func(lines []string) []string {
		lines = lines[:min(len(lines), budget)]
		budget -= len(lines)
		return lines
	}
	var p sideLines
	p.refs = take(m.refLines())
	m.accountP.SetSize(m.width, budget)
	p.account = take(m.accountP.Lines())
	m.room.SetSize(m.width, min(budget, 5))
	p.room = take(m.room.Lines())
	m.queue.SetSize(m.width, min(budget, 4))
	p.queue = take(m.queue.Lines())
	return p
}

// sessionBody is the transcript, or what stands in for it while opening.
func (m *Model) sessionBody() []string {
	s := m.tiles.Focused()
	if m.wallShown() {
		return m.wallLines()
	}
	if s.State() != nil {
		return m.transcript.Lines()
	}
	body := make([]string, m.transcript.Height())
	if len(body) > 1 {
		body[1] = m.Styles.Notice.Render("  opening " + ui.NameLine(s.ID()) + "…")
	}
	return body
}

// placeholder is the composer's hint for what Enter does now.
func (m *Model) placeholder() string {
	s := m.tiles.Focused()
	rel := client.LeaseNone
	var holder *client.Lease
	if s.State() != nil {
		rel, holder = s.State().LeaseAt(m.cfg.Now())
	}
	k := &m.Keys
	send, take := ui.KeyName(k.Send), ui.KeyName(k.TakeOver)
	switch {
	case s.Reduced():
		return "your role here is viewer: you may read this session, not drive it"
	case rel == client.LeaseMyOtherClient:
		who, _, _ := strings.Cut(ui.OtherTerminal(holder.ClientID, m.me.ClientID), " (")
		return who + " drives · " + send + " offers to take over · " + take + " takes over"
	case rel == client.LeaseOther:
		return "someone else holds the lease · you are watching"
	case rel == client.LeaseNone && s.State() != nil:
		return "nobody drives · " + send + " claims the lease and sends · " + ui.KeyName(k.Newline) + " newline"
	case s.State() != nil && s.State().Run == client.RunRunning:
		return send + " queues a follow-up · " + ui.KeyName(k.Steer) + " steers · " + ui.KeyName(k.Abort) + " aborts"
	}
	return "write a message · " + send + " sends · " + ui.KeyName(k.Newline) + " newline"
}

// single sets the session shown alone (one open, or zoomed) to follow and
// read as a single view does: line by line, events as they come; the tiles
// behind a zoom keep the pace of tiles.
func (m *Model) single() {
	m.transcript.SetJump(false)
	m.tiles.Pace()
}
