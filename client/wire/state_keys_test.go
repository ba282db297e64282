package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// stShown is what an entry shows, without its version: the dump of its line
// with rev left out.
func stShown(e wire.Entry) string {
	e.Rev = 0
	return stEntry(e)
}

// checkVersions fails when an entry that was there before an Apply changed
// what it shows without a higher Rev, lost its key, or when two entries
// share a key.
func checkVersions(t *testing.T, step string, before, after []wire.Entry) {
	t.Helper()
	byKey := map[int64]wire.Entry{}
	for _, e := range after {
		if _, dup := byKey[e.Key]; dup {
			t.Fatalf("%s: two entries have key %d", step, e.Key)
		}
		byKey[e.Key] = e
	}
	for _, old := range before {
		now, ok := byKey[old.Key]
		if !ok {
			t.Fatalf("%s: the entry of key %d is gone: %s", step, old.Key, stEntry(old))
		}
		if stShown(now) != stShown(old) && now.Rev <= old.Rev {
			t.Fatalf("%s: an entry changed without a new version:\nbefore %s\nafter  %s", step, stEntry(old), stEntry(now))
		}
	}
}

// TestEntryVersionsBumpOnEveryChange folds every golden script an event at a
// time: an entry keeps its key, and what it shows never changes without its
// Rev growing (text appended, a stream replaced by its message, a tool's
// result, a failure, a stream ended).
func TestEntryVersionsBumpOnEveryChange(t *testing.T) {
	for name, sc := range stScripts() {
		t.Run(name, func(t *testing.T) {
			var snap *wire.Snapshot
			if sc.snap {
				snap = stSnapshot()
			}
			s := wire.NewState(stMe(), snap)
			for _, st := range sc.steps {
				before := append([]wire.Entry(nil), s.Entries...)
				s.Apply(stEvent(t, st.seq, st.sec, st.typ, st.value))
				checkVersions(t, st.typ, before, s.Entries)
			}
		})
	}
}

// TestEntryKeyOfAStreamedMessage: the entry a stream made keeps its key when
// message.completed replaces it, and its version moves at every delta.
func TestEntryKeyOfAStreamedMessage(t *testing.T) {
	s := wire.NewState(stMe(), stSnapshot())
	s.Apply(stDelta(t, "m1", "Hel"))
	e := s.Entries[len(s.Entries)-1]
	s.Apply(stDelta(t, "m1", "lo"))
	if got := s.Entries[len(s.Entries)-1]; got.Key != e.Key || got.Rev <= e.Rev {
		t.Fatalf("after a delta: key %d rev %d, was key %d rev %d", got.Key, got.Rev, e.Key, e.Rev)
	}
	e = s.Entries[len(s.Entries)-1]
	s.Apply(stEvent(t, 11, 11, wire.EvMessageCompleted,
		`{"entryId":"e9","messageId":"m1","role":"assistant","text":"Hello","timestamp":"2026-10-13T10:00:11Z"}`))
	got := s.Entries[len(s.Entries)-1]
	if got.Key != e.Key || got.Rev <= e.Rev || got.Streaming || got.EntryID != "e9" {
		t.Fatalf("completed: %s; the stream was %s", stEntry(got), stEntry(e))
	}
	if want := int64(len(stSnapshot().Transcript)) * wire.ItemKeys; e.Key != want {
		t.Fatalf("the first entry after the snapshot has key %d, want %d (counting on from its last item)", e.Key, want)
	}
}

// longSnapshot is a snapshot of n exchanges: a user turn, an assistant
// message with a tool call, its result, and a reply.
func longSnapshot(n int) *wire.Snapshot {
	snap := stSnapshot()
	snap.Transcript = nil
	for i := range n {
		id := "x" + itoa(i)
		snap.Transcript = append(snap.Transcript,
			wire.TranscriptItem{EntryID: id + "u", Role: "user", Text: "question " + itoa(i)},
			wire.TranscriptItem{EntryID: id + "a", Role: "assistant", Text: "looking",
				ToolCalls: []wire.ToolCall{{ID: id + "t", Name: "read"}, {ID: id + "t2", Name: "write"}}},
			wire.TranscriptItem{EntryID: id + "r", Role: "toolResult", ToolName: "read", Text: "found"},
			wire.TranscriptItem{EntryID: id + "b", Role: "assistant", Text: "answer " + itoa(i)})
	}
	return snap
}

// keysByEntry maps each entry id (or chip call id) to its entry's key.
func keysByEntry(t *testing.T, es []wire.Entry) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, e := range es {
		id := e.EntryID + "/" + e.ToolCallID
		if _, dup := out[id]; dup {
			t.Fatalf("two entries are %s", id)
		}
		out[id] = e.Key
	}
	return out
}

// TestEntryKeysAcrossLazyFolds: a lazy state gives the same items the same
// keys as an eager state of the same bytes, and folding earlier items in
// front changes no key; live entries count on from the snapshot's end alike
// in both, and notices folded in get keys of their own.
func TestEntryKeysAcrossLazyFolds(t *testing.T) {
	data, err := json.Marshal(longSnapshot(60))
	if err != nil {
		t.Fatal(err)
	}
	var snap wire.Snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatal(err)
	}
	eager, lazy := wire.NewState(stMe(), &snap), wire.NewStateLazy(stMe(), mustLazy(t, data))
	live := []wire.Event{
		stEvent(t, 11, 11, wire.EvRunStarted, `{"runId":"r9"}`),
		stEvent(t, 12, 12, wire.EvMessageCompleted, `{"entryId":"n1","role":"user","text":"more"}`),
		stEvent(t, 13, 13, wire.EvToolStarted, `{"toolCallId":"n1t","toolName":"read"}`),
	}
	for _, ev := range live {
		eager.Apply(ev)
		lazy.Apply(ev)
	}
	want := keysByEntry(t, eager.Entries)
	tail := keysByEntry(t, lazy.Entries)
	for lazy.Earlier() > 0 {
		before := append([]wire.Entry(nil), lazy.Entries...)
		lazy.FoldEarlier(23)
		checkVersions(t, "FoldEarlier", before, lazy.Entries)
	}
	got := keysByEntry(t, lazy.Entries)
	for id, k := range tail {
		if got[id] != k {
			t.Fatalf("%s: key %d before the folds, %d after", id, k, got[id])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("lazy state: %d entries, eager %d", len(got), len(want))
	}
	for id, k := range want {
		if got[id] != k {
			t.Fatalf("%s: lazy key %d, eager %d", id, got[id], k)
		}
	}
	n := notesWithAbort(t)
	before := append([]wire.Entry(nil), lazy.Entries...)
	if lazy.FoldNotices(n.Placed()) == 0 {
		t.Fatal("no notice folded")
	}
	checkVersions(t, "FoldNotices", before, lazy.Entries)
}

// notesWithAbort is the notices of a session whose first run was
// aborted after its first reply.
func notesWithAbort(t *testing.T) *wire.Notes {
	n := wire.NewNotes(stMe(), 3)
	n.Apply(stEvent(t, 1, 1, wire.EvMessageCompleted, `{"entryId":"x0b","role":"assistant","text":"answer 0"}`))
	n.Apply(stEvent(t, 2, 2, wire.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"budget"}`))
	n.Apply(stEvent(t, 3, 3, wire.EvRunSettled, `{"runId":"r2","aborted":true,"reason":"user"}`))
	return n
}
