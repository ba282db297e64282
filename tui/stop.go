package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Stopping a run, and quitting. esc (and ctrl+c while a run is under way)
// aborts the run. The follow-ups this terminal queued behind it are held
// back first (cancelled while still queued, so that no host runs them on
// its own, whichever way it treats a queue at an abort), and once the abort
// is answered a question asks whether they still go: back in the composer
// (marked) or sent now, in order. What the host did with the other queued
// commands is said from its events. ctrl+c on an idle, empty composer asks
// for a second press, which quits within quitWindow.

// quitWindow is how soon a second ctrl+c must follow the first to quit.
const quitWindow = 3 * time.Second

// heldBack puts the held follow-ups back in the composer.
type heldBack struct {
	rootAct
	gen   int
	texts []string
}

// sendHeld sends the held follow-ups again, in order.
type sendHeld struct {
	rootAct
	gen   int
	texts []string
}

// onQuitKey answers ctrl+c: it closes the search bar; while a run this
// terminal drives is under way, it aborts it (as esc does); a draft is
// cleared into the history; on an idle, empty composer a first press asks
// for a second, which quits.
func (m *Model) onQuitKey() tea.Cmd {
	if top := m.top(); top != nil && top == m.quitAsk { // asked already: ctrl+c answers quit, keeping it
		return tea.Quit
	}
	if m.top() == nil && m.focus == focusSearch { // the search bar: ctrl+c closes it, as esc does
		m.transcript.Search().Close()
		m.focus = focusSession
		m.quitArmed = false
		m.note = "search closed"
		return nil
	}
	s := m.sess
	running := s != nil && s.State != nil && s.State.Run == client.RunRunning
	if running && m.top() == nil && !s.Stop.Sent && m.driving(s) && !m.cfg.Watch && m.focus != focusVisit {
		m.quitArmed = false
		cmd := m.abort()
		m.note = "stopping the run: " + ui.KeyName(m.Keys.Quit) + " does as " + ui.KeyName(m.Keys.Abort) + " does · " + m.note
		return cmd
	}
	composing := m.top() == nil && (m.focus == focusSession || m.focus == focusVisit) && !m.cfg.Watch
	if composing && !m.composer.Blank() {
		keep := m.remember(m.composer.Value())
		m.composer.SetValue("")
		m.quitArmed = false
		m.note = "draft cleared: " + ui.KeyName(m.Keys.Up) + " brings it back"
		return keep
	}
	now := m.cfg.Now()
	if m.quitArmed && now.Sub(m.quitAt) <= quitWindow {
		m.quitArmed = false
		if m.askQuit() {
			return nil
		}
		return tea.Quit
	}
	m.quitArmed, m.quitAt = true, now
	m.note = ui.KeyName(m.Keys.Quit) + " again quits"
	if running && s.Stop.Sent {
		m.note = "the run is still stopping: " + ui.KeyName(m.Keys.Quit) + " again quits anyway"
	}
	return nil
}

// abort stops the run under way, when this terminal drives, holding back
// the follow-ups it queued behind it.
func (m *Model) abort() tea.Cmd {
	s := m.sess
	if s == nil || s.State == nil || s.State.Run != client.RunRunning {
		return nil
	}
	if m.cfg.Watch || s.Role == session.RoleWatch {
		m.note = "you are watching: only the driver can abort"
		return nil
	}
	var held []string
	for _, q := range s.State.Queue {
		if q.Op != client.OpSteer && s.Texts[q.CommandID] != "" && !s.Cancelling[q.CommandID] {
			held = append(held, q.CommandID)
			s.Cancelling[q.CommandID] = true // its cancel gives nothing back: the question does
		}
	}
	s.Stop = session.Stopping{Sent: true, Watch: true}
	m.note = "aborting…"
	if len(held) > 0 {
		m.note = "aborting; holding back " + followUps(len(held)) + " queued behind it…"
	}
	return abortRun(s.Ctx, m.cfg.Client, s.Gen, s.ID, held)
}

// followUps counts follow-ups in words.
func followUps(n int) string {
	if n == 1 {
		return "the follow-up"
	}
	return fmt.Sprintf("%d follow-ups", n)
}

// abortRun cancels the held commands (each while still queued), then stops
// the run under way.
func abortRun(ctx context.Context, c *client.Client, gen int, id string, held []string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		var ok []string
		for _, cid := range held {
			if _, err := c.Cancel(ctx, id, cid); err == nil {
				ok = append(ok, cid)
			}
		}
		_, err := c.Abort(ctx, id)
		return session.AbortedMsg{Gen: gen, Err: err, Held: ok}
	}
}

