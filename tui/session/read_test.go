package session

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestStreamEntersInBatches streams a long reply from the reference host
// through nextEvents: every event arrives, in order, in far fewer messages
// than events.
func TestStreamEntersInBatches(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-one"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := c.Create(t.Context(), client.CreateRequest{Title: "Batches"})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	snap, err := c.Inspect(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Stream(t.Context(), id, client.StreamOptions{Since: snap.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := c.Prompt(t.Context(), id, "#long 100"); err != nil {
		t.Fatal(err)
	}
	var p pacer
	events, msgs, deltas := 0, 0, 0
	for settled := false; !settled; {
		var evs []client.Event
		switch msg := nextWithin(t, nextEvents(s, 1, &p)).(type) {
		case EventMsg:
			evs = []client.Event{msg.Ev}
		case EventsMsg:
			evs = msg.Evs
		default:
			t.Fatalf("got %T before the run settled", msg)
		}
		msgs++
		for _, ev := range evs {
			events++
			if ev.Type == client.EvMessageDelta {
				deltas++
			}
			settled = settled || ev.Type == client.EvRunSettled
		}
	}
	if deltas != 200 {
		t.Errorf("%d deltas, want 200 (100 paragraphs, two each)", deltas)
	}
	if msgs > events/4 {
		t.Errorf("%d events came in %d messages: what had arrived together was not taken in one", events, msgs)
	}
}

// nextWithin runs a command that reads the stream, failing after a deadline.
func nextWithin(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	select {
	case msg := <-got:
		return msg
	case <-ctx.Done():
		t.Fatal("no message from the stream in 10 s")
		return nil
	}
}
