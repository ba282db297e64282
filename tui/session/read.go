package session

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
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
// Update re-issues the command after each message; with no stream (a
// session folding events it was handed, in a test) there is none to read.
func nextEvents(s *client.Stream, gen int, p *pacer) tea.Cmd {
	if s == nil {
		return nil
	}
	return func() tea.Msg {
		if !s.Next() {
			return StreamEndMsg{Gen: gen, Err: s.Err()}
		}
		evs := takeReady(s, []client.Event{s.Current()})
		if !s.PacesDeltas() && time.Since(p.Last) < p.Hold() && onlyDeltas(evs) {
			t := time.NewTimer(p.Hold())
			<-t.C
			evs = takeReady(s, evs)
		}
		p.Last = time.Now()
		if len(evs) == 1 && evs[0].Type != client.EvMessageDelta {
			return EventMsg{Gen: gen, Ev: evs[0]}
		}
		return EventsMsg{Gen: gen, Evs: evs}
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
