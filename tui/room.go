package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
)

// policyOrder is the room policies in the order p steps through them.
func policyOrder() []string {
	return []string{client.PolicyObserve, client.PolicyMute, client.PolicySuggest, client.PolicyCoDrive}
}

// policyMeaning says what a room policy does with a chime.
func policyMeaning(p string) string {
	switch p {
	case client.PolicyObserve, client.PolicyMute:
		return "chimes are refused"
	case client.PolicySuggest:
		return "chimes wait for the driver"
	case client.PolicyCoDrive:
		return "chimes go in at once"
	}
	return "the host's own policy"
}

// nextPolicy is the policy d steps from p (1 forward, -1 back).
func nextPolicy(p string, d int) string {
	order := policyOrder()
	i := 2 // suggest, the default
	for k, q := range order {
		if q == p {
			i = k
		}
	}
	return order[(i+d+len(order))%len(order)]
}

// roomPolicy is the open session's room policy, suggest when the host
// named none.
func roomPolicy(s *client.State) string {
	if p := s.Session.RoomPolicy; p != "" {
		return p
	}
	return client.DefaultRoomPolicy
}

// roomLines is the room pane: a header and the pending chimes, newest last,
// in at most limit lines. It takes no room while no chime waits, unless it
// has the focus.
func (m *Model) roomLines(limit int) []string {
	s := m.sess
	if s == nil || s.state == nil || limit <= 0 {
		return nil
	}
	chimes := s.state.Chimes
	focused := m.focus == focusRoom
	if len(chimes) == 0 && !focused {
		return nil
	}
	out := []string{m.roomHeader(len(chimes), focused)}
	s.roomShown = ""
	if len(chimes) == 0 {
		return out
	}
	sel := -1
	if focused {
		sel = s.roomSel
	}
	first := roomWindow(len(chimes), limit-1, sel)
	if first > 0 && limit > 2 {
		out = append(out, m.st.Notice.Render(pad(fmt.Sprintf("  … %d older", first), m.width)))
	}
	for i := first; i < len(chimes) && len(out) < limit; i++ {
		if i == sel {
			out = append(out, m.selectedChime(chimes[i], limit-len(out)-(len(chimes)-1-i))...)
			s.roomShown = chimes[i].ChimeID
			continue
		}
		out = append(out, m.chimeLine(chimes[i], false))
	}
	return out
}

// roomWindow is the first of n chimes shown in rows lines, the newest last:
// the selected one (sel, -1 for none) is always among them. When chimes
// are left above, a line says so and takes one of the rows.
func roomWindow(n, rows, sel int) int {
	if n <= rows || rows <= 0 {
		return 0
	}
	shown := rows
	if rows > 1 {
		shown-- // the "… older" line
	}
	first := n - shown
	if sel >= 0 && sel < first {
		first = sel
	}
	return first
}

// selectedChime is the selected chime, its text wrapped on up to three
// lines (within room) when it is longer than a line: the driver reads it
// whole before deciding.
func (m *Model) selectedChime(c client.Chime, room int) []string {
	head, text := "▸ "+m.chimeHead(c), SanitizeLine(c.Text)
	if room <= 1 || xansi.StringWidth(head+"  "+text) <= m.width {
		return []string{m.chimeLine(c, true)}
	}
	out := []string{m.st.Selected.Render(pad(head, m.width))}
	w := max(m.width-4, 10)
	lines := wrapPlain(text, w)
	rows := min(room-1, 3, len(lines))
	for k := 0; k < rows; k++ {
		l := lines[k]
		if k == rows-1 && rows < len(lines) {
			l = xansi.Truncate(l, w-2, "") + " …"
		}
		out = append(out, m.st.Selected.Render(pad("    "+l, m.width)))
	}
	return out
}

// chimeHead is a chime's author and time.
func (m *Model) chimeHead(c client.Chime) string {
	who := SanitizeLine(c.Author)
	if who == "" {
		who = "someone"
	}
	if c.ReceivedAt.IsZero() {
		return who
	}
	return who + " · " + c.ReceivedAt.In(m.cfg.Location).Format("15:04")
}

