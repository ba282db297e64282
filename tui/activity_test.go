package tui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestSpinnerTicksOnlyWhileRunning: idle, nothing schedules a spinner
// tick; a run starts one chain, which goes on tick by tick while the run
// lasts (one tick at a time, whatever else arrives) and ends with it.
func TestSpinnerTicksOnlyWhileRunning(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	quiet := []tea.Msg{
		on(m, event(5, client.EvLeaseRenewed, `{"principal":"user:ada","clientId":"cli-me","expiresAt":"2026-10-14T10:40:00Z"}`)),
		session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming}},
		tea.WindowSizeMsg{Width: 90, Height: 24},
		panes.SpinMsg{Gen: m.tiles.Gen()}, // a stray tick re-arms nothing while idle
	}
	quiet = append(quiet, typing("typing")...)
	for _, msg := range quiet {
		_, cmd := m.Update(msg)
		switch msg.(type) {
		case session.EventMsg, session.ConnMsg: // these re-arm their stream's wait, which is no tick
		default:
			if cmd != nil {
				t.Errorf("%T scheduled a command while idle", msg)
			}
		}
	}
	if m.activity.Spins() != 0 || strings.Contains(screen(m), "turn 1/12") {
		t.Fatalf("%d spinner ticks scheduled while idle", m.activity.Spins())
	}

	feed(m, on(m, event(6, client.EvRunStarted, `{"runId":"r1"}`)))
	if m.activity.Spins() != 1 || !m.activity.Ticking() {
		t.Fatalf("a run started %d ticks, want 1", m.activity.Spins())
	}
	feed(m, delta(m, "m1", "a"), delta(m, "m1", "b"), tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.activity.Spins() != 1 {
		t.Fatalf("%d ticks while one was pending, want 1", m.activity.Spins())
	}
	feed(m, session.FlushMsg{}) // the deltas drawn: a tick is drawn at once, no flush coming to draw it
	first := screen(m)
	feed(m, panes.SpinMsg{Gen: m.tiles.Gen()})
	if m.activity.Spins() != 2 || screen(m) == first {
		t.Fatalf("a tick while running: %d ticks (want 2), the spinner moved: %v", m.activity.Spins(), screen(m) != first)
	}
	feed(m, panes.SpinMsg{Gen: m.tiles.Gen() - 1}) // another session's chain: dropped
	if m.activity.Spins() != 2 {
		t.Fatalf("a stale tick re-armed: %d", m.activity.Spins())
	}

	feed(m, on(m, event(7, client.EvMessageCompleted, `{"entryId":"e7","messageId":"m1","role":"assistant","text":"ab","usage":{"turns":1,"costUsd":0.001},"timestamp":"2026-10-14T09:31:00Z"}`)))
	feed(m, on(m, event(8, client.EvRunSettled, `{"runId":"r1","aborted":false,"usage":{"turns":1,"costUsd":0.001}}`)))
	feed(m, panes.SpinMsg{Gen: m.tiles.Gen()}) // the last tick of the chain
	if m.activity.Spins() != 2 || m.activity.Ticking() {
		t.Fatalf("after the run: %d ticks (want 2), one pending: %v", m.activity.Spins(), m.activity.Ticking())
	}
	for _, msg := range quiet {
		m.Update(msg)
	}
	if m.activity.Spins() != 2 {
		t.Fatalf("idle again, %d ticks", m.activity.Spins())
	}
}

// TestSpinnerText: while a run is under way the line above the composer
// says how long it has taken, its turn and cost against the budget and the
// session's cost; the status line leaves the budget to it; idle, the line
// is gone and the status line says the budget again.
func TestSpinnerText(t *testing.T) {
	t.Parallel()
	now := t0
	cfg := testConfig(t)
	cfg.Now = func() time.Time { return now }
	snap := snapshot(lease("user:ada", "cli-me"))
	snap.Stats = json.RawMessage(`{"costUsd":0.0123,"turns":5}`)
	m := opened(t, cfg, 80, 24, snap, nil)
	feed(m, on(m, event(5, client.EvRunStarted, `{"runId":"r1"}`)))
	now = now.Add(2*time.Minute + 14*time.Second)
	feed(m, on(m, event(6, client.EvMessageCompleted, `{"entryId":"e6","messageId":"m1","role":"assistant","text":"a","usage":{"turns":1,"costUsd":0.001},"timestamp":"2026-10-14T09:31:00Z"}`)),
		on(m, event(7, client.EvMessageCompleted, `{"entryId":"e7","messageId":"m2","role":"assistant","text":"b","usage":{"turns":1,"costUsd":0.002},"timestamp":"2026-10-14T09:32:00Z"}`)),
		panes.SpinMsg{Gen: m.tiles.Gen()})
	scr := screen(m)
	rows := rowsOf(scr)
	want := " ⠙ 2m14s · turn 3/12 · $0.0030/$0.25 · session $0.0153"
	if rows[21] != want || rows[22] != "┃ enter queues a follow-up · ctrl+s steers · esc aborts" {
		t.Fatalf("the run's line is %q, want %q above the composer:\n%s", rows[21], want, scr)
	}
	if strings.Contains(rows[23], "run 2/12 turns") {
		t.Fatalf("the status line says the budget twice:\n%s", scr)
	}
	feed(m, on(m, event(8, client.EvRunSettled, `{"runId":"r1","aborted":false,"usage":{"turns":2,"costUsd":0.003}}`)))
	scr = screen(m)
	if strings.Contains(scr, "turn 3/12") || strings.Contains(scr, "2m14s") || !strings.Contains(scr, "idle · run 2/12 turns · $0.0030/$0.25") {
		t.Fatalf("after the run:\n%s", scr)
	}
	checkFrame(t, m, scr, 24)
}

