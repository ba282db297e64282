package client_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// modeLog records the modes a stream reports, "reconnecting#n" with attempts.
type modeLog struct {
	mu    sync.Mutex
	modes []string
	errs  []error // why it reconnected
}

func (l *modeLog) add(s client.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	m := s.Mode.String()
	if s.Mode == client.ConnReconnecting {
		l.errs = append(l.errs, s.Err)
	}
	if s.Attempt > 0 {
		m += fmt.Sprintf("#%d", s.Attempt)
	}
	l.modes = append(l.modes, m)
}

func (l *modeLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.modes, " ")
}

// hostSession starts a reference host and a session of ada's on it.
func hostSession(t *testing.T, opts ...vehicletest.Option) (*vehicletest.Server, *client.Client, *client.Created) {
	t.Helper()
	host := vehicletest.NewServer(t, opts...)
	c := adaClient(t, host.URL)
	created, err := c.Create(t.Context(), client.CreateRequest{})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return host, c, created
}

// untilType reads events until one of type typ (included), checking that
// durable seqs follow each other from after.
func untilType(t *testing.T, s *client.Stream, after int64, typ string) []client.Event {
	t.Helper()
	var out []client.Event
	for s.Next() {
		ev := s.Current()
		out = append(out, ev)
		if ev.Seq > 0 {
			if ev.Seq != after+1 {
				t.Fatalf("seq %d after %d: a gap or a duplicate", ev.Seq, after)
			}
			after = ev.Seq
		}
		if ev.Type == typ {
			return out
		}
	}
	t.Fatalf("the stream ended before %s: %v", typ, s.Err())
	return nil
}

func countDeltas(evs []client.Event) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == client.EvMessageDelta {
			n++
		}
	}
	return n
}

func TestHostStreamTransports(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		transport client.Transport
		modes     string
		deltas    bool
	}{
		{client.TransportAuto, "connecting streaming", true},
		{client.TransportSSE, "connecting streaming", true},
		{client.TransportPoll, "connecting polling", false},
	} {
		t.Run(tc.transport.String(), func(t *testing.T) {
			_, c, created := hostSession(t)
			id := created.Session.SessionID
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			log := &modeLog{}
			s, err := c.Stream(ctx, id, client.StreamOptions{Since: created.Cursor, Transport: tc.transport,
				PollWait: 5 * time.Second, OnState: log.add})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if _, err := c.Prompt(ctx, id, "hello there"); err != nil {
				t.Fatal(err)
			}
			evs := untilType(t, s, created.Cursor, client.EvRunSettled)
			if got := countDeltas(evs) > 0; got != tc.deltas {
				t.Errorf("%d deltas; want some: %v", countDeltas(evs), tc.deltas)
			}
			if log.String() != tc.modes {
				t.Errorf("modes %q, want %q", log, tc.modes)
			}
		})
	}
}

func TestHostStreamResumesAfterCut(t *testing.T) {
	host, c, created := hostSession(t)
	id := created.Session.SessionID
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	log := &modeLog{}
	s, err := c.Stream(ctx, id, client.StreamOptions{Since: created.Cursor, OnState: log.add})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := c.Prompt(ctx, id, "wait for me #hold"); err != nil {
		t.Fatal(err)
	}
	before := untilType(t, s, created.Cursor, client.EvMessageDelta) // the run holds after it
	host.CutStreams()
	host.Emit(id, "test.while_cut", map[string]any{})
	host.Proceed(id)
	after := untilType(t, s, lastSeq(before, created.Cursor), client.EvRunSettled)
	if !strings.HasPrefix(log.String(), "connecting streaming reconnecting#1 streaming") {
		t.Errorf("modes %q, want a reconnect", log)
	}
	if want := int64(len(host.Events(id))); lastSeq(after, 0) > want || s.Cursor() != lastSeq(after, 0) {
		t.Errorf("cursor %d, last seq %d, host has %d", s.Cursor(), lastSeq(after, 0), want)
	}
}

func lastSeq(evs []client.Event, or int64) int64 {
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Seq > 0 {
			return evs[i].Seq
		}
	}
	return or
}

