package wire_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestToolCallArguments reads a tool call's arguments as text: an object
// compact, a string as it is, none as "", and a long one cut to
// MaxToolText bytes on a rune boundary.
func TestToolCallArguments(t *testing.T) {
	long := `{"text":"` + strings.Repeat("é", wire.MaxToolText) + `"}`
	for _, tc := range []struct{ name, in, want string }{
		{"object", `{"id":"t1","name":"n","arguments":{ "query" : "cows",  "limit": 5 }}`, `{"query":"cows","limit":5}`},
		{"string", `{"id":"t1","name":"n","arguments":"{\"q\":1}"}`, `{"q":1}`},
		{"null", `{"id":"t1","name":"n","arguments":null}`, ""},
		{"none", `{"id":"t1","name":"n"}`, ""},
		{"long", `{"id":"t1","name":"n","arguments":` + long + `}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c wire.ToolCall
			if err := json.Unmarshal([]byte(tc.in), &c); err != nil || c.ID != "t1" || c.Name != "n" {
				t.Fatalf("%+v, %v", c, err)
			}
			if tc.name == "long" {
				if len(c.Arguments) > wire.MaxToolText || !strings.HasSuffix(c.Arguments, "é…") || !utf8.ValidString(c.Arguments) {
					t.Errorf("a long argument kept %d bytes, ending %q", len(c.Arguments), c.Arguments[len(c.Arguments)-8:])
				}
				return
			}
			if c.Arguments != tc.want {
				t.Errorf("arguments %q, want %q", c.Arguments, tc.want)
			}
		})
	}
	var c wire.ToolCall
	if err := json.Unmarshal([]byte(`{"id":5}`), &c); err == nil {
		t.Error("a tool call of the wrong shape decoded")
	}
}

// TestToolChipKeepsCall: a live chip takes its arguments from its
// assistant message (before or after it) or from tool.started's args, and
// its result from the tool result message, cut to MaxToolText bytes.
func TestToolChipKeepsCall(t *testing.T) {
	big := strings.Repeat("x", 3*wire.MaxToolText)
	chip := func(s *wire.State, id string) wire.Entry {
		for _, e := range s.Entries {
			if e.Kind == wire.EntryTool && e.ToolCallID == id {
				return e
			}
		}
		t.Fatalf("no chip for %s in %+v", id, s.Entries)
		return wire.Entry{}
	}
	s := wire.NewState(stMe(), nil)
	for _, ev := range []wire.Event{
		stEvent(t, 1, 1, wire.EvMessageCompleted, `{"entryId":"e1","role":"assistant","text":"Looking.","toolCalls":[{"id":"t1","name":"search","arguments":{"query":"cows"}}]}`),
		stEvent(t, 2, 2, wire.EvToolStarted, `{"toolCallId":"t1","toolName":"search"}`),
		stEvent(t, 3, 3, wire.EvToolResult, `{"toolCallId":"t1","toolName":"search","isError":false}`),
		stEvent(t, 4, 3, wire.EvMessageCompleted, `{"entryId":"e2","role":"toolResult","toolName":"search","text":"`+big+`"}`),
		stEvent(t, 5, 4, wire.EvToolStarted, `{"toolCallId":"t2","toolName":"read","args":{"documentId":"d1"}}`),
		stEvent(t, 6, 5, wire.EvToolStarted, `{"toolCallId":"t3","toolName":"write"}`),
		stEvent(t, 7, 6, wire.EvMessageCompleted, `{"entryId":"e3","role":"assistant","text":"","toolCalls":[{"id":"t3","name":"write","arguments":{"body":"hi"}}]}`),
	} {
		s.Apply(ev)
	}
	if e := chip(s, "t1"); e.ToolArgs != `{"query":"cows"}` || len(e.Text) > wire.MaxToolText || !strings.HasPrefix(e.Text, "xxx") {
		t.Errorf("t1 keeps args %q and %d bytes of result", e.ToolArgs, len(e.Text))
	}
	if e := chip(s, "t2"); e.ToolArgs != `{"documentId":"d1"}` {
		t.Errorf("t2 (args on tool.started) keeps %q", e.ToolArgs)
	}
	if e := chip(s, "t3"); e.ToolArgs != `{"body":"hi"}` {
		t.Errorf("t3 (its message after it) keeps %q", e.ToolArgs)
	}
}

// TestToolChipFromSnapshot: a reopened session's chips keep their call's
// arguments and result, cut alike, eager and lazy.
func TestToolChipFromSnapshot(t *testing.T) {
	snap := stSnapshot()
	snap.Transcript = []wire.TranscriptItem{
		{EntryID: "e1", Role: "user", Text: "find cows"},
		{EntryID: "e2", Role: "assistant", Text: "Looking.", ToolCalls: []wire.ToolCall{{ID: "t1", Name: "search", Arguments: `{"query":"cows"}`}}},
		{EntryID: "e3", Role: "toolResult", ToolName: "search", Text: "2 cows\n" + strings.Repeat("y", 2*wire.MaxToolText)},
	}
	data, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	eager, _ := foldBoth(t, data)
	for _, e := range eager.Entries {
		if e.Kind != wire.EntryTool {
			continue
		}
		if e.ToolArgs != `{"query":"cows"}` || !strings.HasPrefix(e.Text, "2 cows\n") || len(e.Text) > wire.MaxToolText {
			t.Errorf("the chip keeps args %q and %d bytes of result", e.ToolArgs, len(e.Text))
		}
		return
	}
	t.Fatalf("no chip in %+v", eager.Entries)
}
