package vehicletest

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRequestBody feeds the host's request parser arbitrary bodies: it
// never panics, and a body it accepts has a canonical form that is a JSON
// object carrying the same requestId.
func FuzzRequestBody(f *testing.F) {
	for _, seed := range []string{
		`{"requestId":"r1","clientId":"c1","text":"hi"}`,
		`{"requestId":"r1","takeover":false}`,
		`{"requestId":1}`,
		`[1,2]`,
		`{"title":null,"requestId":"x"}`,
		`not json`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		rq := &request{w: httptest.NewRecorder(), r: httptest.NewRequest("POST", "/", nil)}
		rq.parse(raw)
		if rq.bodyErr != nil {
			if rq.bodyErr.Code == "" || rq.bodyErr.Message == "" || rq.bodyErr.Status < 400 {
				t.Fatalf("a refusal without code, message or status: %+v", rq.bodyErr)
			}
			return
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(rq.canonical), &m); err != nil {
			t.Fatalf("canonical form %q is not a JSON object: %v", rq.canonical, err)
		}
		if id, ok := m["requestId"].(string); ok && id != rq.requestID {
			t.Fatalf("requestId %q, canonical says %q", rq.requestID, id)
		}
	})
}

// FuzzStderrTail checks the tail of a body's stderr: a suffix of it, within
// the bound, valid UTF-8 when the stderr was, and all of a short stderr.
func FuzzStderrTail(f *testing.F) {
	f.Add("pi: loading\nFATAL: out of memory\n")
	f.Add(strings.Repeat("é", stderrTailBytes))
	f.Add(strings.Repeat("line\n", 1000))
	f.Fuzz(func(t *testing.T, stderr string) {
		tail := stderrTail(stderr)
		if !strings.HasSuffix(stderr, tail) || len(tail) > stderrTailBytes {
			t.Fatalf("tail of %d bytes is not a bounded suffix (%d bytes)", len(stderr), len(tail))
		}
		if len(stderr) <= stderrTailBytes && tail != stderr {
			t.Fatal("a short stderr was cut")
		}
		if utf8.ValidString(stderr) && !utf8.ValidString(tail) {
			t.Fatal("the tail cut a rune")
		}
		if len(stderr) > stderrTailBytes && tail == "" && strings.TrimRight(stderr[len(stderr)-stderrTailBytes:], "\n") != "" {
			t.Fatal("the tail of a long stderr is empty")
		}
	})
}
