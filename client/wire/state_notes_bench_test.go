package wire_test

import (
	"fmt"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// BenchmarkNotesOnOpen is what a TUI does on open at its bound: 20,000
// events (10,000 messages, every tenth run aborted) folded into a scratch
// state, and the notices put in place in a state of the 10,000 messages.
func BenchmarkNotesOnOpen(b *testing.B) {
	const events = 20000
	var evs []wire.Event
	var items []wire.TranscriptItem
	for seq := int64(1); seq <= events; seq += 2 {
		id := fmt.Sprintf("e%d", seq)
		evs = append(evs, stEvent(b, seq, 1, wire.EvMessageCompleted,
			fmt.Sprintf(`{"entryId":%q,"role":"assistant","text":"a reply of some length, as replies are"}`, id)))
		items = append(items, wire.TranscriptItem{EntryID: id, Role: "assistant", Text: "a reply of some length, as replies are"})
		settled := `{"runId":"r","aborted":false}`
		if seq%20 == 1 {
			settled = `{"runId":"r","aborted":true,"reason":"user"}`
		}
		evs = append(evs, stEvent(b, seq+1, 1, wire.EvRunSettled, settled))
	}
	snap := &wire.Snapshot{Session: wire.Summary{SessionID: "s1"}, Cursor: events, Transcript: items}
	var placed []wire.PlacedNotice
	b.Run("collect", func(b *testing.B) { // off the UI's loop
		b.ReportAllocs()
		for b.Loop() {
			n := wire.NewNotes(stMe(), events)
			for _, ev := range evs {
				n.Apply(ev)
			}
			placed = n.Placed()
		}
	})
	b.Run("fold", func(b *testing.B) { // in Update
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			s := wire.NewState(stMe(), snap)
			b.StartTimer()
			s.FoldNotices(placed)
			if len(s.Entries) != len(items)+len(placed) || len(placed) != events/20 {
				b.Fatalf("%d entries, %d notices", len(s.Entries), len(placed))
			}
		}
	})
}
