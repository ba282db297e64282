package export_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/export"
)

// TestToolCallArguments: a call's arguments reach both forms: whole in
// JSONL (JSON kept as JSON, every string in it cleaned; cut text as a
// string), on one bounded line in Markdown; a call with none shows none.
func TestToolCallArguments(t *testing.T) {
	long := `{"query":"` + strings.Repeat("cows ", 100) + `"}`
	calls := []client.ToolCall{
		{ID: "t1", Name: "search_documents", Arguments: "{\"query\":\"red \x1b[31mcows\x1b[0m\",\"k\x07ey\":[1,2.50,true,null,{\"q\":\"\u202eevil\"}]}"},
		{ID: "t2", Name: "read_document", Arguments: "{\"documentId\":\"doc-1\"} plus text cut\x1b]52;c;aGk=\x07…"},
		{ID: "t3", Name: "list_documents"},
		{ID: "t4", Name: "search_documents", Arguments: long},
	}
	snap := &client.Snapshot{Session: client.Summary{SessionID: "s1"}, Transcript: []client.TranscriptItem{
		{EntryID: "e1", Role: "assistant", Text: "Looking.", ToolCalls: calls}}}

	var jl bytes.Buffer
	if err := export.Write(&jl, snap, export.JSONL); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(jl.String()), "\n")
	var raw struct {
		ToolCalls []map[string]json.RawMessage `json:"toolCalls"`
	}
	if err := json.Unmarshal([]byte(lines[1]), &raw); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"query":"red cows","key":[1,2.50,true,null,{"q":"evil"}]}`,
		`"{\"documentId\":\"doc-1\"} plus text cut…"`,
		``,
		long,
	}
	for i, w := range want {
		if got := string(raw.ToolCalls[i]["arguments"]); got != w {
			t.Errorf("JSONL call %d arguments %s, want %s", i+1, got, w)
		}
	}
	if strings.ContainsAny(jl.String(), "\x1b\x07") || strings.Contains(jl.String(), `\u001b`) {
		t.Errorf("an escape reached the JSONL:\n%q", jl.String())
	}

	var md bytes.Buffer
	if err := export.Write(&md, snap, export.Markdown); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	for _, line := range []string{
		"`⚙ search_documents` `{\"query\":\"red cows\",\"key\":[1,2.50,true,null,{\"q\":\"evil\"}]}`  ",
		"`⚙ read_document` `{\"documentId\":\"doc-1\"} plus text cut…`  ",
		"`⚙ list_documents`  ",
	} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("Markdown lacks the line %q:\n%s", line, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "`⚙ search_documents` `{\"query\":\"cows") && (len([]rune(l)) > 240 || !strings.HasSuffix(l, "…`")) {
			t.Errorf("long arguments not cut on their line: %q", l)
		}
	}
}
