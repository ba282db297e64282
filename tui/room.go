package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
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

// roomPane is the open session's room: the pending chimes, newest last,
// and the room's policy. It takes no room while no chime waits, unless it
// has the focus. Its actions act only on the chime marked on screen.
type roomPane struct {
	*common
	limit int    // the most lines it may take
	first int    // the first chime shown
	shown string // the chime id marked on screen as selected, "" when none
}

// SetSize gives the pane its width and the most lines it may take, and
// places the window of chimes so that the selected one shows.
func (r *roomPane) SetSize(width, limit int) {
	r.width, r.limit = width, limit
	r.first, r.shown = 0, ""
	s := r.sess
	if s == nil || s.state == nil || limit <= 0 {
		return
	}
	chimes := s.state.Chimes
	s.roomSel = min(max(s.roomSel, 0), max(len(chimes)-1, 0))
	sel := -1
	if r.focus == focusRoom {
		sel = s.roomSel
	}
	r.first = ui.Window(len(chimes), limit-1, sel)
	visible := limit - 1
	if r.first > 0 && limit > 2 {
		visible-- // the "… older" line
	}
	if sel >= r.first && sel < min(len(chimes), r.first+visible) {
		r.shown = chimes[sel].ChimeID
	}
}

// View draws the pane as SetSize placed it.
func (r *roomPane) View() string { return strings.Join(r.lines(), "\n") }

// lines is the pane's lines: a header and the chimes in the window.
func (r *roomPane) lines() []string {
	s := r.sess
	if s == nil || s.state == nil || r.limit <= 0 {
		return nil
	}
	chimes := s.state.Chimes
	focused := r.focus == focusRoom
	if len(chimes) == 0 && !focused {
		return nil
	}
	out := []string{r.header(len(chimes), focused)}
	if r.first > 0 && r.limit > 2 {
		out = append(out, r.Styles.Notice.Render(ui.Pad(fmt.Sprintf("  … %d older", r.first), r.width)))
	}
	for i := r.first; i < len(chimes) && len(out) < r.limit; i++ {
		if chimes[i].ChimeID == r.shown && focused {
			out = append(out, r.selectedChime(chimes[i], r.limit-len(out)-(len(chimes)-1-i))...)
			continue
		}
		out = append(out, r.chimeLine(chimes[i], false))
	}
	return out
}

// selectedChime is the selected chime, its text wrapped on up to three
// lines (within room) when it is longer than a line: the driver reads it
// whole before deciding.
func (r *roomPane) selectedChime(c client.Chime, room int) []string {
	head, text := "▸ "+r.chimeHead(c), ui.SanitizeLine(c.Text)
	if room <= 1 || xansi.StringWidth(head+"  "+text) <= r.width {
		return []string{r.chimeLine(c, true)}
	}
	out := []string{r.Styles.Selected.Render(ui.Pad(head, r.width))}
	w := max(r.width-4, 10)
	lines := ui.WrapPlain(text, w)
	rows := min(room-1, 3, len(lines))
	for k := 0; k < rows; k++ {
		l := lines[k]
		if k == rows-1 && rows < len(lines) {
			l = xansi.Truncate(l, w-2, "") + " …"
		}
		out = append(out, r.Styles.Selected.Render(ui.Pad("    "+l, r.width)))
	}
	return out
}

// chimeHead is a chime's author and time.
func (c *common) chimeHead(ch client.Chime) string {
	who := ui.SanitizeLine(ch.Author)
	if who == "" {
		who = "someone"
	}
	if ch.ReceivedAt.IsZero() {
		return who
	}
	return who + " · " + ch.ReceivedAt.In(c.cfg.Location).Format("15:04")
}

// header is the pane's first line: how many chimes wait, the policy, and
// what the keys do.
func (r *roomPane) header(n int, focused bool) string {
	s := r.sess
	head := "chimes"
	if n > 0 {
		head += fmt.Sprintf(" · %d pending", n)
	}
	head += " · room " + roomPolicy(s.state)
	k := &r.Keys
	var hint string
	switch {
	case r.cfg.Watch:
		hint = "the driver decides"
	case !r.driving(s):
		hint = "the driver decides · " + ui.KeyName(k.TakeOver) + " takes over"
	case focused && n > 0:
		hint = ui.FirstKey(k.Accept) + " accept · " + ui.KeyName(k.Reject) + " reject · " + ui.KeyName(k.Expand) + " read · " +
			ui.FirstKey(k.Policy) + " policy · " + ui.KeyName(k.Back) + " back"
	case focused:
		hint = ui.FirstKey(k.Policy) + " policy: " + policyMeaning(roomPolicy(s.state)) + " · " + ui.KeyName(k.Back) + " back"
	default:
		hint = ui.KeyName(k.Panes) + ", then " + ui.FirstKey(k.Accept) + " accept · " + ui.KeyName(k.Reject) + " reject"
	}
	line := r.Styles.AuthorLabel.Render("✉ "+head) + r.Styles.KeyDesc.Render(" · "+hint)
	return ui.Pad(line, r.width)
}

// chimeLine is one pending chime on one line: its author, when it came,
// its text.
func (r *roomPane) chimeLine(c client.Chime, selected bool) string {
	text := ui.SanitizeLine(c.Text)
	if selected {
		return r.Styles.Selected.Render(ui.Pad("▸ "+r.chimeHead(c)+"  "+text, r.width))
	}
	who, when, _ := strings.Cut(r.chimeHead(c), " · ")
	if when != "" {
		when = " · " + when
	}
	return ui.Pad("  "+r.Styles.AuthorLabel.Render(who)+r.Styles.Time.Render(when)+"  "+r.Styles.Body.Render(text), r.width)
}