// roomHeader is the room pane's first line: how many chimes wait, the
// policy, and what the keys do.
func (m *Model) roomHeader(n int, focused bool) string {
	s := m.sess
	head := "chimes"
	if n > 0 {
		head += fmt.Sprintf(" · %d pending", n)
	}
	head += " · room " + roomPolicy(s.state)
	k := &m.keys
	var hint string
	switch {
	case m.cfg.Watch:
		hint = "the driver decides"
	case !m.driving(s):
		hint = "the driver decides · " + keyName(k.TakeOver) + " takes over"
	case focused && n > 0:
		hint = firstKey(k.Accept) + " accept · " + keyName(k.Reject) + " reject · " + keyName(k.Expand) + " read · " +
			firstKey(k.Policy) + " policy · " + keyName(k.Back) + " back"
	case focused:
		hint = firstKey(k.Policy) + " policy: " + policyMeaning(roomPolicy(s.state)) + " · " + keyName(k.Back) + " back"
	default:
		hint = keyName(k.Panes) + ", then " + firstKey(k.Accept) + " accept · " + keyName(k.Reject) + " reject"
	}
	line := m.st.AuthorLabel.Render("✉ "+head) + m.st.KeyDesc.Render(" · "+hint)
	return pad(line, m.width)
}

// chimeLine is one pending chime on one line: its author, when it came,
// its text.
func (m *Model) chimeLine(c client.Chime, selected bool) string {
	text := SanitizeLine(c.Text)
	if selected {
		return m.st.Selected.Render(pad("▸ "+m.chimeHead(c)+"  "+text, m.width))
	}
	who, when, _ := strings.Cut(m.chimeHead(c), " · ")
	if when != "" {
		when = " · " + when
	}
	return pad("  "+m.st.AuthorLabel.Render(who)+m.st.Time.Render(when)+"  "+m.st.Body.Render(text), m.width)
}

// roomKeys is the room pane's key map.
type roomKeys struct{ k *KeyMap }

// ShortHelp lists the room pane's keys.
func (r roomKeys) ShortHelp() []key.Binding {
	return []key.Binding{r.k.Up, r.k.Down, r.k.Accept, r.k.Reject, r.k.Expand, r.k.Policy, r.k.PolicyBack, r.k.Back}
}

// FullHelp lists the room pane's keys.
func (r roomKeys) FullHelp() [][]key.Binding { return [][]key.Binding{r.ShortHelp()} }

// onRoomKey handles a key in the room pane; ok is false for a key it does
// not bind.
func (m *Model) onRoomKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := m.sess
	chimes := s.state.Chimes
	switch {
	case key.Matches(msg, m.keys.Up):
		s.roomSel = max(s.roomSel-1, 0)
	case key.Matches(msg, m.keys.Down):
		s.roomSel = min(s.roomSel+1, max(len(chimes)-1, 0))
	case key.Matches(msg, m.keys.Accept, m.keys.Reject):
		return m.resolveSelected(msg), true
	case key.Matches(msg, m.keys.Expand):
		if len(chimes) > 0 && chimes[min(s.roomSel, len(chimes)-1)].ChimeID == s.roomShown {
			c := chimes[min(s.roomSel, len(chimes)-1)]
			m.push(&errorsDialog{c: m.common, title: "Chime from " + SanitizeLine(m.chimeHead(c)),
				errs: []string{Sanitize(c.Text)}, mark: " "})
		}
	case key.Matches(msg, m.keys.Policy, m.keys.PolicyBack):
		if !m.mayDriveRoom("set the room's policy") {
			return nil, true
		}
		d := 1
		if key.Matches(msg, m.keys.PolicyBack) {
			d = -1
		}
		p := nextPolicy(roomPolicy(s.state), d)
		if !m.confirm(msg, "sets the room to "+p+": "+policyMeaning(p)) {
			return nil, true
		}
		m.acted()
		m.note = "setting the room to " + p + "…"
		return setPolicy(s.ctx, m.cfg.Client, s.gen, s.id, p), true
	default:
		return nil, false
	}
	return nil, true
}

