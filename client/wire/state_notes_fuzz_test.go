package wire_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// FuzzFoldNotices feeds arbitrary bytes as a session's past events, one
// frame per line, to Notes, and folds the notices into a state made from a
// snapshot: nothing panics, the snapshot's entries keep their order, only
// notices are added, and the state still finds each entry by its id (a
// repeated message updates in place).
func FuzzFoldNotices(f *testing.F) {
	f.Add([]byte(`{"type":"message.completed","seq":1,"value":{"entryId":"e1","role":"user","text":"hello"}}` + "\n" +
		`{"type":"run.settled","seq":2,"value":{"aborted":true,"reason":"user"}}` + "\n" +
		`{"type":"message.completed","seq":3,"value":{"entryId":"e4","role":"assistant","text":"Found three."}}` + "\n" +
		`{"type":"lease.revoked","seq":4,"value":{"clientId":"c1","by":"c2","reason":"takeover"}}`))
	f.Add([]byte(`{"type":"run.error","seq":1,"value":{"message":"boom"}}` + "\n" +
		`{"type":"session.forked","seq":2,"value":{"sessionId":"s9"}}` + "\n" +
		`{"type":"message.completed","seq":3,"value":{"entryId":"nowhere","role":"user","text":"x"}}` + "\n" +
		`{"type":"budget.exceeded","seq":4,"value":{"reason":"turns"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		snap := stSnapshot()
		n := wire.NewNotes(stMe(), snap.Cursor)
		for _, line := range bytes.Split(data, []byte("\n")) {
			var ev wire.Event
			if json.Unmarshal(line, &ev) == nil {
				n.Apply(ev)
			}
		}
		s := wire.NewState(stMe(), snap)
		before := append([]wire.Entry(nil), s.Entries...)
		s.FoldNotices(n.Placed())
		k := 0
		for _, e := range s.Entries {
			if k < len(before) && e.EntryID == before[k].EntryID && e.Kind == before[k].Kind && e.Text == before[k].Text {
				k++
				continue
			}
			if e.Kind != wire.EntryNotice {
				t.Fatalf("folding added a %s entry: %+v", e.Kind, e)
			}
		}
		if k != len(before) {
			t.Fatalf("the snapshot's entries lost their order: %d of %d found", k, len(before))
		}
		size := len(s.Entries)
		for i, id := range []string{"e1", "e2", "e4"} {
			v := fmt.Sprintf(`{"entryId":%q,"role":"assistant","text":"again %d"}`, id, i)
			s.Apply(stEvent(t, s.Cursor+1, 30, wire.EvMessageCompleted, v))
		}
		if len(s.Entries) != size {
			t.Fatalf("a repeated message was appended, not updated in place: %d -> %d entries", size, len(s.Entries))
		}
	})
}
