package wire_test

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestFoldNotices: a state opened from a snapshot (messages only) gets the
// notices its events made, each after the message it followed; events after
// the snapshot's cursor are left to Apply.
func TestFoldNotices(t *testing.T) {
	evs := []wire.Event{
		stEvent(t, 1, 1, wire.EvMessageCompleted, `{"entryId":"e1","role":"user","text":"hi"}`),
		stEvent(t, 2, 2, wire.EvMessageCompleted, `{"entryId":"e2","role":"assistant","text":"hello"}`),
		stEvent(t, 3, 3, wire.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"budget"}`),
		stEvent(t, 4, 4, wire.EvMessageCompleted, `{"entryId":"e3","role":"user","text":"again"}`),
		stEvent(t, 5, 5, wire.EvLeaseRevoked, `{"clientId":"c1","by":"c2","reason":"takeover"}`),
		stEvent(t, 6, 6, wire.EvRunSettled, `{"runId":"r2","aborted":true,"reason":"later"}`),
	}
	snap := &wire.Snapshot{Session: wire.Summary{SessionID: "s1"}, Cursor: 5, Transcript: []wire.TranscriptItem{
		{EntryID: "e1", Role: "user", Text: "hi"}, {EntryID: "e2", Role: "assistant", Text: "hello"},
		{EntryID: "e3", Role: "user", Text: "again"}}}
	s := wire.NewState(stMe(), snap)
	n := wire.NewNotes(stMe(), snap.Cursor)
	done := false
	for _, ev := range evs {
		done = n.Apply(ev)
	}
	if !done {
		t.Fatal("the notes do not say the events up to the cursor are in")
	}
	if ch := s.FoldNotices(n.Placed()); !ch.Has(wire.ChangeTranscript) {
		t.Fatal("folding notices changed no transcript")
	}
	var got []string
	for _, e := range s.Entries {
		got = append(got, e.EntryID+e.Notice+e.Event+" "[:min(len(e.Subject), 1)]+e.Subject)
	}
	want := "e1|e2|run aborted: budget|e3|lease.revoked c2"
	if g := strings.Join(got, "|"); g != want {
		t.Fatalf("entries %s, want %s", g, want)
	}
	// The state's own indexes follow: a repeated message updates in place.
	s.Apply(stEvent(t, 6, 6, wire.EvMessageCompleted, `{"entryId":"e3","role":"user","text":"again, edited"}`))
	if s.Entries[3].Text != "again, edited" || len(s.Entries) != 5 {
		t.Fatalf("after folding, entry e3 is not found in place: %+v", s.Entries)
	}
}
