package client

import (
	"encoding/json"
	"testing"
)

// deltaData is one message.delta as the host streams it.
var deltaData = []byte(`{"protocol":"sophia.vehicle-ride.v2","type":"message.delta","sessionId":"s-1a2b3c4d","value":{"runId":"run-7","messageId":"msg-42","delta":"the gate is open and we should check the fence before "}}`)

// TestDecodeEventLikeEncodingJSON: an event decodes as encoding/json
// decodes it, names in any case too, and its value does not alias the
// bytes it was read from (the reader reuses its buffer).
func TestDecodeEventLikeEncodingJSON(t *testing.T) {
	for _, data := range [][]byte{
		deltaData,
		[]byte(`{"protocol":"sophia.vehicle-ride.v2","type":"lease.claimed","seq":7,"at":"2026-12-07T04:00:00Z","sessionId":"s1","value":{"principal":"user:ada","clientId":"c1","expiresAt":"2026-12-07T04:05:00Z"}}`),
		[]byte(`{"Type":"run.settled","SEQ":9,"value":{"runId":"r","aborted":false}}`),
	} {
		var want Event
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		buf := append([]byte(nil), data...)
		got, ok := decodeEvent(buf)
		if !ok || got.Type != want.Type || got.Seq != want.Seq || got.At != want.At ||
			got.SessionID != want.SessionID || string(got.Value) != string(want.Value) {
			t.Fatalf("decodeEvent(%s) = %+v, %v; encoding/json: %+v", data, got, ok, want)
		}
		for i := range buf {
			buf[i] = 'x' // the reader's next read
		}
		if string(got.Value) != string(want.Value) {
			t.Errorf("the value changed with the buffer it was read from: %s", got.Value)
		}
	}
	for _, bad := range []string{``, `{`, `[]`, `{"type":""}`, `{"value":{}}`, `{"type":"x","value":{}`} {
		if ev, ok := decodeEvent([]byte(bad)); ok {
			t.Errorf("decodeEvent(%q) = %+v, want not an event", bad, ev)
		}
	}
}

// BenchmarkDecodeEvent is one delta decoded as the stream decodes it;
// BenchmarkDecodeEventEncodingJSON, the baseline in the same run, is
// encoding/json's Unmarshal, which the stream used before.
func BenchmarkDecodeEvent(b *testing.B) {
	for b.Loop() {
		if _, ok := decodeEvent(deltaData); !ok {
			b.Fatal("not an event")
		}
	}
}

func BenchmarkDecodeEventEncodingJSON(b *testing.B) {
	for b.Loop() {
		var ev Event
		if json.Unmarshal(deltaData, &ev) != nil {
			b.Fatal("not an event")
		}
	}
}
