// Package wiretest builds the protocol's values for tests: a session's
// snapshot and events of session s1 at a fixed clock, as the state tests of
// client/wire and the lazy state's tests of client (through a host) both
// fold them.
package wiretest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TS is the test clock's time sec seconds after 10:00 on 2026-10-13.
func TS(sec int) time.Time {
	return time.Date(2026, 10, 13, 10, 0, 0, 0, time.UTC).Add(time.Duration(sec) * time.Second)
}

// At is TS as an event's "at".
func At(sec int) string { return TS(sec).Format(time.RFC3339) }

// Me is the terminal of most tests: ada's client c1.
func Me() wire.Me { return wire.Me{Principal: "user:ada", ClientID: "c1"} }

// Event builds an event frame of session s1 from its JSON text, the way a
// watch hands it over; value is raw JSON ("" for none), seq 0 an ephemeral
// event (no seq, no at).
func Event(t testing.TB, seq int64, sec int, typ, value string) wire.Event {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, `{"protocol":%q,"type":%q`, wire.Protocol, typ)
	if seq > 0 {
		fmt.Fprintf(&b, `,"seq":%d,"at":%q`, seq, At(sec))
	}
	b.WriteString(`,"sessionId":"s1"`)
	if value != "" {
		b.WriteString(`,"value":` + value)
	}
	b.WriteString("}")
	var ev wire.Event
	if err := json.Unmarshal([]byte(b.String()), &ev); err != nil {
		t.Fatalf("test frame %s does not parse: %v", b.String(), err)
	}
	return ev
}

// Snapshot is a session at cursor 10: ada's client c1 holds the lease, one
// finished exchange with a tool call, one completed command.
func Snapshot() *wire.Snapshot {
	title := "Cows"
	return &wire.Snapshot{
		Session: wire.Summary{SessionID: "s1", GraphID: "demo", Title: &title, Preview: "hello",
			Profile: wire.ProfileChat, Access: "writer", Funding: "member", Model: "m",
			Status: "idle", Body: "live", RoomPolicy: wire.PolicySuggest,
			Lease:     &wire.Lease{Principal: "user:ada", ClientID: "c1", ExpiresAt: TS(300)},
			Budget:    wire.Budget{MaxTurns: 12, MaxCostUSD: 0.25},
			CreatedAt: TS(-60), UpdatedAt: TS(4)},
		Cursor:   10,
		Commands: []wire.Command{{CommandID: "c0", RequestID: "c0", Op: "prompt", Status: wire.StatusCompleted, Disposition: "started"}},
		Transcript: []wire.TranscriptItem{
			{EntryID: "e1", Role: "user", Text: "hello", Timestamp: TS(1)},
			{EntryID: "e2", Role: "assistant", Text: "Looking.", ToolCalls: []wire.ToolCall{{ID: "t1", Name: "search_documents"}}, Timestamp: TS(2)},
			{EntryID: "e3", Role: "toolResult", Text: "3 documents", ToolName: "search_documents", Timestamp: TS(3)},
			{EntryID: "e4", Role: "assistant", Text: "Found three.", Timestamp: TS(4)},
		},
		Mirror: wire.Mirror{State: "written", DocumentID: "sophia-conversation-s1", Folder: "sophia-conversations"},
	}
}

// JSON marshals v, failing tb when it cannot.
func JSON(tb testing.TB, v any) json.RawMessage {
	tb.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}
