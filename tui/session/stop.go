package session

import (
	"fmt"
	"slices"
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
	Steers []string // this terminal's steers not yet delivered when the abort was sent
	Ask    *AskHeld // the question, waiting for the run to settle (whether each steer was delivered)
}

// Abort stops the run under way, when this terminal drives, holding back
// the follow-ups it queued behind it (cancelled while still queued, so
// that no host runs them on its own, whichever way it treats a queue at an
// abort); once the abort is answered the person is asked whether they still
// go (AskHeld). A steer of this terminal's the run had not taken in yet is
// in the question too, once the run settled without delivering it: its
// text is never left only in the history.
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
	s.stop = stopping{Sent: true, Watch: true, Steers: s.waitingSteers()}
	for _, id := range s.stop.Steers {
		s.cancelling[id] = true // its end gives nothing back: the question does
	}
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
	settled := s.state != nil && s.state.Run != client.RunRunning
	act := ui.Action(ui.Note{Text: "abort sent"})
	if settled {
		act = ui.Note{Text: "the run was aborted"}
	}
	if msg.Err != nil {
		act = ui.Failed{Err: msg.Err}
		for _, id := range s.stop.Steers {
			delete(s.cancelling, id) // the run goes on: they are still to be delivered
		}
		s.stop.Steers = nil
	}
	ask := AskHeld{Gen: s.gen}
	for _, id := range msg.Held {
		if t := s.texts[id]; t != "" {
			ask.Texts = append(ask.Texts, t)
		}
	}
	if !settled && len(s.stop.Steers) > 0 {
		s.stop.Ask = &ask // asked once the run settled: a steer may still be delivered before it ends
		return act
	}
	return ui.Join(act, s.asking(ask))
}

// asking is the question about what the abort held back, with the steers
// the run ended without delivering; nil when nothing was held back.
func (s *Session) asking(ask AskHeld) ui.Action {
	for _, id := range s.stop.Steers {
		if t := s.texts[id]; t != "" {
			ask.Steers = append(ask.Steers, t)
		}
	}
	s.stop.Steers, s.stop.Ask = nil, nil
	if len(ask.Texts) == 0 && len(ask.Steers) == 0 {
		return nil
	}
	return ask
}

// waitingSteers is this terminal's steers the run has not taken in yet:
// the lane's, and those the host took whose events the stream has not
// brought yet (an abort right after the steer).
func (s *Session) waitingSteers() []string {
	s.pruneSteers()
	ids := slices.Clone(s.steers)
	for _, it := range s.LaneItems() {
		if it.Op == client.OpSteer && !it.Cancelled && !it.Unconfirmed && s.texts[it.CommandID] != "" &&
			!slices.Contains(ids, it.CommandID) {
			ids = append(ids, it.CommandID)
		}
	}
	return ids
}

// sentSteer keeps a steer the host took (its command id) until the run
// takes it in or ends.
func (s *Session) sentSteer(requestID string, acc *client.Accepted) {
	id := requestID
	if acc != nil && acc.CommandID != "" {
		id = acc.CommandID
	}
	s.pruneSteers()
	s.steers = append(s.steers, id)
}

// pruneSteers forgets the steers the run took in or that ended.
func (s *Session) pruneSteers() {
	s.steers = slices.DeleteFunc(s.steers, func(id string) bool {
		for i := len(s.state.Commands) - 1; i >= 0; i-- {
			if c := s.state.Commands[i]; c.CommandID == id {
				return c.Status != client.StatusAccepted
			}
		}
		return false
	})
}

// HeldBack puts the held texts back in the composer: the steers the run
// did not take in (the first steers of texts), then the follow-ups.
func (s *Session) HeldBack(texts []string, steers int) ui.Action {
	what := "the held " + plural(len(texts), "follow-up is", "follow-ups are")
	if steers > 0 {
		what = "the steer and follow-ups held back are"
		switch {
		case len(texts) == 1:
			what = "the steer the run did not take in is"
		case steers == len(texts):
			what = "the steers the run did not take in are"
		}
	}
	return ui.Join(Restore{Text: strings.Join(texts, "\n\n")},
		ui.Note{Text: what + " back in the composer: " + ui.KeyName(s.cfg.UI.Keys.Send) + " sends"})
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
	act := s.steerDelivered(ev)
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

// steerDelivered follows the steers an abort may keep from being
// delivered: one delivered is out of the question; once the run settled,
// the question waiting for it is asked.
func (s *Session) steerDelivered(ev client.Event) ui.Action {
	var v client.CommandValue
	if ev.Type == client.EvCommandDelivered && len(s.stop.Steers) > 0 && ev.Decode(&v) == nil {
		s.stop.Steers = slices.DeleteFunc(s.stop.Steers, func(id string) bool { return id == v.CommandID })
	}
	if s.stop.Ask == nil || s.state.Run == client.RunRunning {
		return nil
	}
	return s.asking(*s.stop.Ask)
}
