package client_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestNextReadyDoesNotWait checks that NextReady answers at once on a
// stream with nothing at hand, and that the stream goes on after it.
func TestNextReadyDoesNotWait(t *testing.T) {
	_, c, created := hostSession(t)
	s, err := c.Stream(t.Context(), created.Session.SessionID, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for s.NextReady() {
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("NextReady waited for the network on an idle stream")
	}
	if _, err := c.Prompt(t.Context(), created.Session.SessionID, "hello"); err != nil {
		t.Fatal(err)
	}
	untilType(t, s, s.Cursor(), client.EvRunSettled)
}

// TestNextReadyTakesWhatArrivedTogether reads a burst of events once with
// Next alone and once with Next then NextReady until it is false: the same
// events in the same order (message.delta included: both streams are open
// before the prompt), in far fewer waits.
func TestNextReadyTakesWhatArrivedTogether(t *testing.T) {
	_, c, created := hostSession(t)
	id := created.Session.SessionID
	one, err := c.Stream(t.Context(), id, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	s, err := c.Stream(t.Context(), id, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := c.Prompt(t.Context(), id, "#long 100"); err != nil {
		t.Fatal(err)
	}
	want := untilType(t, one, created.Cursor, client.EvRunSettled)
	var got []client.Event
	waits := 0
	for len(got) < len(want) && s.Next() {
		waits++
		got = append(got, s.Current())
		for s.NextReady() {
			got = append(got, s.Current())
		}
	}
	if len(got) < len(want) {
		t.Fatalf("got %d events, want %d", len(got), len(want))
	}
	for i := range want {
		if fmt.Sprint(got[i].Type, got[i].Seq, string(got[i].Value)) != fmt.Sprint(want[i].Type, want[i].Seq, string(want[i].Value)) {
			t.Fatalf("event %d: got %s #%d, want %s #%d", i, got[i].Type, got[i].Seq, want[i].Type, want[i].Seq)
		}
	}
	if waits > len(want)/4 {
		t.Errorf("%d events took %d waits: NextReady did not take what had already arrived", len(want), waits)
	}
}

// readPaced streams a reply of 100 paragraphs (a delta every 2 ms) to two
// streams of one session, one paced by pace, and reads the paced one in
// batches (a Next, then NextReady until false) until the run settles. It
// fails unless the paced stream got the unpaced one's events in order, and
// returns them with how many batches they came in.
func readPaced(t *testing.T, pace func(*client.Stream)) (events []client.Event, batches int, took time.Duration) {
	t.Helper()
	_, c, created := hostSession(t, vehicletest.WithLimits(vehicletest.Limits{DeltaDelay: 2 * time.Millisecond}))
	id := created.Session.SessionID
	one, err := c.Stream(t.Context(), id, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	paced, err := c.Stream(t.Context(), id, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer paced.Close()
	pace(paced)
	if _, err := c.Prompt(t.Context(), id, "#long 100"); err != nil {
		t.Fatal(err)
	}
	var got []client.Event // read while the reply streams in
	start := time.Now()
	settled := func() bool { return len(got) > 0 && got[len(got)-1].Type == client.EvRunSettled }
	for !settled() && paced.Next() {
		batches++
		got = append(got, paced.Current())
		for !settled() && paced.NextReady() {
			got = append(got, paced.Current())
		}
	}
	took = time.Since(start)
	want := untilType(t, one, created.Cursor, client.EvRunSettled)
	for i := range want {
		if i >= len(got) || got[i].Seq != want[i].Seq || got[i].Type != want[i].Type {
			t.Fatalf("event %d differs: got %d events, want %d", i, len(got), len(want))
		}
	}
	return want, batches, took
}

// paceBound is the most batches a stream read at most once every pace may
// bring the reader over took, with extra reads allowed. A wake of the
// connection's reader may hand over what it read in up to a few pieces
// (each read of the body is handed over as it is parsed, and a reader on
// another core takes the first before the next comes), so four per pace
// are allowed. The bound grows with the time the reply took, so a loaded
// machine that streams slowly does not fail it, while a stream read at
// every event (2 ms apart here: about 200 batches) exceeds it many times.
func paceBound(took, pace time.Duration, extra int) int {
	return 4*(int(took/pace)+1) + extra
}

// TestStreamPaceReadsInBatches: a stream paced at 100 ms gets a reply that
// streams over about half a second in a few batches, the same events in
// the same order as an unpaced stream reading them one at a time.
//
// It runs alone (not in parallel): the batches a pace brings grow with the
// machine's load.
func TestStreamPaceReadsInBatches(t *testing.T) {
	events, batches, took := readPaced(t, func(s *client.Stream) { s.SetPace(100 * time.Millisecond) })
	if bound := paceBound(took, 100*time.Millisecond, 1); batches > bound {
		t.Errorf("%d events came in %d batches over %v at a pace of 100 ms: want at most %d", len(events), batches, took, bound)
	}
}

// TestStreamDeltaPaceReadsRunsInBatches: a stream whose runs of deltas are
// paced at 100 ms gets a reply streaming over about half a second in a few
// batches, the same events in the same order as an unpaced stream.
func TestStreamDeltaPaceReadsRunsInBatches(t *testing.T) {
	events, batches, took := readPaced(t, func(s *client.Stream) {
		if s.PacesDeltas() {
			t.Fatal("a new stream paces its deltas")
		}
		s.SetDeltaPace(100 * time.Millisecond)
		if !s.PacesDeltas() {
			t.Fatal("SetDeltaPace did not pace the deltas")
		}
	})
	deltas := 0
	for _, ev := range events {
		if ev.Type == client.EvMessageDelta {
			deltas++
		}
	}
	if deltas < 100 {
		t.Fatalf("%d deltas: the reply did not stream", deltas)
	}
	// A run's first two deltas come at once, and each other event may
	// come alone: those reads are allowed besides one per 100 ms.
	if bound := paceBound(took, 100*time.Millisecond, 2+2*(len(events)-deltas)); batches > bound {
		t.Errorf("%d events (%d deltas) came in %d batches over %v with runs of deltas paced at 100 ms: want at most %d",
			len(events), deltas, batches, took, bound)
	}
}
