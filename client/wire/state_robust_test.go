package wire_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// stAllTypes is every event type of the seed, message.delta, and a few the
// reducer does not know.
func stAllTypes() []string {
	return append(docEventTypes(), "no.such.type", "lease", "command.", ".", "session.created.extra")
}

// stShownAnyway are the types shown as a notice (or a body state) whatever
// their value holds.
func stShownAnyway(typ string) bool {
	switch typ {
	case wire.EvSessionShutdown, wire.EvBodyNotice, wire.EvQueueStranded, wire.EvCompactionStarted,
		wire.EvCompactionEnded, wire.EvRetryStarted, wire.EvExtensionError, wire.EvAbortSlow,
		wire.EvSessionRevived:
		return true
	}
	return !slices.Contains(docEventTypes(), typ) // a type the seed does not list is said by its type
}

func TestStateRobustValues(t *testing.T) {
	wrongShapes := []string{`"text"`, `42`, `[1,2]`, `true`, `{"commandId":5,"clientId":[],"chimeId":{},"toolCallId":1,"runId":2,"title":3,"queue":"x","policy":1,"documentId":2,"trashedAs":3,"sessionId":4,"code":"one","messageId":5,"delta":6,"entryId":7,"role":8,"usage":"u","expiresAt":"soon",` +
		`"reason":1,"turns":"x","kind":1,"message":2,"author":3,"text":4,"by":5,"principal":6,"op":7,"status":8,"aborted":"no",` +
		`"isError":"no","toolName":9,"created":"no","signal":1,"tools":"x","parent":1,"timestamp":1}`}
	for _, typ := range stAllTypes() {
		for _, value := range append(wrongShapes, `null`, ``, `{}`) {
			s := wire.NewState(stMe(), stSnapshot())
			before := stDump(s)
			seq := int64(11)
			if typ == wire.EvMessageDelta {
				seq = 0
			}
			ch := s.Apply(stEvent(t, seq, 20, typ, value))
			if typ != wire.EvMessageDelta && s.Cursor != 11 {
				t.Errorf("%s %s: cursor %d, want 11", typ, value, s.Cursor)
			}
			wrong := value != `null` && value != `` && value != `{}`
			if wrong && !stShownAnyway(typ) && ch != 0 {
				t.Errorf("%s with value %s changed %v:\n--- before\n%s--- after\n%s", typ, value, ch, before, stDump(s))
			}
			if len(s.Entries) < 4 {
				t.Errorf("%s %s: entries shrank to %d", typ, value, len(s.Entries))
			}
		}
	}
}

func TestStateRobustOrder(t *testing.T) {
	claimed := `{"principal":"user:bo","clientId":"b1","expiresAt":"2026-10-13T10:05:00Z"}`
	t.Run("duplicate seq", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		if ch := s.Apply(stEvent(t, 10, 1, wire.EvLeaseClaimed, claimed)); ch != 0 {
			t.Fatalf("seq at the cursor changed %v", ch)
		}
		stWantLease(wire.LeaseMine, "c1")(t, s)
	})
	t.Run("out of order", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		s.Apply(stEvent(t, 15, 1, "no.such.type", `{}`))
		if ch := s.Apply(stEvent(t, 12, 1, wire.EvLeaseClaimed, claimed)); ch != 0 || s.Cursor != 15 {
			t.Fatalf("older seq changed %v, cursor %d", ch, s.Cursor)
		}
	})
	t.Run("a gap is fine", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		if ch := s.Apply(stEvent(t, 99, 1, wire.EvLeaseClaimed, claimed)); ch != wire.ChangeLease || s.Cursor != 99 {
			t.Fatalf("changed %v, cursor %d", ch, s.Cursor)
		}
	})
	t.Run("seq 0 is only for deltas", func(t *testing.T) {
		s := wire.NewState(stMe(), nil)
		if ch := s.Apply(stEvent(t, 0, 1, wire.EvLeaseClaimed, claimed)); ch != 0 {
			t.Fatalf("seq 0 changed %v", ch)
		}
	})
	t.Run("another session's events", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		ev := stEvent(t, 11, 1, wire.EvLeaseClaimed, claimed)
		ev.SessionID = "s2"
		if ch := s.Apply(ev); ch != 0 || s.Cursor != 10 {
			t.Fatalf("changed %v, cursor %d", ch, s.Cursor)
		}
	})
	t.Run("no type", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		if ch := s.Apply(wire.Event{Seq: 11}); ch != 0 {
			t.Fatalf("changed %v", ch)
		}
	})
	t.Run("the zero state", func(t *testing.T) {
		var s wire.State
		stApplyAll(&s, stDelta(t, "m1", "a"),
			stEvent(t, 1, 1, wire.EvMessageCompleted, `{"entryId":"e1","messageId":"m1","role":"assistant","text":"ab"}`),
			stEvent(t, 2, 1, wire.EvToolStarted, `{"toolCallId":"t1","toolName":"x"}`),
			stEvent(t, 3, 1, wire.EvMessageCompleted, `{"entryId":"e2","role":"toolResult","toolName":"x"}`),
			stEvent(t, 4, 1, wire.EvChimeReceived, `{"chimeId":"c","author":"Bo"}`))
		if len(s.Entries) != 2 || s.Entries[1].EntryID != "e2" || len(s.Chimes) != 1 {
			t.Fatalf("state:\n%s", stDump(&s))
		}
		if rel, _ := s.Lease(); rel != wire.LeaseNone || s.Title() != "" {
			t.Fatalf("lease %v title %q", rel, s.Title())
		}
	})
}

