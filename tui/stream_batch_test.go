package tui

import (
	"strings"
	"testing"
	"time"

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
	feed(batch, session.EventsMsg{Gen: batch.tiles.Gen(), Evs: evs})
	feed(one, session.FlushMsg{})
	feed(batch, session.FlushMsg{})
	if a := screen(one); !strings.Contains(a, "Streaming") || !strings.Contains(a, "and more.") {
		t.Fatalf("the streamed reply is not on screen:\n%s", a)
	}
	if a, b := screen(one), screen(batch); a != b {
		t.Errorf("one by one:\n%s\nin one batch:\n%s", a, b)
	}
}

// TestDeltasDrawnAsTheyEnter: a batch of deltas is drawn by the update that
// folds it, with no flush tick scheduled, and a spin that comes while the
// reply streams leaves its drawing to the next batch's frame.
func TestDeltasDrawnAsTheyEnter(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	ticks := m.tiles.Ticks()
	d1, d2 := delta(m, "m9", "Streaming "), delta(m, "m9", "as it comes")
	fed := time.Now() // asked as of the feed: a loaded machine may take more than the hold to get to the check
	feed(m, session.EventsMsg{Gen: m.tiles.Gen(), Evs: []client.Event{d1.Ev, d2.Ev}})
	if got := xansi.Strip(m.View().Content); !strings.Contains(got, "Streaming as it comes") {
		t.Fatalf("the batch was not drawn when it entered:\n%s", got)
	}
	if m.tiles.Ticks() != ticks || m.tiles.Focused().Flushes() {
		t.Errorf("a flush tick was scheduled (%d, was %d; pending %v)", m.tiles.Ticks(), ticks, m.tiles.Focused().Flushes())
	}
	if !m.tiles.Focused().Drawing(fed) {
		t.Error("the stream does not say its deltas are being drawn")
	}
}

// TestListBehindDrawnByATick: a task list streaming in (which glamour
// draws) is drawn at every third batch; a batch that leaves it behind arms a flush tick,
// which draws it whole though no delta comes after it.
func TestListBehindDrawnByATick(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	feed(m, session.EventsMsg{Gen: m.tiles.Gen(), Evs: []client.Event{delta(m, "m9", "- [ ] alpha\n").Ev}})
	ticks := m.tiles.Ticks()
	feed(m, session.EventsMsg{Gen: m.tiles.Gen(), Evs: []client.Event{delta(m, "m9", "- [ ] bravo\n").Ev}})
	if got := xansi.Strip(m.View().Content); !strings.Contains(got, "alpha") || strings.Contains(got, "bravo") {
		t.Fatalf("the second batch drew the list again:\n%s", got)
	}
	if m.tiles.Ticks() != ticks+1 || !m.tiles.Focused().Flushes() {
		t.Fatalf("no flush tick for the list left behind (ticks %d, was %d)", m.tiles.Ticks(), ticks)
	}
	feed(m, session.FlushMsg{})
	if got := screen(m); !strings.Contains(got, "bravo") || m.tiles.Focused().Flushes() {
		t.Fatalf("the tick did not draw the list whole (pending %v):\n%s", m.tiles.Focused().Flushes(), got)
	}
}

// TestFocusedStreamPacesItsDeltas: the focused session's stream reads a run
// of deltas a flush interval at a time (nextEvents does not hold them
// again); a tile without the focus keeps the tiles' slower pace instead,
// and the two swap when the focus moves.
func TestFocusedStreamPacesItsDeltas(t *testing.T) {
	srv, _ := host(t)
	a, _ := wallOf(t, srv, 160, 40, "Alpha", "Beta")
	alpha, beta := a.m.tiles.All()[0], a.m.tiles.All()[1]
	a.until("both streams open", func(string) bool { return alpha.Stream() != nil && beta.Stream() != nil })
	if !alpha.Stream().PacesDeltas() || beta.Stream().PacesDeltas() {
		t.Fatalf("Alpha focused: Alpha paces its deltas %v, Beta %v", alpha.Stream().PacesDeltas(), beta.Stream().PacesDeltas())
	}
	a.send(keyAltRight)
	a.see("▸ you type here · Beta")
	if alpha.Stream().PacesDeltas() || !beta.Stream().PacesDeltas() {
		t.Fatalf("Beta focused: Alpha paces its deltas %v, Beta %v", alpha.Stream().PacesDeltas(), beta.Stream().PacesDeltas())
	}
}
