package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestEventsMsgFoldsLikeOneByOne checks that a batch of events draws the
// same screen as the same events one message each.
func TestEventsMsgFoldsLikeOneByOne(t *testing.T) {
	t.Parallel()
	one := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	batch := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	texts := []string{"## Stream", "ing\n\nSome ", "**bold** words ", "and more.\n\n- a\n", "- b\n"}
	var evs []client.Event
	for _, s := range texts {
		d := delta(one, "m9", s)
		feed(one, d)
		evs = append(evs, d.Ev)
	}
	feed(batch, session.EventsMsg{Gen: batch.gen, Evs: evs})
	feed(one, flushMsg{gen: one.gen})
	feed(batch, flushMsg{gen: batch.gen})
	if a := screen(one); !strings.Contains(a, "Streaming") || !strings.Contains(a, "and more.") {
		t.Fatalf("the streamed reply is not on screen:\n%s", a)
	}
	if a, b := screen(one), screen(batch); a != b {
		t.Errorf("one by one:\n%s\nin one batch:\n%s", a, b)
	}
}

// TestStreamEntersInBatches streams a long reply from the reference host
// through nextEvents: every event arrives, in order, in far fewer messages
// than events.
func TestStreamEntersInBatches(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	c := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, c, "Batches")
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
	var p session.Pacer
	events, msgs, deltas := 0, 0, 0
	for settled := false; !settled; {
		var evs []client.Event
		switch msg := nextWithin(t, nextEvents(s, 1, &p)).(type) {
		case session.EventMsg:
			evs = []client.Event{msg.Ev}
		case session.EventsMsg:
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

// TestDeltasDrawnAsTheyEnter: a batch of deltas is drawn by the update that
// folds it, with no flush tick scheduled, and a spin that comes while the
// reply streams leaves its drawing to the next batch's frame.
func TestDeltasDrawnAsTheyEnter(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	ticks := m.ticks
	d1, d2 := delta(m, "m9", "Streaming "), delta(m, "m9", "as it comes")
	feed(m, session.EventsMsg{Gen: m.gen, Evs: []client.Event{d1.Ev, d2.Ev}})
	if got := xansi.Strip(m.View().Content); !strings.Contains(got, "Streaming as it comes") {
		t.Fatalf("the batch was not drawn when it entered:\n%s", got)
	}
	if m.ticks != ticks || m.sess.Flushes {
		t.Errorf("a flush tick was scheduled (%d, was %d; pending %v)", m.ticks, ticks, m.sess.Flushes)
	}
	if !m.sess.Pace.Drawing(time.Now()) {
		t.Error("the stream does not say its deltas are being drawn")
	}
}

// TestListBehindDrawnByATick: a list streaming in is drawn through glamour
// at every third batch; a batch that leaves it behind arms a flush tick,
// which draws it whole though no delta comes after it.
func TestListBehindDrawnByATick(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, session.EventsMsg{Gen: m.gen, Evs: []client.Event{delta(m, "m9", "- alpha\n").Ev}})
	ticks := m.ticks
	feed(m, session.EventsMsg{Gen: m.gen, Evs: []client.Event{delta(m, "m9", "- bravo\n").Ev}})
	if got := xansi.Strip(m.View().Content); !strings.Contains(got, "alpha") || strings.Contains(got, "bravo") {
		t.Fatalf("the second batch drew the list again:\n%s", got)
	}
	if m.ticks != ticks+1 || !m.sess.Flushes {
		t.Fatalf("no flush tick for the list left behind (ticks %d, was %d)", m.ticks, ticks)
	}
	feed(m, flushMsg{gen: m.gen})
	if got := screen(m); !strings.Contains(got, "bravo") || m.sess.Flushes {
		t.Fatalf("the tick did not draw the list whole (pending %v):\n%s", m.sess.Flushes, got)
	}
}

// TestFocusedStreamPacesItsDeltas: the focused session's stream reads a run
// of deltas a flush interval at a time (nextEvents does not hold them
// again); a tile without the focus keeps the tiles' slower pace instead,
// and the two swap when the focus moves.
func TestFocusedStreamPacesItsDeltas(t *testing.T) {
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 160, 40, "Alpha", "Beta")
	alpha, beta := a.m.tiles[0], a.m.tiles[1]
	a.until("both streams open", func(string) bool { return alpha.Stream != nil && beta.Stream != nil })
	if !alpha.Stream.PacesDeltas() || beta.Stream.PacesDeltas() {
		t.Fatalf("Alpha focused: Alpha paces its deltas %v, Beta %v", alpha.Stream.PacesDeltas(), beta.Stream.PacesDeltas())
	}
	a.send(keyAltRight)
	a.see("▸ you type here · Beta")
	if alpha.Stream.PacesDeltas() || !beta.Stream.PacesDeltas() {
		t.Fatalf("Beta focused: Alpha paces its deltas %v, Beta %v", alpha.Stream.PacesDeltas(), beta.Stream.PacesDeltas())
	}
}
