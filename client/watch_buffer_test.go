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
// (keepalives every interval) through a proxy made by front, and returns it
// with the host, the session and the time it was opened.
func streamThrough(t *testing.T, interval time.Duration, front func(host *vehicletest.Server) string,
	log *fallbackLog) (*vehicletest.Server, string, *client.Stream, int64, time.Time) {
	t.Helper()
	host, _, created := hostSession(t, vehicletest.WithLimits(vehicletest.Limits{Keepalive: interval}))
	id := created.Session.SessionID
	pc := adaClient(t, front(host))
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	t.Cleanup(cancel)
	start := time.Now()
	s, err := pc.Stream(ctx, id, client.StreamOptions{Since: created.Cursor, Keepalive: interval,
		PollWait: 5 * time.Second, OnState: log.add})
	if err != nil {
		t.Fatalf("Stream through the proxy: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return host, id, s, created.Cursor, start
}

func TestHostStreamBehindBufferingProxy(t *testing.T) {
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
			host, id, s, cursor, start := streamThrough(t, interval, front, log)
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
	const interval = 50 * time.Millisecond
	log := newFallbackLog()
	front := func(host *vehicletest.Server) string {
		return faultproxy.New(t, strings.TrimPrefix(host.URL, "http://"), faultproxy.Options{}).URL()
	}
	host, id, s, cursor, _ := streamThrough(t, interval, front, log)
	// Quiet for six intervals: only keepalives flow, and they hold the stream.
	time.AfterFunc(6*interval, func() { host.Emit(id, "test.marker", map[string]any{}) })
	untilType(t, s, cursor, "test.marker")
	if log.String() != "connecting streaming" {
		t.Errorf("modes %q, want the stream to stay up", log)
	}
}