// onAborted shows the abort's answer and asks what becomes of the
// follow-ups held back.
func (m *Model) onAborted(msg session.AbortedMsg) {
	s := m.current(msg.Gen)
	if s == nil {
		return
	}
	if msg.Err != nil {
		m.setErr(msg.Err)
	} else {
		m.note = "abort sent"
	}
	var texts []string
	for _, id := range msg.Held {
		if t := s.Texts[id]; t != "" {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		return
	}
	lines := make([]string, len(texts))
	for i, t := range texts {
		lines[i] = "  · " + ui.SanitizeLine(ui.ClipRunes(t, 60))
	}
	what := "The follow-up you queued behind it was held back, not sent:"
	ask, back, send := "Does it still go?", "no: back in the composer", "yes: send it now"
	if len(texts) > 1 {
		what = fmt.Sprintf("The %d follow-ups you queued behind it were held back, not sent:", len(texts))
		ask, send = "Do they still go?", "yes: send them now, in order"
	}
	m.push(dialog.NewChoice(&m.Context, "Run aborted", what+"\n"+strings.Join(lines, "\n")+"\n"+ask,
		[]dialog.Option{
			{Label: back, Act: heldBack{gen: s.Gen, texts: texts}},
			{Label: send, Act: sendHeld{gen: s.Gen, texts: texts}},
		}, 0, false))
}

// onHeldBack puts the held follow-ups back in the composer.
func (m *Model) onHeldBack(a heldBack) {
	if m.current(a.gen) == nil {
		return
	}
	m.composer.Restore(strings.Join(a.texts, "\n\n"))
	m.note = "the held " + plural(len(a.texts), "follow-up is", "follow-ups are") + " back in the composer: " +
		ui.KeyName(m.Keys.Send) + " sends"
}

// onSendHeld sends the held follow-ups again, in order.
func (m *Model) onSendHeld(a sendHeld) tea.Cmd {
	s := m.current(a.gen)
	if s == nil {
		return nil
	}
	s.Stop.ToSend = append([]string(nil), a.texts...)
	return m.sendNextHeld(session.SentMsg{Gen: a.gen})
}

// plural picks the words for one or for several.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sendNextHeld sends the next held follow-up the person chose to send,
// once the send before it settled (a refusal puts the rest back in the
// composer, after the refused one).
func (m *Model) sendNextHeld(msg session.SentMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil || len(s.Stop.ToSend) == 0 || s.Sending {
		return nil
	}
	if msg.Err != nil {
		m.composer.Restore(strings.Join(s.Stop.ToSend, "\n\n"))
		s.Stop.ToSend = nil
		return nil
	}
	text := s.Stop.ToSend[0]
	s.Stop.ToSend = s.Stop.ToSend[1:]
	op := client.OpPrompt
	if s.State.Run == client.RunRunning || msg.Out.RequestID != "" {
		op = client.OpFollowUp // behind the one just sent
	}
	rel, _ := s.State.LeaseAt(m.cfg.Now())
	s.Sending = true
	m.note = "sending the held " + panes.OpWord(op) + "…"
	out := m.newOutgoing(op, text)
	s.Outbound = &out
	return sendText(s.Ctx, m.cfg.Client, s.Gen, s.ID, out, rel != client.LeaseMine || s.Stale, m.cfg.ClaimTTL)
}

// afterAbort follows an abort this terminal sent: the run settled, it is
// no longer stopping; a queued command that was not held back is cancelled
// by the host with the abort, or delivered next: the status line says
// which, from the host's events.
func (m *Model) afterAbort(s *session.Session, ev client.Event) {
	var v client.CommandValue
	switch {
	case ev.Type == client.EvRunSettled:
		s.Stop.Sent = false
	case !s.Stop.Watch || ev.Decode(&v) != nil || s.Texts[v.CommandID] != "" || s.Cancelling[v.CommandID]:
	case ev.Type == client.EvCommandCancelled:
		m.note = "the host cancelled a queued command with the abort"
	case ev.Type == client.EvCommandDelivered:
		m.note = "the host kept the queue after the abort: the next queued command runs now"
		s.Stop.Watch = false
	}
	if ev.Type == client.EvCommandDelivered {
		s.Stop.Watch = false
	}
}