// TestSpinnerThroughTheHost: a run on the reference host shows the run's
// line with the session's cost from the live body; when it settles the
// line goes, the chain ends and nothing more arrives while idle.
func TestSpinnerThroughTheHost(t *testing.T) {
	t.Parallel()
	srv, clk := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Spin")
	if _, err := one.Prompt(t.Context(), id, "one turn"); err != nil { // the body is live, the session cost $0.001
		t.Fatal(err)
	}
	cfg := hostConfig(t, one)
	cfg.Now, cfg.SessionID = clk.Now, id
	a := drive(t, "spinner", cfg, 80, 24)
	a.see("You said: one turn", "● live", "idle")
	a.send(typing("think #hold")...)
	a.send(keyEnter)
	a.see("0s · turn 1/12 · $0.0000/$0.25 · session $0.0010", "● live · running")
	clk.advance(2*time.Minute + 14*time.Second)
	scr := a.see("2m14s · turn 1/12")
	checkFrame(t, a.m, scr, 24)
	if !srv.Proceed(id) {
		t.Fatal("no run held")
	}
	settled := func(msg tea.Msg) bool { e, ok := msg.(session.EventMsg); return ok && e.Ev.Type == client.EvRunSettled }
	account := func(msg tea.Msg) bool { _, ok := msg.(accountMsg); return ok }
	scr = a.until("the run settled, the chain ended", func(s string) bool {
		return a.m.tiles.Focused().State().Mirror.State == "written" && a.answered(settled, account) && !a.m.activity.Ticking() &&
			!a.m.tiles.Focused().Flushes() && strings.Contains(s, "You said: think #hold")
	})
	if strings.Contains(scr, "turn 1/12") || strings.Contains(scr, "2m14s") || !strings.Contains(scr, "idle · run 1/12 turns") {
		t.Fatalf("the run's line stayed:\n%s", scr)
	}
	// Idle now: no spin tick and no flush is scheduled, and the messages
	// already queued schedule none.
	spins := a.m.activity.Spins()
	a.drain()
	if a.m.activity.Spins() != spins || a.m.activity.Ticking() || a.m.tiles.Focused().Flushes() {
		t.Fatalf("idle, ticks went from %d to %d (one pending: %v, a flush pending: %v)", spins,
			a.m.activity.Spins(), a.m.activity.Ticking(), a.m.tiles.Focused().Flushes())
	}
}

// TestSpinnerRidesTheStreamFlush: while a reply streams, a spin tick that
// comes with a flush due draws no frame of its own; the flush's frame shows
// the moved spinner with the text. With no flush due, the tick draws.
func TestSpinnerRidesTheStreamFlush(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, on(m, event(6, client.EvRunStarted, `{"runId":"r1"}`)))
	feed(m, delta(m, "m1", "streamed words"))
	if !m.tiles.Focused().Flushes() {
		t.Fatal("a delta armed no flush")
	}
	glyph := func() string { return m.activity.Glyph() }
	before := m.View().Content
	was := glyph()
	spins := m.activity.Spins()
	if _, cmd := m.Update(panes.SpinMsg{Gen: m.tiles.Gen()}); cmd == nil || m.activity.Spins() != spins+1 {
		t.Fatalf("the tick did not arm the next one (%d ticks)", m.activity.Spins())
	}
	if glyph() == was {
		t.Fatal("the tick did not move the spinner")
	}
	if m.View().Content != before {
		t.Fatal("a spin tick with a flush due drew a frame of its own")
	}
	m.Update(session.FlushMsg{})
	after := xansi.Strip(m.View().Content)
	if !strings.Contains(after, glyph()+" ") || !strings.Contains(after, "streamed words") {
		t.Fatalf("the flush's frame lacks the moved spinner %q or the text:\n%s", glyph(), after)
	}
	if m.activity.Moved() {
		t.Fatal("the moved spinner is still waiting after the frame")
	}

	// No flush due: the tick draws at once.
	before = m.View().Content
	m.Update(panes.SpinMsg{Gen: m.tiles.Gen()})
	if m.View().Content == before || !strings.Contains(xansi.Strip(m.View().Content), glyph()+" ") {
		t.Fatal("a spin tick with no flush due drew nothing")
	}
}
