package tui

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/session"
)

// benchReply is the 20 KB markdown reply scripts/quietbench streams.
func benchReply() string {
	return vehicletest.LongReply("That is the whole reply, all of it streamed.")
}

// streamBatches is a reply's deltas as the focused session's stream hands
// them to the loop: 2,000 deltas, six to a batch (a 60 ms flush interval at
// 100 deltas a second).
func streamBatches(m *Model, messageID string) []session.EventsMsg {
	pieces := vehicletest.Split(benchReply(), 2000)
	var out []session.EventsMsg
	for i := 0; i < len(pieces); i += 6 {
		var evs []client.Event
		for _, p := range pieces[i:min(i+6, len(pieces))] {
			evs = append(evs, delta(m, messageID, p).Ev)
		}
		out = append(out, session.EventsMsg{Gen: m.tiles.Gen(), Evs: evs})
	}
	return out
}

// BenchmarkStreamReply streams the 20 KB reply into an open session at
// 120x40, a batch of six deltas at a time, each batch drawn as the loop
// draws it (Update, then View), then its message.completed: what a streamed
// reply costs the model, the renderer's work on the frames aside. One
// iteration is one whole reply, each a new message of the same session.
func BenchmarkStreamReply(b *testing.B) {
	m := openBig(b, 20)
	text, _ := json.Marshal(benchReply())
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		id := fmt.Sprintf("m-bench-%d", i)
		batches := streamBatches(m, id)
		done := on(m, event(int64(100+i), client.EvMessageCompleted, fmt.Sprintf(
			`{"entryId":"e-bench-%d","messageId":%q,"role":"assistant","text":%s,"timestamp":"2026-10-14T09:31:00Z"}`, i, id, text)))
		b.StartTimer()
		for _, msg := range batches {
			m.Update(msg)
			m.View()
		}
		m.Update(done)
		m.View()
	}
}
