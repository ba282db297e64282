package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
)

// FuzzParseAnswer feeds arbitrary bytes and statuses as a host's answer: the
// mapping never panics, and every answer is a frame or a typed error; an
// error frame comes back as both, the frame with the error's code.
func FuzzParseAnswer(f *testing.F) {
	f.Add(200, []byte(`{"protocol":"sophia.vehicle-ride.v2","type":"command.accepted","requestId":"r1","value":{"commandId":"r1"}}`))
	f.Add(409, []byte(`{"protocol":"sophia.vehicle-ride.v2","type":"error","code":"lease_held","message":"m","details":{"holder":null}}`))
	f.Add(502, []byte(`<html>bad gateway</html>`))
	f.Add(200, []byte(`{"kind":"member"}`))
	f.Add(204, []byte{})
	f.Add(500, []byte(`{"type":"error"}`))
	f.Fuzz(func(t *testing.T, status int, data []byte) {
		if status < 100 || status > 599 {
			return
		}
		fr, err := parseAnswer(call{method: "POST", url: "http://h/x", requestID: "r1"}, status, data)
		if fr == nil && err == nil {
			t.Fatal("neither a frame nor an error")
		}
		if fr != nil && err != nil && (fr.Type != TypeError || ErrorCode(err) == "") {
			t.Fatalf("frame %v with error %v: only a refusal comes with its frame", fr, err)
		}
		if err != nil {
			var e *Error
			var te *TransportError
			if !errors.As(err, &e) && !errors.As(err, &te) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			if e != nil && e.Code == "" {
				t.Fatalf("refusal without a code: %+v", e)
			}
		}
	})
}

// FuzzSSEBody feeds arbitrary bytes as an SSE response body through the
// stream's reader: it never panics, ends, and hands over only frames with a
// type.
func FuzzSSEBody(f *testing.F) {
	f.Add([]byte("id: 1\nevent: lease.claimed\ndata: {\"protocol\":\"sophia.vehicle-ride.v2\",\"type\":\"lease.claimed\",\"seq\":1,\"value\":{}}\n\n"))
	f.Add([]byte(": keepalive\n\nevent: message.delta\ndata: {\"type\":\"message.delta\",\"value\":{\"delta\":\"hi\"}}\n\n"))
	f.Add([]byte("data: {\"type\":\"x\"\ndata: }\r\n\r\nid: 99999999999999999999\ndata: {\"type\":\"y\"}\n\n"))
	f.Add([]byte("data"))
	f.Fuzz(func(t *testing.T, body []byte) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		k := startConn(ctx, cancel, &watchedBody{rc: io.NopCloser(bytes.NewReader(body))}, nil)
		defer k.close()
		for n := 0; ; n++ {
			ev, live, err := k.next()
			if err != nil {
				return
			}
			if live {
				continue // where the connection showed it was live: no event
			}
			if ev.Type == "" {
				t.Fatalf("event %d has no type", n)
			}
			if n > len(body) {
				t.Fatal("more events than bytes")
			}
		}
	})
}