// resolveSelected accepts or rejects the selected chime, once confirmed.
func (m *Model) resolveSelected(msg tea.KeyPressMsg) tea.Cmd {
	s := m.sess
	chimes := s.state.Chimes
	if len(chimes) == 0 {
		m.note = "no chime waits"
		return nil
	}
	if !m.mayDriveRoom("accept or reject a chime") {
		return nil
	}
	c := chimes[min(s.roomSel, len(chimes)-1)]
	if c.ChimeID != s.roomShown {
		m.note = "the selected chime is not on screen: " + keyName(m.keys.Up) + keyName(m.keys.Down) + " brings it back"
		return nil
	}
	accept := key.Matches(msg, m.keys.Accept)
	verb := "reject"
	if accept {
		verb = "accept"
	}
	if !m.confirm(msg, verb+"s "+chimeName(c)) {
		return nil
	}
	m.acted()
	m.note = verb + "ing " + chimeName(c) + "…"
	return resolveChime(s.ctx, m.cfg.Client, s.gen, s.id, c, accept)
}

// chimeName names a chime for notes: its author and its first words.
func chimeName(c client.Chime) string {
	return possessive(c.Author) + " chime “" + clipRunes(SanitizeLine(c.Text), 24) + "”"
}

// mayDriveRoom reports whether this terminal drives, and says why not.
func (m *Model) mayDriveRoom(what string) bool {
	switch {
	case m.cfg.Watch:
		m.note = "watching read-only: only the driver may " + what
		return false
	case !m.driving(m.sess):
		m.note = "only the driver may " + what + ": " + keyName(m.keys.TakeOver) + " takes over"
		return false
	}
	return true
}

// possessive is a collaborator's name with 's, for notes.
func possessive(author string) string {
	a := SanitizeLine(author)
	if a == "" {
		return "the"
	}
	if strings.HasSuffix(a, "s") {
		return a + "'"
	}
	return a + "'s"
}

// onResolved shows what became of an accept or a reject.
func (m *Model) onResolved(msg resolvedMsg) {
	if m.current(msg.gen) == nil {
		return
	}
	if m.failed(msg.err) {
		return
	}
	m.setErr(nil)
	if msg.accept {
		m.note = "accepted " + possessive(msg.chime.Author) + " chime"
		return
	}
	m.note = "rejected " + possessive(msg.chime.Author) + " chime"
}

// onPolicy shows the room's new policy, or why it did not change.
func (m *Model) onPolicy(msg policyMsg) {
	if m.current(msg.gen) == nil {
		return
	}
	if m.failed(msg.err) {
		return
	}
	m.setErr(nil)
	m.note = "room " + SanitizeLine(msg.policy) + ": " + policyMeaning(msg.policy)
}

// chime sends the draft as a chime into the open session's room: this
// terminal does not drive it.
func (m *Model) chime() tea.Cmd {
	s := m.sess
	text := m.composer.value()
	m.composer.setValue("")
	s.sending = true
	m.note = "sending a chime…"
	return sendChime(s.ctx, m.cfg.Client, s.gen, s.id, m.newOutgoing(opChime, text), false)
}

// onChimed shows what the room did with this terminal's chime: pending,
// submitted, or refused (the text then comes back to the composer).
func (m *Model) onChimed(msg chimedMsg) {
	if msg.visit {
		m.onVisitChimed(msg)
		return
	}
	if m.landed(msg.gen, msg.out, msg.err) == nil {
		return
	}
	m.note = chimeOutcome(msg.res)
	if !msg.res.Accepted {
		m.composer.restore(msg.out.text)
	}
}

// chimeOutcome words what the room did with a chime.
func chimeOutcome(r *client.ChimeResult) string {
	switch {
	case r == nil:
		return "chime sent"
	case !r.Accepted:
		reason := SanitizeLine(r.Reason)
		if reason == "" {
			reason = "the room takes no chimes now"
		}
		return "chime refused: " + reason
	case r.Status == "submitted":
		return "chime submitted: in at once (co-drive)"
	}
	return "chime sent: waiting for the driver"
}
