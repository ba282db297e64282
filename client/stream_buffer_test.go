package client_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/faultproxy"
)

// fallbackLog records states, and when and why the stream first fell back
// to long-poll.
type fallbackLog struct {
	modeLog
	mu     sync.Mutex
	at     time.Time
	reason string
	fell   chan struct{}
}

func newFallbackLog() *fallbackLog { return &fallbackLog{fell: make(chan struct{})} }

func (l *fallbackLog) add(s client.ConnState) {
	l.modeLog.add(s)
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.Mode == client.ConnPolling && s.Err != nil && l.at.IsZero() {
		l.at, l.reason = time.Now(), s.Reason()
		close(l.fell)
	}
}

// streamThrough opens a stream of a fresh session of the reference host
// (keepalives every interval) through a proxy made by front, with o's
// SSERetry, PollWait (default 5 s) and Keepalive (default interval), and
// returns it with the host, the session and the time it was
// opened.
func streamThrough(t *testing.T, interval time.Duration, front func(host *vehicletest.Server) string,
	log *fallbackLog, o client.StreamOptions) (*vehicletest.Server, string, *client.Stream, int64, time.Time) {
	t.Helper()
	host, _, created := hostSession(t, vehicletest.WithLimits(vehicletest.Limits{Keepalive: interval}))
	id := created.Session.SessionID
	pc := adaClient(t, front(host))
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	t.Cleanup(cancel)
	start := time.Now()
	o.Since, o.OnState = created.Cursor, log.add
	if o.Keepalive == 0 {
		o.Keepalive = interval
	}
	if o.PollWait == 0 {
		o.PollWait = 5 * time.Second
	}
	s, err := pc.Stream(ctx, id, o)
	if err != nil {
		t.Fatalf("Stream through the proxy: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return host, id, s, created.Cursor, start
}

func TestHostStreamBehindBufferingProxy(t *testing.T) {
	t.Parallel()
	const interval = 50 * time.Millisecond
	for _, tc := range []struct {
		name string
		o    faultproxy.Options
	}{
		{"headers held until 4 KiB", faultproxy.Options{HoldSSE: 4096}},
		{"body buffered by 4 KiB", faultproxy.Options{BufferSSE: 4096}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := newFallbackLog()
			var p *faultproxy.Proxy
			front := func(host *vehicletest.Server) string {
				p = faultproxy.New(t, strings.TrimPrefix(host.URL, "http://"), tc.o)
				return p.URL()
			}
			host, id, s, cursor, start := streamThrough(t, interval, front, log, client.StreamOptions{})
			go func() {
				<-log.fell // after the fallback, a new event comes by long-poll
				host.Emit(id, "test.marker", map[string]any{})
			}()
			untilType(t, s, cursor, "test.marker")
			// Three keepalive intervals of silence, then the fallback at once
			// (the bound allows for a slow, shared machine).
			if took := log.at.Sub(start); took < 3*interval || took > 3*interval+2*time.Second {
				t.Errorf("fell back after %v, want just over %v", took, 3*interval)
			}
			if log.reason != "no keepalive" {
				t.Errorf("fallback reason %q, want %q (modes %q)", log.reason, "no keepalive", log)
			}
			if p.StreamConns() != 1 {
				t.Errorf("%d SSE requests, want 1 (SSE is tried again only a minute later)", p.StreamConns())
			}
		})
	}
}

func TestHostStreamThroughFaithfulProxy(t *testing.T) {
	t.Parallel()
	// The host sends a keepalive every 50 ms; the client allows 500 (a
	// 1.5 s window), so that a busy machine's stalls do not count as silence.
	const interval = 50 * time.Millisecond
	log := newFallbackLog()
	front := func(host *vehicletest.Server) string {
		return faultproxy.New(t, strings.TrimPrefix(host.URL, "http://"), faultproxy.Options{}).URL()
	}
	host, id, s, cursor, _ := streamThrough(t, interval, front, log, client.StreamOptions{Keepalive: 10 * interval})
	// Quiet for longer than the window: only keepalives flow, and they hold
	// the stream.
	time.AfterFunc(40*interval, func() { host.Emit(id, "test.marker", map[string]any{}) })
	untilType(t, s, cursor, "test.marker")
	if log.String() != "connecting streaming" {
		t.Errorf("modes %q, want the stream to stay up", log)
	}
}

func TestHostStreamProbesSSEBesideLongPolls(t *testing.T) {
	t.Parallel()
	// Headers held until 4 KiB: every SSE try is silent for three intervals.
	const interval = 500 * time.Millisecond
	log := newFallbackLog()
	var p *faultproxy.Proxy
	front := func(host *vehicletest.Server) string {
		p = faultproxy.New(t, strings.TrimPrefix(host.URL, "http://"), faultproxy.Options{HoldSSE: 4096})
		return p.URL()
	}
	host, id, s, _, _ := streamThrough(t, interval, front, log,
		client.StreamOptions{SSERetry: 10 * time.Millisecond, PollWait: time.Second})
	<-log.fell
	types := make(chan string, 16)
	go func() {
		defer close(types)
		for s.Next() {
			types <- s.Current().Type
		}
	}()
	// Wait for an SSE try after the fallback, then an event: the long-polls
	// beside the try deliver it long before the try gives up.
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for p.StreamConns() < 2 {
		select {
		case <-deadline:
			t.Fatalf("no SSE try after the fallback in 10 s (modes %q)", log)
		case <-tick.C:
		}
	}
	emitted := time.Now()
	host.Emit(id, "test.marker", map[string]any{})
	for typ := range types {
		if typ == "test.marker" {
			break
		}
	}
	if took := time.Since(emitted); took > 3*interval/2 {
		t.Errorf("the event took %v to arrive: the SSE try held the long-polls up", took)
	}
	_ = s.Close()
	for range types { // the reader ends with the stream
	}
	if log.String() != "connecting polling closed" {
		t.Errorf("modes %q, want polling all along", log)
	}
}