func TestChangeString(t *testing.T) {
	for _, c := range []struct {
		ch   wire.Change
		want string
	}{
		{0, "none"},
		{wire.ChangeTranscript | wire.ChangeRun, "transcript|run"},
		{wire.ChangeError | 1<<20, "error|0x100000"},
	} {
		if got := c.ch.String(); got != c.want {
			t.Errorf("%d.String() = %q, want %q", c.ch, got, c.want)
		}
	}
	if !(wire.ChangeLease | wire.ChangeQueue).Has(wire.ChangeQueue) || wire.ChangeLease.Has(wire.ChangeQueue) {
		t.Error("Has is wrong")
	}
	if wire.LeaseMyOtherClient.String() != "my-other-client" || wire.RunRunning.String() != "running" || wire.EntryTool.String() != "tool" {
		t.Error("names are wrong")
	}
}

// FuzzApply feeds arbitrary bytes as event frames, one per line, to a state
// made from a snapshot: Apply must not panic, the cursor must not go back
// and entries must not disappear.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"protocol":"sophia.vehicle-ride.v2","type":"lease.claimed","seq":11,"at":"2026-10-13T10:00:20Z","sessionId":"s1","value":{"principal":"user:ada","clientId":"c1","expiresAt":"2026-10-13T10:05:20Z"}}`))
	f.Add([]byte(`{"protocol":"sophia.vehicle-ride.v2","type":"message.delta","sessionId":"s1","value":{"runId":"r1","messageId":"m1","delta":"Hel"}}` + "\n" +
		`{"protocol":"sophia.vehicle-ride.v2","type":"message.completed","seq":12,"at":"2026-10-13T10:00:21Z","sessionId":"s1","value":{"entryId":"e9","messageId":"m1","role":"assistant","text":"Hello","toolCalls":[{"id":"t1","name":"x"}]}}`))
	f.Add([]byte(`{"type":"tool.result","seq":13,"value":{"toolCallId":"t1","isError":true}}`))
	f.Add([]byte(`{"type":"run.settled","seq":14,"value":{"aborted":true,"usage":{"turns":-1}}}`))
	f.Add([]byte(`{"type":"chime.received","seq":15,"value":null}`))
	f.Add([]byte(`{"type":"command.accepted","seq":11,"value":{"commandId":"k1","op":"prompt","status":"accepted"}}` + "\n" +
		`{"type":"command.delivered","seq":12,"value":{"commandId":"k1"}}` + "\n" +
		`{"type":"message.completed","seq":13,"value":{"entryId":"e9","role":"user","text":"hi"}}` + "\n" +
		`{"type":"command.failed","seq":14,"value":{"commandId":"k1","error":"no"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := wire.NewState(stMe(), stSnapshot())
		for _, line := range bytes.Split(data, []byte("\n")) {
			var ev wire.Event
			if json.Unmarshal(line, &ev) != nil {
				continue
			}
			cursor, entries := s.Cursor, len(s.Entries)
			s.Apply(ev)
			if s.Cursor < cursor || len(s.Entries) < entries {
				t.Fatalf("cursor %d -> %d, entries %d -> %d", cursor, s.Cursor, entries, len(s.Entries))
			}
			if ev.Type != wire.EvMessageDelta && s.Apply(ev) != 0 {
				t.Fatalf("the same %s applied twice changed the state again", ev.Type)
			}
			_, _ = s.Lease()
			_ = s.Title()
		}
	})
}

// docEventTypes are the event types of the seed's list, and message.delta
// (the list client's protocol_doc_test.go checks against the seed).
func docEventTypes() []string {
	return []string{
		wire.EvSessionCreated, wire.EvSessionRevived, wire.EvSessionShutdown, wire.EvSessionForked,
		wire.EvSessionCloned, wire.EvSessionRenamed, wire.EvSessionDeleted, wire.EvBodyMaterialized,
		wire.EvBodyDormant, wire.EvBodyExited, wire.EvBodyNotice, wire.EvLeaseClaimed,
		wire.EvLeaseRenewed, wire.EvLeaseReleased, wire.EvLeaseRevoked, wire.EvLeaseExpired,
		wire.EvCommandAccepted, wire.EvCommandDelivered, wire.EvCommandCompleted, wire.EvCommandAborted,
		wire.EvCommandFailed, wire.EvCommandCancelled, wire.EvCommandInterrupted, wire.EvRunStarted,
		wire.EvRunEnded, wire.EvRunSettled, wire.EvRunError, wire.EvMessageCompleted,
		wire.EvMessageDelta, wire.EvToolStarted, wire.EvToolResult, wire.EvQueueUpdated,
		wire.EvQueueStranded, wire.EvBudgetExceeded, wire.EvRoomPolicy, wire.EvChimeReceived,
		wire.EvChimeResolved, wire.EvCompactionStarted, wire.EvCompactionEnded, wire.EvRetryStarted,
		wire.EvExtensionError, wire.EvAbortSlow, wire.EvMirrorWritten, wire.EvMirrorFailed,
	}
}
