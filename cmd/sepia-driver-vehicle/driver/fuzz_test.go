package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzHandleLine feeds arbitrary lines to the line handler: it must never
// panic, and must answer with nothing or one line of JSON that is an answer
// object (or, for a batch, an array of them).
func FuzzHandleLine(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"driver.manifest","params":{}}`,
		`{"jsonrpc":"2.0","id":"h","method":"session.history","params":{"id":"s1","limit":2,"before":"s1-e3"}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"session.get","params":{"id":"s2"}},{"jsonrpc":"2.0","method":"session.list"}]`,
		`{"jsonrpc":"2.0","id":2,"method":"session.rename","params":{"id":"s1","title":null}}`,
		`[]`, `[1]`, `{`, `null`, ` `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		checkLine(t, line, fakeServer(newFakeStore(5)).HandleLine(context.Background(), line))
		// Tight limits, so that short lines reach the batch and answer cuts.
		st := newFakeStore(5)
		tight := New(Options{MaxBatchEntries: 3, MaxAnswerBytes: 700, Resolver: func(context.Context) (Store, error) { return st, nil }})
		out := tight.HandleLine(context.Background(), line)
		checkLine(t, line, out)
		var answers []json.RawMessage
		if json.Unmarshal(out, &answers) == nil && len(answers) > 3 {
			t.Fatalf("%d answers to a batch of at most 3 members", len(answers))
		}
	})
}

// checkLine fails unless out is nothing or one line of JSON holding an
// answer object or a non-empty array of them.
func checkLine(t *testing.T, line, out []byte) {
	t.Helper()
	if out == nil {
		return
	}
	if bytes.ContainsAny(out, "\n\r") || !utf8.Valid(out) {
		t.Fatalf("the answer is not one line of UTF-8: %q", out)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("the answer is not JSON: %v: %q", err, out)
	}
	answers, isBatch := v.([]any)
	if !isBatch {
		answers = []any{v}
	} else if len(answers) == 0 {
		t.Fatalf("an empty array was sent as an answer to %q", line)
	}
	for _, a := range answers {
		checkAnswer(t, a)
	}
}

// checkAnswer fails unless a is a JSON-RPC 2.0 answer object.
func checkAnswer(t *testing.T, a any) {
	obj, ok := a.(map[string]any)
	if !ok {
		t.Fatalf("an answer is not an object: %v", a)
	}
	_, hasResult := obj["result"]
	e, hasError := obj["error"]
	if _, hasID := obj["id"]; obj["jsonrpc"] != "2.0" || !hasID || hasResult == hasError {
		t.Fatalf("not an answer object: %v", obj)
	}
	if hasError {
		em, ok := e.(map[string]any)
		if _, isNum := em["code"].(float64); !ok || !isNum {
			t.Fatalf("the error has no numeric code: %v", obj)
		}
		if msg, _ := em["message"].(string); msg == "" {
			t.Fatalf("the error has no message: %v", obj)
		}
	}
}