// ShortHelp lists the room pane's keys.
func (r *roomPane) ShortHelp() []key.Binding {
	k := &r.Keys
	return []key.Binding{k.Up, k.Down, k.Accept, k.Reject, k.Expand, k.Policy, k.PolicyBack, k.Back}
}

// FullHelp lists the room pane's keys.
func (r *roomPane) FullHelp() [][]key.Binding { return [][]key.Binding{r.ShortHelp()} }

// Update handles the keys the pane binds and the answers of its commands;
// done reports that it acted, and the focus goes back to the composer.
func (r *roomPane) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return r.onKey(msg)
	case resolvedMsg:
		r.onResolved(msg)
	case policyMsg:
		r.onPolicy(msg)
	}
	return nil, false
}

// onKey handles a key of the pane's key map.
func (r *roomPane) onKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := r.sess
	if s == nil || s.state == nil {
		return nil, false
	}
	chimes := s.state.Chimes
	switch {
	case key.Matches(msg, r.Keys.Up):
		s.roomSel = max(s.roomSel-1, 0)
	case key.Matches(msg, r.Keys.Down):
		s.roomSel = min(s.roomSel+1, max(len(chimes)-1, 0))
	case key.Matches(msg, r.Keys.Accept, r.Keys.Reject):
		return r.resolveSelected(msg)
	case key.Matches(msg, r.Keys.Expand):
		if len(chimes) > 0 && chimes[min(s.roomSel, len(chimes)-1)].ChimeID == r.shown {
			c := chimes[min(s.roomSel, len(chimes)-1)]
			r.push(dialog.NewReading(&r.Context, "Chime from "+ui.SanitizeLine(r.chimeHead(c)), ui.Sanitize(c.Text)))
		}
	case key.Matches(msg, r.Keys.Policy, r.Keys.PolicyBack):
		return r.stepPolicy(msg)
	}
	return nil, false
}

// stepPolicy sets the room's next policy (or the one before), once
// confirmed.
func (r *roomPane) stepPolicy(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := r.sess
	if !r.mayDriveRoom("set the room's policy") {
		return nil, false
	}
	d := 1
	if key.Matches(msg, r.Keys.PolicyBack) {
		d = -1
	}
	p := nextPolicy(roomPolicy(s.state), d)
	if !r.confirm(msg, "sets the room to "+p+": "+policyMeaning(p)) {
		return nil, false
	}
	r.note = "setting the room to " + p + "…"
	return setPolicy(s.ctx, r.cfg.Client, s.gen, s.id, p), true
}

// resolveSelected accepts or rejects the selected chime, once confirmed.
func (r *roomPane) resolveSelected(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := r.sess
	chimes := s.state.Chimes
	if len(chimes) == 0 {
		r.note = "no chime waits"
		return nil, false
	}
	if !r.mayDriveRoom("accept or reject a chime") {
		return nil, false
	}
	c := chimes[min(s.roomSel, len(chimes)-1)]
	if c.ChimeID != r.shown {
		r.note = "the selected chime is not on screen: " + ui.KeyName(r.Keys.Up) + ui.KeyName(r.Keys.Down) + " brings it back"
		return nil, false
	}
	accept := key.Matches(msg, r.Keys.Accept)
	verb := "reject"
	if accept {
		verb = "accept"
	}
	if !r.confirm(msg, verb+"s "+chimeName(c)) {
		return nil, false
	}
	r.note = verb + "ing " + chimeName(c) + "…"
	return resolveChime(s.ctx, r.cfg.Client, s.gen, s.id, c, accept), true
}

// chimeName names a chime for notes: its author and its first words.
func chimeName(c client.Chime) string {
	return possessive(c.Author) + " chime “" + ui.ClipRunes(ui.SanitizeLine(c.Text), 24) + "”"
}

// mayDriveRoom reports whether this terminal drives, and says why not.
func (c *common) mayDriveRoom(what string) bool {
	switch {
	case c.cfg.Watch:
		c.note = "watching read-only: only the driver may " + what
		return false
	case !c.driving(c.sess):
		c.note = "only the driver may " + what + ": " + ui.KeyName(c.Keys.TakeOver) + " takes over"
		return false
	}
	return true
}

// possessive is a collaborator's name with 's, for notes.
func possessive(author string) string {
	a := ui.SanitizeLine(author)
	if a == "" {
		return "the"
	}
	if strings.HasSuffix(a, "s") {
		return a + "'"
	}
	return a + "'s"
}

// onResolved shows what became of an accept or a reject.
func (r *roomPane) onResolved(msg resolvedMsg) {
	if r.current(msg.gen) == nil {
		return
	}
	if r.failed(msg.err) {
		return
	}
	r.setErr(nil)
	if msg.accept {
		r.note = "accepted " + possessive(msg.chime.Author) + " chime"
		return
	}
	r.note = "rejected " + possessive(msg.chime.Author) + " chime"
}

// onPolicy shows the room's new policy, or why it did not change.
func (r *roomPane) onPolicy(msg policyMsg) {
	if r.current(msg.gen) == nil {
		return
	}
	if r.failed(msg.err) {
		return
	}
	r.setErr(nil)
	r.note = "room " + ui.SanitizeLine(msg.policy) + ": " + policyMeaning(msg.policy)
}
