package client

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// isKind reports whether err is, or wraps, a *StreamError of kind k.
func isKind(err error, k StreamErrorKind) bool {
	return errors.Is(err, &StreamError{Kind: k})
}

// fallbacks lists the errors of the polling states the log holds.
func (l *stateLog) fallbacks() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []error
	for _, s := range l.states {
		if s.Mode == ConnPolling && s.Err != nil {
			out = append(out, s.Err)
		}
	}
	return out
}

func TestStreamCountsReplayedBySeq(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 20)
	// The resumed connection replays 6..20, shows it is live (a keepalive)
	// and at once, with no pause, sends three live events.
	h.plans = []connPlan{{cutAfter: 5}}
	h.then = connPlan{live: ": keepalive\n\n", liveAdd: 3}
	s, log := openStream(t, h, StreamOptions{})
	if got := seqList(drainStream(s, 23)); got != seqRange(1, 23) {
		t.Fatalf("seqs = %q", got)
	}
	var counts []int
	for _, st := range log.states {
		if st.Replayed > 0 {
			counts = append(counts, st.Replayed)
		}
	}
	if fmt.Sprint(counts) != "[15]" {
		t.Errorf("Replayed reports %v, want [15] (states %q)", counts, log)
	}
}

func TestStreamCountsReplayedOnPoll(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 10)
	h.plans = []connPlan{{cutAfter: 4}}
	h.then = connPlan{status: 502, body: "bad gateway"}
	s, log := openStream(t, h, StreamOptions{PollWait: time.Second, SSERetry: -1})
	if got := seqList(drainStream(s, 10)); got != seqRange(1, 10) {
		t.Fatalf("seqs = %q", got)
	}
	if want := "connecting streaming reconnecting#1 reconnecting#2 polling! polling+6"; log.String() != want {
		t.Errorf("states = %q, want %q", log, want)
	}
}

func TestStreamFallsBackPastAnOversizedEvent(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 3)
	h.addSeq(4, `{"text":"`+strings.Repeat("x", maxEventBytes)+`"}`)
	h.addSeq(5, `{}`)
	// Each connection starts with a comment, then the event that cannot be
	// read: the connection is alive, yet it never delivers.
	h.then = connPlan{hello: ": keepalive\n\n"}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	log := &stateLog{}
	s, err := h.client(t).Stream(ctx, "s1", StreamOptions{Since: 0, Backoff: fastBackoff, PollWait: time.Second,
		SSERetry: -1, OnState: log.add})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := seqList(drainStream(s, 5)); got != "1 2 3 4 5" {
		t.Fatalf("seqs = %q (states %q): the stream did not get past the big event", got, log)
	}
	fb := log.fallbacks()
	if len(fb) != 1 || !isKind(fb[0], StreamNoProgress) || !isKind(fb[0], StreamTooLarge) {
		t.Fatalf("fallbacks %v, want one for no progress past a too-large event", fb)
	}
	if n := len(sseIDs(h)); n != DefaultFallbackAfter {
		t.Errorf("%d SSE connections, want %d", n, DefaultFallbackAfter)
	}
	if !strings.Contains(fb[0].Error(), "1 MiB") {
		t.Errorf("reason %q does not name the limit", fb[0])
	}
}

func TestStreamFallsBackWhenSilent(t *testing.T) {
	for _, tc := range []struct {
		name      string
		transport Transport
		states    string
	}{
		{"auto", TransportAuto, "connecting streaming polling! polling+3"},
		{"sse only", TransportSSE, "connecting streaming reconnecting#1 streaming"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			h := newFakeHost(t, 3)
			h.plans = []connPlan{{silent: true}}
			start := time.Now()
			// A 450 ms window: wide enough for the headers to come on a busy
			// machine, which an open connection then follows with nothing.
			s, log := openStream(t, h, StreamOptions{Transport: tc.transport, Keepalive: 150 * time.Millisecond,
				PollWait: time.Second, SSERetry: -1})
			if got := seqList(drainStream(s, 3)); got != "1 2 3" {
				t.Fatalf("seqs = %q", got)
			}
			if log.String() != tc.states {
				t.Errorf("states = %q, want %q", log, tc.states)
			}
			if len(log.states) < 3 {
				t.FailNow()
			}
			if err := log.states[2].Err; !isKind(err, StreamSilent) || !strings.Contains(err.Error(), "keepalive") {
				t.Errorf("reason = %v, want silence", err)
			}
			if el := time.Since(start); el > 2*time.Second {
				t.Errorf("took %v to get past a silent stream", el)
			}
		})
	}
}

func TestStreamPacesLongPolls(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 1)
	h.noWait = true // a host that answers every long-poll at once
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	s, err := h.client(t).Stream(ctx, "s1", StreamOptions{Transport: TransportPoll})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for s.Next() {
	}
	// The first poll at open brings seq 1 and the next follows at once; from
	// then on nothing is new, and polls come minPollGap apart.
	if n, most := len(h.requests()), 2+int(time.Second/minPollGap); n < 2 || n > most {
		t.Errorf("%d long-polls in 1 s, want between 2 and %d", n, most)
	}
}

func TestStreamBadSeq(t *testing.T) {
	for _, tc := range []struct {
		name      string
		transport Transport
		bad       int64
	}{
		{"sse jump", TransportSSE, math.MaxInt64},
		{"sse backwards", TransportSSE, 2},
		{"poll jump", TransportPoll, math.MaxInt64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			h := newFakeHost(t, 3)
			h.addSeq(tc.bad, `{}`)
			h.addSeq(4, `{}`)
			h.addSeq(5, `{}`)
			h.snapCursor = 5
			s, log := openStream(t, h, StreamOptions{Transport: tc.transport, PollWait: time.Second})
			if got := seqList(drainStream(s, 5)); got != "1 2 3 4 5" {
				t.Fatalf("seqs = %q (states %q)", got, log)
			}
			var reported error
			for _, st := range log.states {
				if isKind(st.Err, StreamBadSeq) {
					reported = st.Err
				}
			}
			if reported == nil || !strings.Contains(reported.Error(), fmt.Sprint(tc.bad)) {
				t.Errorf("states %q: no report of seq %d", log, tc.bad)
			}
			if s.Cursor() != 5 {
				t.Errorf("Cursor = %d, want 5", s.Cursor())
			}
		})
	}
}

func TestStreamSkippedSeqs(t *testing.T) {
	noLeaks(t)
	h := newFakeHost(t, 3)
	h.addSeq(6, `{}`) // 4 and 5 are missing from the host's own log
	h.addSeq(7, `{}`)
	h.snapCursor = 7
	s, log := openStream(t, h, StreamOptions{Transport: TransportSSE})
	if got := seqList(drainStream(s, 5)); got != "1 2 3 6 7" {
		t.Fatalf("seqs = %q (states %q)", got, log)
	}
	// The jump is reported, the stream resumes from its cursor, and when
	// the host sends seq 6 first again, it is taken.
	if got := fmt.Sprint(sseIDs(h)); got != "[0 3]" {
		t.Errorf("Last-Event-ID per connection = %s, want [0 3]", got)
	}
	if err := log.states[2].Err; !isKind(err, StreamBadSeq) || !strings.Contains(err.Error(), "skipped") {
		t.Errorf("states %q: reason %v, want the skipped events", log, err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.inspects != 1 {
		t.Errorf("%d inspects, want 1", h.inspects)
	}
}
