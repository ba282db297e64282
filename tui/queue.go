package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
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
func (m *Model) laneItems() (out []laneItem) {
	s := m.sess
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

// queueLines is the queue lane under the transcript: one line per waiting
// command, in at most limit lines.
func (m *Model) queueLines(limit int) []string {
	items := m.laneItems()
	if len(items) == 0 || limit <= 0 {
		return nil
	}
	s := m.sess
	focused := m.focus == focusQueue
	first := 0
	if focused && s.queueSel >= limit {
		first = s.queueSel - limit + 1
	}
	var out []string
	for i := first; i < len(items) && len(out) < limit; i++ {
		if len(out) == limit-1 && len(items)-i > 1 {
			out = append(out, m.st.Notice.Render(pad(fmt.Sprintf("  … and %d more queued", len(items)-i), m.width)))
			break
		}
		out = append(out, m.laneLine(items[i], focused && i == s.queueSel))
	}
	return out
}

// laneLine is one waiting command.
func (m *Model) laneLine(it laneItem, selected bool) string {
	what := "queued " + opWord(it.op)
	if it.op == client.OpSteer {
		what = "steer, after this turn"
	}
	text := SanitizeLine(it.text)
	if text == "" {
		text = SanitizeLine(it.commandID)
	}
	if it.cancelled || it.unconfirmed {
		what = "cancelled: " + keyName(m.keys.Send) + " sends again"
		if it.unconfirmed {
			what = "no answer yet: " + keyName(m.keys.Send) + " sends the same request again"
		}
		if selected {
			return m.st.Selected.Render(pad("▸ ✗ "+what+" · "+text, m.width))
		}
		return pad("  "+m.st.StatusError.Render("✗ "+what)+m.st.Time.Render(" · ")+m.st.Body.Render(text), m.width)
	}
	if selected {
		return m.st.Selected.Render(pad("▸ ⧗ "+what+" · "+text, m.width))
	}
	return pad("  "+m.st.StatusWarn.Render("⧗ "+what)+m.st.Time.Render(" · ")+m.st.Body.Render(text), m.width)
}

// opWord names a command's op for people.
func opWord(op string) string {
	switch op {
	case client.OpFollowUp:
		return "follow-up"
	case client.OpPrompt:
		return "prompt"
	}
	return SanitizeLine(op)
}

// queueKeys is the queue lane's key map.
type queueKeys struct{ k *KeyMap }

// ShortHelp lists the queue lane's keys.
func (q queueKeys) ShortHelp() []key.Binding {
	return []key.Binding{q.k.Up, q.k.Down, q.k.Send, q.k.CancelQueued, q.k.Back}
}

// FullHelp lists the queue lane's keys.
func (q queueKeys) FullHelp() [][]key.Binding { return [][]key.Binding{q.ShortHelp()} }

// onQueueKey handles a key in the queue lane; ok is false for a key it
// does not bind.
func (m *Model) onQueueKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := m.sess
	items := m.laneItems()
	switch {
	case key.Matches(msg, m.keys.Up):
		s.queueSel = max(s.queueSel-1, 0)
	case key.Matches(msg, m.keys.Down):
		s.queueSel = min(s.queueSel+1, max(len(items)-1, 0))
	case key.Matches(msg, m.keys.Send):
		if len(items) == 0 {
			return nil, true
		}
		if it := items[min(s.queueSel, len(items)-1)]; it.unconfirmed && !s.sending {
			return m.resend(s), true
		} else if !it.cancelled {
			return nil, true
		}
		return m.sendAgain(items[min(s.queueSel, len(items)-1)]), true
	case key.Matches(msg, m.keys.CancelQueued):
		if len(items) == 0 {
			return nil, true
		}
		it := items[min(s.queueSel, len(items)-1)]
		if it.cancelled || it.unconfirmed {
			m.forget(it) // drop it: it was cancelled already, or is the person's to drop
			m.acted()
			m.note = "dropped “" + clipRunes(SanitizeLine(it.text), 40) + "”"
			return nil, true
		}
		if !m.mayDriveRoom("cancel a queued command") {
			return nil, true
		}
		if !m.confirm(msg, "cancels the "+opWord(it.op)+" “"+clipRunes(SanitizeLine(it.text), 24)+"”") {
			return nil, true
		}
		m.acted()
		s.cancelling[it.commandID] = true
		m.note = "cancelling the " + opWord(it.op) + "…"
		return cancelQueued(s.ctx, m.cfg.Client, s.gen, s.id, it.commandID), true
	default:
		return nil, false
	}
	return nil, true
}

// onCancelled shows a cancel's outcome; the queue's event takes the item
// off the lane.
func (m *Model) onCancelled(msg cancelledMsg) {
	s := m.current(msg.gen)
	if s == nil {
		return
	}
	if m.failed(msg.err) {
		return
	}
	m.setErr(nil)
	m.note = "cancelled " + SanitizeLine(msg.commandID)
	if t := s.texts[msg.commandID]; t != "" {
		m.note = "cancelled “" + SanitizeLine(clipRunes(t, 40)) + "”"
	}
}

// clipRunes cuts s to n runes, with an ellipsis.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
