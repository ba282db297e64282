package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// laneLook is how far back from the newest command the lane looks for
// steers waiting to be delivered.
const laneLook = 64

// laneItem is one command waiting behind the run: a queued follow_up (or
// prompt), or a steer not yet delivered.
type laneItem struct {
	commandID string
	op        string
	text      string // its text, when this terminal sent it
	cancelled bool   // the host cancelled it undelivered: enter sends it again
	// unconfirmed: its answer was lost; enter sends the same request again
	unconfirmed bool
}

// laneItems are the open session's waiting commands: pi's queue, then the
// steers waiting for the turn under way to end.
func (c *common) laneItems() (out []laneItem) {
	s := c.sess
	if s == nil || s.state == nil {
		return nil
	}
	seen := make(map[string]bool, len(s.state.Queue))
	for _, q := range s.state.Queue {
		seen[q.CommandID] = true
		out = append(out, laneItem{commandID: q.CommandID, op: q.Op, text: s.texts[q.CommandID]})
	}
	defer func() { out = append(append(out, s.returned...), s.unconfirmedItem()...) }()
	if s.state.Run != client.RunRunning {
		return out
	}
	cs := s.state.Commands
	var steers []laneItem
	for i := len(cs) - 1; i >= 0 && i >= len(cs)-laneLook; i-- { // steers wait among the latest commands
		if c := cs[i]; c.Op == client.OpSteer && c.Status == client.StatusAccepted && !seen[c.CommandID] {
			steers = append([]laneItem{{commandID: c.CommandID, op: c.Op, text: s.texts[c.CommandID]}}, steers...)
		}
	}
	return append(out, steers...)
}

// queuePane is the queue lane under the transcript: one line per waiting
// command, the person's cancelled and unconfirmed ones with them.
type queuePane struct {
	*common
	limit int // the most lines it may take
	first int // the first item shown
}

// SetSize gives the lane its width and the most lines it may take, and
// keeps the selected item in range and in view.
func (q *queuePane) SetSize(width, limit int) {
	q.width, q.limit, q.first = width, limit, 0
	s := q.sess
	if s == nil || s.state == nil {
		return
	}
	s.queueSel = min(max(s.queueSel, 0), max(len(q.laneItems())-1, 0))
	if q.focus == focusQueue && limit > 0 && s.queueSel >= limit {
		q.first = s.queueSel - limit + 1
	}
}

// View draws the lane as SetSize placed it.
func (q *queuePane) View() string { return strings.Join(q.lines(), "\n") }

// lines is the lane's lines, at most its limit.
func (q *queuePane) lines() []string {
	items := q.laneItems()
	if len(items) == 0 || q.limit <= 0 {
		return nil
	}
	focused := q.focus == focusQueue
	var out []string
	for i := q.first; i < len(items) && len(out) < q.limit; i++ {
		if len(out) == q.limit-1 && len(items)-i > 1 {
			out = append(out, q.Styles.Notice.Render(ui.Pad(fmt.Sprintf("  … and %d more queued", len(items)-i), q.width)))
			break
		}
		out = append(out, q.line(items[i], focused && i == q.sess.queueSel))
	}
	return out
}

// line is one waiting command.
func (q *queuePane) line(it laneItem, selected bool) string {
	what := "queued " + opWord(it.op)
	if it.op == client.OpSteer {
		what = "steer, after this turn"
	}
	text := ui.SanitizeLine(it.text)
	if text == "" {
		text = ui.SanitizeLine(it.commandID)
	}
	if it.cancelled || it.unconfirmed {
		what = "cancelled: " + ui.KeyName(q.Keys.Send) + " sends again"
		if it.unconfirmed {
			what = "no answer yet: " + ui.KeyName(q.Keys.Send) + " sends the same request again"
		}
		if selected {
			return q.Styles.Selected.Render(ui.Pad("▸ ✗ "+what+" · "+text, q.width))
		}
		return ui.Pad("  "+q.Styles.StatusError.Render("✗ "+what)+q.Styles.Time.Render(" · ")+q.Styles.Body.Render(text), q.width)
	}
	if selected {
		return q.Styles.Selected.Render(ui.Pad("▸ ⧗ "+what+" · "+text, q.width))
	}
	return ui.Pad("  "+q.Styles.StatusWarn.Render("⧗ "+what)+q.Styles.Time.Render(" · ")+q.Styles.Body.Render(text), q.width)
}

