package client

import (
	"net/http"
	"strings"
	"testing"
)

func TestStreamGivesUpAfterAttempts(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 2)
	h.plans = []connPlan{{cutAfter: 2}}
	h.then = connPlan{status: http.StatusServiceUnavailable, body: "down"}
	b := fastBackoff
	b.Attempts = 2
	s, _ := openStream(t, h, StreamOptions{Transport: TransportSSE, Backoff: b})
	drainStream(s, 5)
	if !IsTransport(s.Err()) {
		t.Fatalf("Err = %v, want the last transport failure", s.Err())
	}
	if n := len(sseIDs(h)); n != 3 {
		t.Errorf("%d SSE connections, want 3 (two attempts after the drop)", n)
	}
}

func TestParseBlock(t *testing.T) {
	for _, tc := range []struct{ in, data, id string }{
		{"id: 5\nevent: x\ndata: {\"a\":1}", `{"a":1}`, "5"},
		{"data:a\ndata: b", "a\nb", ""},
		{": keepalive", "<nil>", ""},
		{"data: x\r\nid: 3\r\n", "x", "3"},
		{"event: message.delta\ndata: {}", "{}", ""},
		{"data:", "", ""},
	} {
		data, id := parseBlock([]byte(tc.in))
		got := string(data)
		if data == nil {
			got = "<nil>"
		}
		if got != tc.data || string(id) != tc.id {
			t.Errorf("parseBlock(%q) = %q, %q; want %q, %q", tc.in, got, id, tc.data, tc.id)
		}
	}
}

func TestConnModeStrings(t *testing.T) {
	want := "connecting streaming polling reconnecting closed"
	var got []string
	for m := ConnConnecting; m <= ConnClosed; m++ {
		got = append(got, m.String())
	}
	if strings.Join(got, " ") != want {
		t.Errorf("modes = %q", got)
	}
}
