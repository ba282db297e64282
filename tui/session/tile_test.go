package session

import (
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestThrottledTileDrawsARunsEndAtOnce: a tile without the focus draws its
// streamed tail at the shared tick, not at each batch of deltas, but the
// batch that ends the run is drawn as it comes: the completed reply, and
// the tail of a run that ended without one (aborted), rendered then, with
// nothing left for the tick.
func TestThrottledTileDrawsARunsEndAtOnce(t *testing.T) {
	t.Parallel()
	glance := Place{Me: ada, Throttled: true}
	delta := func(seq int64) client.Event {
		return event(t, seq, client.EvMessageDelta, map[string]string{"runId": "r1", "messageId": "m9", "delta": "more "}).Ev
	}
	for _, c := range []struct {
		name string
		end  []client.Event
	}{
		{"completed", []client.Event{
			event(t, 7, client.EvMessageCompleted, client.MessageValue{EntryID: "e9", MessageID: "m9", Role: "assistant", Text: "more more the end"}).Ev,
			event(t, 8, client.EvRunSettled, client.RunSettledValue{RunID: "r1"}).Ev}},
		{"aborted", []client.Event{
			event(t, 7, client.EvRunSettled, client.RunSettledValue{RunID: "r1", Aborted: true, Reason: "aborted"}).Ev}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, v, _ := offline(t)
			_, act := s.Update(EventsMsg{Gen: 1, Evs: []client.Event{delta(5)}}, glance) // the reply's entry appears
			if _, ok := uitest.Find[ArmFlush](act); !ok {
				t.Fatalf("no tick asked for the tail: %#v", act)
			}
			_, act = s.Update(EventsMsg{Gen: 1, Evs: []client.Event{delta(6)}}, glance)
			if _, ok := uitest.Find[Unchanged](act); !ok || v.flushed != 0 {
				t.Fatalf("a batch of deltas on a tile without the focus was drawn at once: %#v", act)
			}
			var end Msg = EventsMsg{Gen: 1, Evs: c.end} // a batch
			if len(c.end) == 1 {
				end = EventMsg{Gen: 1, Ev: c.end[0]} // an event alone
			}
			_, act = s.Update(end, glance)
			if _, ok := uitest.Find[Unchanged](act); ok {
				t.Fatalf("the run's end waits for the tile's tick: %#v", act)
			}
			if v.flushed != 1 || s.Flushes() {
				t.Errorf("the tail at the run's end: rendered %d times, still waiting %v", v.flushed, s.Flushes())
			}
			if flushed, _, _ := s.Flush(time.Now().Add(TileFlushEvery), true); flushed {
				t.Error("the tick after the run's end rendered again")
			}
		})
	}
}
