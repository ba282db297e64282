package tui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// TestViewIsPure draws without changing anything: the layout and the
// selections change in Update, and View hands over what Update drew.
func TestViewIsPure(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	h, focused := m.transcript.Height(), m.composer.Focused()
	m.room.Select(99)
	m.high = 12 // a change Update has not seen yet
	first := m.View().Content
	if again := m.View().Content; again != first {
		t.Error("two Views in a row drew different screens")
	}
	if m.room.Selected() != 99 || m.transcript.Height() != h || m.composer.Focused() != focused {
		t.Errorf("View changed the state: roomSel %d, transcript height %d (was %d), composer focused %v",
			m.room.Selected(), m.transcript.Height(), h, m.composer.Focused())
	}
	feed(m, tea.WindowSizeMsg{Width: 80, Height: 12})
	if m.room.Selected() != 0 || m.transcript.Height() >= h {
		t.Errorf("Update did not lay out: roomSel %d, transcript height %d", m.room.Selected(), m.transcript.Height())
	}
	if n := strings.Count(m.View().Content, "\n") + 1; n != 12 {
		t.Errorf("the screen is %d lines at 80x12", n)
	}
}

// TestOverlayStack opens the help over a dialog-free screen, then a dialog
// over the picker: the top one takes the keys, and closing it shows what
// is under it again, focus unchanged.
func TestOverlayStack(t *testing.T) {
	t.Parallel()
	m := driven(t, 80, 24)
	feed(m, keyF1)
	if _, ok := m.top().(*dialog.Help); !ok {
		t.Fatalf("f1 opened %T, want the help", m.top())
	}
	feed(m, keyEsc)
	if m.top() != nil || m.focus != focusSession {
		t.Errorf("esc left overlay %T, focus %d", m.top(), m.focus)
	}
	feed(m, keyF1)
	feed(m, typing("hello")...)
	if m.composer.Value() != "hello" || m.top() != nil {
		t.Errorf("words typed at the help: composer %q, overlay %T; want them in the composer, the help closed",
			m.composer.Value(), m.top())
	}
	m.composer.SetValue("")
	m.act(session.Offer{Gen: m.tiles.Gen(), Holder: lease("user:ada", "cli-two")}, nil)
	feed(m, keyF1)
	if _, ok := m.top().(*dialog.Offer); !ok {
		t.Errorf("f1 over the offer replaced it: top is %T", m.top())
	}
	if !strings.Contains(screen(m), "Take over or watch?") {
		t.Error("the offer is not on screen")
	}
	feed(m, press('w'))
	if m.top() == nil || m.composer.Value() != "w" {
		t.Errorf("w, opened by the program, answered the offer: top %T, composer %q", m.top(), m.composer.Value())
	}
	feed(m, keyEsc)
	if m.top() != nil || m.tiles.Focused().Role() != session.RoleWatch {
		t.Errorf("esc did not close the offer and watch: top %T, role %d", m.top(), m.tiles.Focused().Role())
	}
}

// TestRebindingChangesHints rebinds keys through Config: every hint on
// the screen and the help follow the new keys, and none names the old.
func TestRebindingChangesHints(t *testing.T) {
	t.Parallel()
	km := ui.DefaultKeyMap()
	km.TakeOver = key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "take over / take back"))
	km.Help = key.NewBinding(key.WithKeys("f9"), key.WithHelp("f9", "help"))
	km.Send = key.NewBinding(key.WithKeys("ctrl+l"), key.WithHelp("ctrl+l", "send / follow-up"))
	cfg := testConfig(t)
	cfg.Keys = &km
	m := opened(t, cfg, 100, 24, snapshot(lease("user:ada", "cli-other")), leaseHeld(lease("user:ada", "cli-other"), true))
	feed(m, keyEsc)
	got := screen(m)
	for _, want := range []string{"ctrl+l offers to take over · ctrl+x takes over", "f9 help"} {
		if !strings.Contains(got, want) {
			t.Errorf("the screen lacks %q:\n%s", want, got)
		}
	}
	feed(m, tea.KeyPressMsg{Code: tea.KeyF9})
	got = screen(m)
	if !strings.Contains(got, "ctrl+x") || !strings.Contains(got, "f9 or esc closes this") {
		t.Errorf("the help does not follow the key map:\n%s", got)
	}
	for _, old := range []string{"ctrl+t", "f1", "enter sends"} {
		if strings.Contains(got, old) {
			t.Errorf("the screen still names %q:\n%s", old, got)
		}
	}
}
