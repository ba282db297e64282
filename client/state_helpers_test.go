package client_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// The helpers of client/wire's state tests that the lazy state's tests
// through a client and host (state_lazy_host_test.go,
// state_lazy_bench_test.go) use too: copies, as the two packages' tests
// cannot share files.

// stTS is the test clock's time sec seconds after 10:00 on 2026-10-13.
func stTS(sec int) time.Time {
	return time.Date(2026, 10, 13, 10, 0, 0, 0, time.UTC).Add(time.Duration(sec) * time.Second)
}

// stAt is stTS as an event's "at".
func stAt(sec int) string { return stTS(sec).Format(time.RFC3339) }

// stMe is the terminal of most tests: ada's client c1.
func stMe() client.Me { return client.Me{Principal: "user:ada", ClientID: "c1"} }

// stEvent builds an event frame of session s1 from its JSON text, the way a
// watch hands it over. value is raw JSON ("" for none).
func stEvent(t testing.TB, seq int64, sec int, typ, value string) client.Event {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, `{"protocol":%q,"type":%q`, client.Protocol, typ)
	if seq > 0 {
		fmt.Fprintf(&b, `,"seq":%d,"at":%q`, seq, stAt(sec))
	}
	b.WriteString(`,"sessionId":"s1"`)
	if value != "" {
		b.WriteString(`,"value":` + value)
	}
	b.WriteString("}")
	var ev client.Event
	if err := json.Unmarshal([]byte(b.String()), &ev); err != nil {
		t.Fatalf("test frame %s does not parse: %v", b.String(), err)
	}
	return ev
}

// stSnapshot is a session at cursor 10: ada's client c1 holds the lease, one
// finished exchange with a tool call, one completed command.
func stSnapshot() *client.Snapshot {
	title := "Cows"
	ts := stTS
	return &client.Snapshot{
		Session: client.Summary{SessionID: "s1", GraphID: "demo", Title: &title, Preview: "hello",
			Profile: client.ProfileChat, Access: "writer", Funding: "member", Model: "m",
			Status: "idle", Body: "live", RoomPolicy: client.PolicySuggest,
			Lease:     &client.Lease{Principal: "user:ada", ClientID: "c1", ExpiresAt: ts(300)},
			Budget:    client.Budget{MaxTurns: 12, MaxCostUSD: 0.25},
			CreatedAt: ts(-60), UpdatedAt: ts(4)},
		Cursor:   10,
		Commands: []client.Command{{CommandID: "c0", RequestID: "c0", Op: "prompt", Status: client.StatusCompleted, Disposition: "started"}},
		Transcript: []client.TranscriptItem{
			{EntryID: "e1", Role: "user", Text: "hello", Timestamp: ts(1)},
			{EntryID: "e2", Role: "assistant", Text: "Looking.", ToolCalls: []client.ToolCall{{ID: "t1", Name: "search_documents"}}, Timestamp: ts(2)},
			{EntryID: "e3", Role: "toolResult", Text: "3 documents", ToolName: "search_documents", Timestamp: ts(3)},
			{EntryID: "e4", Role: "assistant", Text: "Found three.", Timestamp: ts(4)},
		},
		Mirror: client.Mirror{State: "written", DocumentID: "sophia-conversation-s1", Folder: "sophia-conversations"},
	}
}

// benchJSON marshals v.
func benchJSON(tb testing.TB, v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}
