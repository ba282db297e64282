package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// maxEventsPerMsg bounds the events of one eventsMsg, so that keys still
// get in between the messages of a long replay.
const maxEventsPerMsg = 256

// nextEvents waits for the stream's next event, then takes every event that
// is already at hand, so that what arrives together enters the loop as one
// message. A run of message.deltas that comes within a flush interval of
// the last message waits a flush interval for more, and is drawn as it
// enters (onEvents): a streamed reply costs one message and one frame a
// flush interval, however many deltas it comes in, each delta is drawn at
// most a flush interval after it came (as the flush tick drew it), and the
// reader's goroutine hands nothing over while the deltas wait (the client
// keeps what it read). The first delta after a pause is drawn at once.
// A stream that paces its runs of deltas itself (client.Stream.SetDeltaPace,
// the focused session's, at the flush interval) is not held here: it reads
// a run once a flush interval, so the deltas wait in the network's buffers
// and the reader wakes once a flush interval, not at every delta, and what
// it hands over enters at once.
// Update re-issues the command after each message.
func nextEvents(s *client.Stream, gen int, p *session.Pacer) tea.Cmd {
	return func() tea.Msg {
		if !s.Next() {
			return session.StreamEndMsg{Gen: gen, Err: s.Err()}
		}
		evs := takeReady(s, []client.Event{s.Current()})
		if !s.PacesDeltas() && time.Since(p.Last) < p.Hold() && onlyDeltas(evs) {
			t := time.NewTimer(p.Hold())
			<-t.C
			evs = takeReady(s, evs)
		}
		p.Last = time.Now()
		if len(evs) == 1 && evs[0].Type != client.EvMessageDelta {
			return session.EventMsg{Gen: gen, Ev: evs[0]}
		}
		return session.EventsMsg{Gen: gen, Evs: evs}
	}
}

// takeReady appends the events already at hand, up to maxEventsPerMsg.
func takeReady(s *client.Stream, evs []client.Event) []client.Event {
	for len(evs) < maxEventsPerMsg && s.NextReady() {
		evs = append(evs, s.Current())
	}
	return evs
}

// onlyDeltas reports whether every event is a message.delta.
func onlyDeltas(evs []client.Event) bool {
	for _, ev := range evs {
		if ev.Type != client.EvMessageDelta {
			return false
		}
	}
	return true
}

// onEvents folds the events in order and reads the next; the screen is
// drawn again when any of them changed it. The focused session's deltas
// (the only one's, with one open) are drawn at once, with the spinner if it
// moved: its streaming text is rendered here, not at a flush tick (its folds
// arm none, see scheduleFlush), so a reply streaming in costs one message
// and one frame a flush interval. A tile without the focus keeps its slower
// flush tick (tileFlushEvery).
func (m *Model) onEvents(msg session.EventsMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil {
		m.dirty = false
		return nil
	}
	cmds := make([]tea.Cmd, 0, len(msg.Evs)+1)
	dirty, deltas := false, false
	if !m.throttled(s) {
		m.drawsNow = s
	}
	for _, ev := range msg.Evs {
		m.dirty = true
		cmds = append(cmds, m.fold(s, ev))
		deltas = deltas || ev.Type == client.EvMessageDelta
		dirty = dirty || m.dirty
	}
	m.drawsNow = nil
	if deltas && !m.throttled(s) {
		// An armed tick that finds nothing waiting draws nothing.
		s.Flushes = false
		dirty = viewOf(s).FlushStreams() || m.activity.Moved() || dirty
		s.Pace.Drawn = time.Now()
		if viewOf(s).StreamsBehind() { // no more deltas may come soon: a tick draws it
			cmds = append(cmds, m.scheduleFlush(s))
		}
	}
	m.dirty = dirty
	s.Pace.Every = m.cfg.FlushEvery
	return tea.Batch(append(cmds, nextEvents(s.Stream, s.Gen, &s.Pace))...)
}
