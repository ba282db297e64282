package client

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestStreamDropsIdleConnection(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 3)
	h.plans = []connPlan{{silent: true}}
	s, log := openStream(t, h, StreamOptions{IdleTimeout: 50 * time.Millisecond})
	if got := seqList(drainStream(s, 3)); got != "1 2 3" {
		t.Fatalf("seqs = %q", got)
	}
	if !strings.HasPrefix(log.String(), "connecting streaming reconnecting#1 streaming") {
		t.Errorf("states = %q", log)
	}
	if err := log.states[2].Err; err == nil || !strings.Contains(err.Error(), "keepalive") {
		t.Errorf("drop reason = %v, want the idle watchdog", err)
	}
}

func TestStreamReportsReplayed(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 20)
	h.plans = []connPlan{{cutAfter: 5}}
	s, log := openStream(t, h, StreamOptions{})
	drainStream(s, 20)
	// A pause, then a live event: the replay burst has ended.
	time.AfterFunc(50*time.Millisecond, func() { h.add(EvCommandCompleted, 0) })
	if got := seqList(drainStream(s, 1)); got != "21" {
		t.Fatalf("seqs = %q", got)
	}
	var replayed int
	for _, st := range log.states {
		replayed = max(replayed, st.Replayed)
	}
	if replayed < 1 || replayed > 15 {
		t.Errorf("Replayed = %d, want 1..15 (states %q)", replayed, log)
	}
}

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
