package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestFlushTicksOnlyForDeltas: a flush tick is scheduled by a delta, one
// at a time, and by nothing else.
func TestFlushTicksOnlyForDeltas(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	quiet := []tea.Msg{
		on(m, event(5, client.EvLeaseRenewed, `{"principal":"user:ada","clientId":"cli-me","expiresAt":"2026-10-14T10:40:00Z"}`)),
		on(m, event(6, client.EvRunStarted, `{"runId":"r1"}`)),
		session.ConnMsg{Gen: m.tiles.Gen(), State: client.ConnState{Mode: client.ConnStreaming}},
		tea.WindowSizeMsg{Width: 90, Height: 24},
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
	if m.tiles.Ticks() != 0 {
		t.Fatalf("%d ticks scheduled without a delta", m.tiles.Ticks())
	}
	feed(m, delta(m, "m1", "a"), delta(m, "m1", "b"), delta(m, "m1", "c"))
	if m.tiles.Ticks() != 1 {
		t.Fatalf("three deltas scheduled %d ticks, want 1", m.tiles.Ticks())
	}
	feed(m, session.FlushMsg{})
	feed(m, on(m, event(7, client.EvMessageCompleted, `{"entryId":"e7","messageId":"m1","role":"assistant","text":"abc","timestamp":"2026-10-14T09:31:00Z"}`)))
	feed(m, on(m, event(8, client.EvRunSettled, `{"runId":"r1","aborted":false,"usage":{"turns":1,"costUsd":0.001}}`)))
	if m.tiles.Ticks() != 1 || m.tiles.Focused().Flushes() {
		t.Fatalf("ticks %d (want 1), a flush pending: %v", m.tiles.Ticks(), m.tiles.Focused().Flushes())
	}
}

// TestIdleWithLiveStream: on a real host with the stream open, nothing
// arrives and no tick is scheduled while nothing changes (but the lease
// line's countdown, when what it shows changes).
func TestIdleWithLiveStream(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, one, "Idle")
	if _, err := one.Prompt(t.Context(), id, "one turn"); err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, one)
	cfg.SessionID = id
	a := drive(t, "idle", cfg, 80, 24)
	// The flow's last answers: the account, and the mirror written after the turn.
	a.see("You said: one turn", "● live", "idle", "◆ member user:ada")
	settled := func(msg tea.Msg) bool { e, ok := msg.(session.EventMsg); return ok && e.Ev.Type == client.EvRunSettled }
	account := func(msg tea.Msg) bool { _, ok := msg.(accountMsg); return ok }
	notes := func(msg tea.Msg) bool { _, ok := msg.(session.NotesMsg); return ok }
	never := func(tea.Msg) bool { return false }
	a.until("the mirror written, the account after the run and the notes of the opening", func(string) bool {
		return a.m.tiles.Focused().State().Mirror.State == "written" && a.answered(settled, account) && a.answered(never, notes) && !a.m.tiles.Focused().Flushes() &&
			!a.m.activity.Ticking() // the spinner's last tick, after the run, has come
	})
	// Idle now: no flush and no spin is pending, and the answers at hand
	// schedule none.
	ticks, spins := a.m.tiles.Ticks(), a.m.activity.Spins()
	a.drain()
	if a.m.tiles.Ticks() != ticks || a.m.tiles.Focused().Flushes() || a.m.activity.Spins() != spins || a.m.activity.Ticking() {
		t.Fatalf("ticks went from %d to %d, spins from %d to %d while idle", ticks, a.m.tiles.Ticks(), spins, a.m.activity.Spins())
	}
}

// drawnModel shows one word.
type drawnModel struct{}

func (drawnModel) Init() tea.Cmd                         { return nil }
func (m drawnModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (drawnModel) View() tea.View                        { return tea.NewView("drawn") }

// TestProgramDrawsOnDemand: the Bubble Tea this module builds with draws a
// frame when a view is rendered, not at the next tick of a ticker (the
// carried change in third_party/bubbletea; upstream's renderer ticks at the
// frame rate for the program's whole life, so at one frame a second its first
// frame comes a second after the start). Drop the carried copy for a version
// that ticks and this fails.
func TestProgramDrawsOnDemand(t *testing.T) {
	t.Parallel()
	out := make(chan struct{}, 1) // buffered: the frame may be written before the wait below starts
	w := writerFunc(func(b []byte) (int, error) {
		if strings.Contains(string(b), "drawn") {
			select {
			case out <- struct{}{}:
			default:
			}
		}
		return len(b), nil
	})
	p := tea.NewProgram(drawnModel{}, tea.WithInput(nil), tea.WithOutput(w),
		tea.WithWindowSize(80, 24), tea.WithFPS(1))
	done := make(chan error, 1)
	start := time.Now()
	go func() { _, err := p.Run(); done <- err }()
	select {
	case <-out:
	case err := <-done:
		t.Fatalf("program ended before drawing: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no frame after 10s")
	}
	if took := time.Since(start); took >= 900*time.Millisecond {
		t.Errorf("first frame after %v; a renderer drawing on demand draws it at once", took)
	}
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