func TestHostStreamRefusals(t *testing.T) {
	host, _, created := hostSession(t)
	id := created.Session.SessionID
	for _, tc := range []struct {
		name, token, graph, id, code string
	}{
		{"unknown session", adaToken, "demo", "s-nope", client.CodeNotFound},
		{"another person's", boToken, "demo", id, client.CodeNotFound},
		{"another graph", cyToken, "other", id, client.CodeNotFound},
		{"bad token", "nobody", "demo", id, client.CodeUnauthenticated},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dial(t, host, tc.token, tc.graph)
			for _, tr := range []client.Transport{client.TransportAuto, client.TransportPoll} {
				s, err := c.Stream(t.Context(), tc.id, client.StreamOptions{Transport: tr})
				var e *client.Error
				if s != nil || !errors.As(err, &e) || e.Code != tc.code {
					t.Errorf("%v: Stream = %v, %v; want %s", tr, s, err, tc.code)
				}
			}
		})
	}
}

func TestHostStreamEndsOnDelete(t *testing.T) {
	_, c, created := hostSession(t)
	id := created.Session.SessionID
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	s, err := c.Stream(ctx, id, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := c.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	untilType(t, s, created.Cursor, client.TypeSessionDeleted)
	if s.Next() || s.Err() != nil {
		t.Errorf("Next after session.deleted: err %v", s.Err())
	}
}

// A long-poll that starts after the delete finds no session: the stream
// ends with the not_found refusal.
func TestHostPollAfterDeleteIsNotFound(t *testing.T) {
	t.Parallel()
	_, c, created := hostSession(t)
	id := created.Session.SessionID
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	s, err := c.Stream(ctx, id, client.StreamOptions{Since: created.Cursor, Transport: client.TransportPoll})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := c.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	for s.Next() {
		if s.Current().Type == client.TypeSessionDeleted {
			t.Fatal("a long-poll after the delete delivered session.deleted")
		}
	}
	if client.ErrorCode(s.Err()) != client.CodeNotFound {
		t.Errorf("Err = %v, want not_found", s.Err())
	}
}

func TestHostKeepalivesHoldTheStream(t *testing.T) {
	t.Parallel()
	host, c, created := hostSession(t, vehicletest.WithLimits(vehicletest.Limits{Keepalive: 5 * time.Millisecond}))
	id := created.Session.SessionID
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	log := &modeLog{}
	s, err := c.Stream(ctx, id, client.StreamOptions{Since: created.Cursor, Keepalive: 400 * time.Millisecond, OnState: log.add})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Quiet for longer than the silence window (3 x 400 ms): only keepalives
	// flow, every 5 ms.
	time.AfterFunc(1500*time.Millisecond, func() { host.Emit(id, "test.late", map[string]any{}) })
	untilType(t, s, created.Cursor, "test.late")
	if log.String() != "connecting streaming" {
		t.Errorf("modes %q: the keepalives did not hold the stream: %v", log, log.errs)
	}
}

func TestHostOpenFoldsAfterTheSnapshot(t *testing.T) {
	_, c, created := hostSession(t)
	id := created.Session.SessionID
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if _, err := c.Prompt(ctx, id, "before the snapshot"); err != nil {
		t.Fatal(err)
	}
	st, s, err := c.Open(ctx, id, client.Me{Principal: "user:ada"}, client.StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Cursor() != st.Cursor || st.Cursor < created.Cursor {
		t.Fatalf("stream cursor %d, state cursor %d", s.Cursor(), st.Cursor)
	}
	if _, err := c.Prompt(ctx, id, "after the snapshot"); err != nil {
		t.Fatal(err)
	}
	for st.Run != client.RunIdle || !hasUserText(st, "after the snapshot") {
		if !s.Next() {
			t.Fatalf("stream ended: %v", s.Err())
		}
		st.Apply(s.Current())
	}
	if !hasUserText(st, "before the snapshot") {
		t.Error("the state lost the turn from before the snapshot")
	}
}

func hasUserText(st *client.State, text string) bool {
	for _, e := range st.Entries {
		if e.Role == "user" && e.Text == text {
			return true
		}
	}
	return false
}
