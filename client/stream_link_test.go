package client

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestLinkSteps drives the reconnect logic alone, one input at a time.
func TestLinkSteps(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	drop := func(k StreamErrorKind, progress bool) linkEvent {
		return linkEvent{in: inDropped, err: &StreamError{Kind: k, Cursor: 7}, progress: progress, now: t0}
	}
	refused := &Error{Status: 401, Code: CodeUnauthenticated}
	gone := &TransportError{Err: errors.New("connection refused")}
	for _, tc := range []struct {
		name  string
		l     link
		steps []linkEvent
		want  []string // per step: the reported mode and reason, or "end", or "-"
	}{
		{"drops with progress never fall back", link{transport: TransportAuto, fallbackAfter: 3},
			[]linkEvent{drop(StreamEnded, true), {in: inOpened}, drop(StreamEnded, true), {in: inOpened}, drop(StreamDropped, true)},
			[]string{"reconnecting#1 host ended the stream", "streaming", "reconnecting#1 host ended the stream", "streaming", "reconnecting#1 connection lost"}},
		{"drops without progress fall back and say so", link{transport: TransportAuto, fallbackAfter: 3},
			[]linkEvent{drop(StreamTooLarge, true), {in: inOpened}, drop(StreamTooLarge, false), {in: inOpened}, drop(StreamTooLarge, false)},
			[]string{"reconnecting#1 event too large", "streaming", "reconnecting#2 event too large", "streaming", "polling reconnects made no progress: event too large"}},
		{"silence falls back at once", link{transport: TransportAuto, fallbackAfter: 3},
			[]linkEvent{drop(StreamSilent, false)},
			[]string{"polling no keepalive"}},
		{"silence on an SSE-only stream reconnects", link{transport: TransportSSE, fallbackAfter: 3},
			[]linkEvent{drop(StreamSilent, false)},
			[]string{"reconnecting#1 no keepalive"}},
		{"a refusal ends it", link{transport: TransportAuto, fallbackAfter: 3},
			[]linkEvent{{in: inDialFailed, err: refused}},
			[]string{"end"}},
		{"spent attempts end it", link{transport: TransportSSE, fallbackAfter: 3, attempts: 1},
			[]linkEvent{{in: inDialFailed, err: gone}, {in: inDialFailed, err: gone}},
			[]string{"reconnecting#1", "end"}},
		{"while polling, a failed SSE try changes nothing", link{transport: TransportAuto, fallbackAfter: 3, polling: true, mode: ConnPolling},
			[]linkEvent{{in: inDialFailed, err: gone, now: t0}, {in: inPolled}, {in: inPollFailed, err: gone}, {in: inPolled, replayed: 4}},
			[]string{"-", "-", "reconnecting#1", "polling+4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.l
			for i, e := range tc.steps {
				if got := describeStep(l.step(e)); got != tc.want[i] {
					t.Errorf("step %d: %q, want %q", i, got, tc.want[i])
				}
			}
		})
	}
}

// describeStep words a step for TestLinkSteps.
func describeStep(st linkStep) string {
	switch {
	case st.end:
		return "end"
	case !st.reported:
		return "-"
	}
	s := st.report.Mode.String()
	if st.report.Attempt > 0 {
		s += fmt.Sprintf("#%d", st.report.Attempt)
	}
	if st.report.Replayed > 0 {
		s += fmt.Sprintf("+%d", st.report.Replayed)
	}
	if r := st.report.Reason(); r != "" {
		s += " " + r
	}
	return s
}

func TestLinkRetriesSSELessOftenWhileSilent(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	l := link{transport: TransportAuto, fallbackAfter: 3, sseRetry: time.Minute}
	silent := &StreamError{Kind: StreamSilent}
	l.step(linkEvent{in: inDropped, err: silent, now: t0})
	var gaps []time.Duration
	now := t0
	for i := 0; i < 7; i++ {
		gaps = append(gaps, l.retrySSE.Sub(now))
		now = l.retrySSE.Add(time.Second)
		if !l.shouldRetrySSE(now) {
			t.Fatalf("no SSE try due at %v", now)
		}
		l.step(linkEvent{in: inDialFailed, err: silent, now: now})
	}
	want := []time.Duration{1, 2, 4, 8, 16, 32, 32}
	for i, g := range gaps {
		if g != want[i]*time.Minute {
			t.Fatalf("SSE retry gaps %v, want %v minutes", gaps, want)
		}
	}
	l.step(linkEvent{in: inOpened})
	l.step(linkEvent{in: inDropped, err: &StreamError{Kind: StreamEnded}, progress: true, now: now})
	if l.silenceRetry != 0 {
		t.Errorf("a connection that made progress kept the silence gap %v", l.silenceRetry)
	}
}
