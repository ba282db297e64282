package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// CountEarlier counts the entries the items not folded yet make (a message
// each, a chip per tool call, results folded into their chips), without
// folding them, also while the state folds beside it.
func TestCountEarlierMatchesTheFold(t *testing.T) {
	t.Parallel()
	snap := stSnapshot()
	snap.Transcript = nil
	for i := range 5000 {
		it := wire.TranscriptItem{EntryID: "e" + itoa(i), Role: "assistant", Text: "reply " + itoa(i)}
		switch i % 7 {
		case 1:
			it.ToolCalls = []wire.ToolCall{{ID: "t" + itoa(i), Name: "read"}, {ID: "u" + itoa(i), Name: "write"}}
		case 2:
			it = wire.TranscriptItem{EntryID: "e" + itoa(i), Role: "toolResult", ToolName: "read", Text: "ok"}
		case 3:
			it = wire.TranscriptItem{EntryID: "e" + itoa(i), Role: "toolResult", ToolName: "none", Text: "alone"}
		}
		snap.Transcript = append(snap.Transcript, it)
	}
	data, _ := json.Marshal(snap)
	eager := wire.NewState(stMe(), snap)
	s := wire.NewStateLazy(stMe(), mustLazy(t, data))
	want := len(eager.Entries) - len(s.Entries)
	count := s.CountEarlier()
	done := make(chan int)
	go func() { done <- count() }()
	s.FoldEarlier(100) // the count reads only the bytes: folding beside it is safe
	if got := <-done; got != want {
		t.Fatalf("counted %d entries before the tail, want %d", got, want)
	}
	if n := s.CountEarlier()(); n != len(eager.Entries)-len(s.Entries) {
		t.Fatalf("after a fold, counted %d, want %d", n, len(eager.Entries)-len(s.Entries))
	}
	for s.Earlier() > 0 {
		s.FoldEarlier(1000)
	}
	if n := s.CountEarlier()(); n != 0 || len(s.Entries) != len(eager.Entries) {
		t.Fatalf("everything folded: counted %d, %d entries against %d", n, len(s.Entries), len(eager.Entries))
	}
}