// opWord names a command's op for people.
func opWord(op string) string {
	switch op {
	case client.OpFollowUp:
		return "follow-up"
	case client.OpPrompt:
		return "prompt"
	}
	return ui.SanitizeLine(op)
}

// ShortHelp lists the queue lane's keys.
func (q *queuePane) ShortHelp() []key.Binding {
	return []key.Binding{q.Keys.Up, q.Keys.Down, q.Keys.Send, q.Keys.CancelQueued, q.Keys.Back}
}

// FullHelp lists the queue lane's keys.
func (q *queuePane) FullHelp() [][]key.Binding { return [][]key.Binding{q.ShortHelp()} }

// Update handles the keys the lane binds and the answers of its commands;
// done reports that it acted, and the focus goes back to the composer.
func (q *queuePane) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return q.onKey(msg)
	case cancelledMsg:
		q.onCancelled(msg)
	}
	return nil, false
}

// onKey handles a key of the lane's key map.
func (q *queuePane) onKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := q.sess
	if s == nil || s.state == nil {
		return nil, false
	}
	items := q.laneItems()
	switch {
	case key.Matches(msg, q.Keys.Up):
		s.queueSel = max(s.queueSel-1, 0)
	case key.Matches(msg, q.Keys.Down):
		s.queueSel = min(s.queueSel+1, max(len(items)-1, 0))
	case len(items) == 0:
	case key.Matches(msg, q.Keys.Send):
		if it := items[min(s.queueSel, len(items)-1)]; it.unconfirmed && !s.sending {
			return q.resend(s), false
		} else if it.cancelled {
			return q.sendAgain(it)
		}
	case key.Matches(msg, q.Keys.CancelQueued):
		return q.cancel(msg, items[min(s.queueSel, len(items)-1)])
	}
	return nil, false
}

// cancel drops a cancelled or unconfirmed item of the person's, or asks
// the host to cancel a queued command, once confirmed.
func (q *queuePane) cancel(msg tea.KeyPressMsg, it laneItem) (tea.Cmd, bool) {
	s := q.sess
	if it.cancelled || it.unconfirmed {
		q.forget(it) // drop it: it was cancelled already, or is the person's to drop
		q.note = "dropped “" + ui.ClipRunes(ui.SanitizeLine(it.text), 40) + "”"
		return nil, true
	}
	if !q.mayDriveRoom("cancel a queued command") {
		return nil, false
	}
	if !q.confirm(msg, "cancels the "+opWord(it.op)+" “"+ui.ClipRunes(ui.SanitizeLine(it.text), 24)+"”") {
		return nil, false
	}
	s.cancelling[it.commandID] = true
	q.note = "cancelling the " + opWord(it.op) + "…"
	return cancelQueued(s.ctx, q.cfg.Client, s.gen, s.id, it.commandID), true
}

// onCancelled shows a cancel's outcome; the queue's event takes the item
// off the lane.
func (q *queuePane) onCancelled(msg cancelledMsg) {
	s := q.current(msg.gen)
	if s == nil {
		return
	}
	if q.failed(msg.err) {
		return
	}
	q.setErr(nil)
	q.note = "cancelled " + ui.SanitizeLine(msg.commandID)
	if t := s.texts[msg.commandID]; t != "" {
		q.note = "cancelled “" + ui.SanitizeLine(ui.ClipRunes(t, 40)) + "”"
	}
}
