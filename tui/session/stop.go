package session

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// stopping is an abort this terminal sent: whether its run is still
// stopping, whether the host's events about the queue are still to be said,
// and the held follow-ups still to send again.
type stopping struct {
	Sent   bool     // an abort is on its way, or its run has not settled
	Watch  bool     // until a command is delivered after the abort: say what the host did with the queue
	ToSend []string // held follow-ups the person chose to send, still to send
}

// Abort stops the run under way, when this terminal drives, holding back
// the follow-ups it queued behind it (cancelled while still queued, so
// that no host runs them on its own, whichever way it treats a queue at an
// abort); once the abort is answered the person is asked whether they still
// go (AskHeld).
func (s *Session) Abort() (tea.Cmd, ui.Action) {
	if s == nil || s.state == nil || s.state.Run != client.RunRunning {
		return nil, nil
	}
	if s.cfg.UI.Watch || s.role == RoleWatch {
		return nil, ui.Note{Text: "you are watching: only the driver can abort"}
	}
	var held []string
	for _, q := range s.state.Queue {
		if q.Op != client.OpSteer && s.texts[q.CommandID] != "" && !s.cancelling[q.CommandID] {
			held = append(held, q.CommandID)
			s.cancelling[q.CommandID] = true // its cancel gives nothing back: the question does
		}
	}
	s.stop = stopping{Sent: true, Watch: true}
	note := "aborting…"
	if len(held) > 0 {
		note = "aborting; holding back " + followUps(len(held)) + " queued behind it…"
	}
	return abortRun(s.ctx, s.cfg.Client, s.gen, s.id, held), ui.Note{Text: note}
}

// followUps counts follow-ups in words.
func followUps(n int) string {
	if n == 1 {
		return "the follow-up"
	}
	return fmt.Sprintf("%d follow-ups", n)
}

// onAborted shows the abort's answer and asks what becomes of the
// follow-ups held back. The stream may have brought the run's settle
// first: then the abort is done, not on its way.
func (s *Session) onAborted(msg AbortedMsg) ui.Action {
	act := ui.Action(ui.Note{Text: "abort sent"})
	if s.state != nil && s.state.Run != client.RunRunning {
		act = ui.Note{Text: "the run was aborted"}
	}
	if msg.Err != nil {
		act = ui.Failed{Err: msg.Err}
	}
	var texts []string
	for _, id := range msg.Held {
		if t := s.texts[id]; t != "" {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		return act
	}
	return ui.Join(act, AskHeld{Gen: s.gen, Texts: texts})
}

// HeldBack puts the held follow-ups back in the composer.
func (s *Session) HeldBack(texts []string) ui.Action {
	return ui.Join(Restore{Text: strings.Join(texts, "\n\n")},
		ui.Note{Text: "the held " + plural(len(texts), "follow-up is", "follow-ups are") + " back in the composer: " +
			ui.KeyName(s.cfg.UI.Keys.Send) + " sends"})
}

// SendHeld sends the held follow-ups again, in order.
func (s *Session) SendHeld(texts []string) (tea.Cmd, ui.Action) {
	s.stop.ToSend = append([]string(nil), texts...)
	return s.sendNextHeld(SentMsg{Gen: s.gen})
}

// plural picks the words for one or for several.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sendNextHeld sends the next held follow-up the person chose to send,
// once the send before it (msg) settled; a refusal puts the rest back in
// the composer, after the refused one.
func (s *Session) sendNextHeld(msg SentMsg) (tea.Cmd, ui.Action) {
	if len(s.stop.ToSend) == 0 || s.sending {
		return nil, nil
	}
	if msg.Err != nil {
		act := Restore{Text: strings.Join(s.stop.ToSend, "\n\n")}
		s.stop.ToSend = nil
		return nil, act
	}
	text := s.stop.ToSend[0]
	s.stop.ToSend = s.stop.ToSend[1:]
	op := client.OpPrompt
	if s.state.Run == client.RunRunning || msg.Out.RequestID != "" {
		op = client.OpFollowUp // behind the one just sent
	}
	s.sending = true
	out := s.newOutgoing(op, text)
	s.outbound = &out
	return s.post(out), ui.Note{Text: "sending the held " + ui.OpWord(op) + "…"}
}

// afterAbort follows an abort this terminal sent: the run settled, it is
// no longer stopping; a queued command that was not held back is cancelled
// by the host with the abort, or delivered next: the status line says
// which, from the host's events.
func (s *Session) afterAbort(ev client.Event) ui.Action {
	var v client.CommandValue
	var act ui.Action
	switch {
	case ev.Type == client.EvRunSettled:
		s.stop.Sent = false
	case !s.stop.Watch || ev.Decode(&v) != nil || s.texts[v.CommandID] != "" || s.cancelling[v.CommandID]:
	case ev.Type == client.EvCommandCancelled:
		act = ui.Note{Text: "the host cancelled a queued command with the abort"}
	case ev.Type == client.EvCommandDelivered:
		act = ui.Note{Text: "the host kept the queue after the abort: the next queued command runs now"}
		s.stop.Watch = false
	}
	if ev.Type == client.EvCommandDelivered {
		s.stop.Watch = false
	}
	return act
}
