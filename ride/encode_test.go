package ride

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// FuzzAppendLine: a frame whose value is compact JSON, as a host sends it,
// encodes to the very bytes json.Marshal gives, on one line.
func FuzzAppendLine(f *testing.F) {
	for _, v := range []string{`{"session":{"sessionId":"s1","title":"a"}}`, `"x"`, `[1,2,{"a":null}]`,
		`{"text":"Vec<String> & co"}`, `{"t":"line\nbreak"}`, "{\"t\":\"\u2028\"}", `{"t":"é"}`, `0`} {
		f.Add(v, "r1", "")
	}
	f.Fuzz(func(t *testing.T, value, requestID, code string) {
		var compact bytes.Buffer
		if json.Compact(&compact, []byte(value)) != nil {
			return
		}
		fr := client.Frame{Protocol: client.Protocol, Type: client.TypeSessionSnapshot, RequestID: requestID,
			Code: code, Value: compact.Bytes()}
		got, err := appendLine(nil, fr)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(fr)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, append(want, '\n')) {
			t.Fatalf("appendLine\n %s\njson.Marshal\n %s", got, want)
		}
		if bytes.IndexByte(got, '\n') != len(got)-1 {
			t.Fatalf("not one line: %q", got)
		}
	})
}

// BenchmarkAppendLine compares the encoding of an inspect's answer with
// json.Marshal's.
func BenchmarkAppendLine(b *testing.B) {
	value := bytes.Repeat([]byte(`{"sessionId":"s1","title":"Welcome to vehicle","turns":2},`), 40)
	fr := client.Frame{Protocol: client.Protocol, Type: client.TypeSessionSnapshot, RequestID: "r1",
		Value: append(append([]byte(`[`), value...), `{}]`...)}
	b.Run("appendLine", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf, _ = appendLine(buf[:0], fr)
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(fr)
		}
	})
}
