package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// maxEventsPerMsg bounds the events of one eventsMsg, so that keys still
// get in between the messages of a long replay.
const maxEventsPerMsg = 256

// frameEvery is the renderer's frame interval (60 frames a second): streamed
// deltas closer together than this are folded in one update.
const frameEvery = time.Second / 60

// eventsMsg is the events of the open session's stream that arrived
// together, in order.
type eventsMsg struct {
	gen int
	evs []client.Event
}

// pacer remembers when the stream last entered the loop. Only the chain of
// commands that reads the stream touches it, one command at a time.
type pacer struct{ last time.Time }

// nextEvents waits for the stream's next event, then takes every event that
// is already at hand, so that what arrives between two frames enters the
// loop as one message. A run of message.deltas that comes within a frame of
// the last message waits for the rest of that frame first: a delta is drawn
// at the next flush tick anyway, and a burst of deltas costs one update, not
// one each. Update re-issues the command after each message.
func nextEvents(s *client.Stream, gen int, p *pacer) tea.Cmd {
	return func() tea.Msg {
		if !s.Next() {
			return streamEndMsg{gen: gen, err: s.Err()}
		}
		evs := takeReady(s, []client.Event{s.Current()})
		if wait := frameEvery - time.Since(p.last); wait > 0 && onlyDeltas(evs) {
			t := time.NewTimer(wait)
			<-t.C
			evs = takeReady(s, evs)
		}
		p.last = time.Now()
		if len(evs) == 1 {
			return eventMsg{gen: gen, ev: evs[0]}
		}
		return eventsMsg{gen: gen, evs: evs}
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
// drawn again when any of them changed it.
func (m *Model) onEvents(msg eventsMsg) tea.Cmd {
	s := m.current(msg.gen)
	if s == nil || s.state == nil {
		m.dirty = false
		return nil
	}
	cmds := make([]tea.Cmd, 0, len(msg.evs)+1)
	dirty := false
	for _, ev := range msg.evs {
		m.dirty = true
		cmds = append(cmds, m.fold(s, ev))
		dirty = dirty || m.dirty
	}
	m.dirty = dirty
	return tea.Batch(append(cmds, nextEvents(s.stream, s.gen, &s.pace))...)
}
