package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestAskWatch: the id of the session to watch, its field first (a small
// box cuts the words under it, never the field); an id that is no one word
// is refused in words, and one that is reports WatchID.
func TestAskWatch(t *testing.T) {
	d := NewAskWatch(uitest.Context(), "demo")
	d.SetSize(40, 10)
	says(t, d, "Watch a session", "Session id: ▏", "enter watches it · esc cancels")
	if _, act := d.Update(enter); act != nil {
		t.Fatalf("enter with no id reported %#v", act)
	}
	says(t, d, "✗ a session id is one word")
	d.Update(tea.PasteMsg{Content: " s3\n"})
	if strings.Contains(flat(d), "✗") {
		t.Errorf("the refusal stayed after the id was given: %s", flat(d))
	}
	_, act := d.Update(enter)
	reports(t, "enter", act, ui.Close{}, WatchID{ID: "s3"})
	d.SetSize(100, 30)
	says(t, d, "A session of graph demo opens here without this terminal claiming its lease")
}

// TestNotWatchable: an id the host does not show is said as such, with
// what works: another id, the person's sessions, and a chime only where
// one can be sent.
func TestNotWatchable(t *testing.T) {
	d := NewNotWatchable(uitest.Context(), "s9\x1b", "demo", true)
	d.SetSize(100, 30)
	says(t, d, "No session to watch", "The host has no session s9␛ on graph demo that you can read",
		"you can still chime into it", "watch another id", "your sessions", "chime into s9␛")
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	d.Update(down)
	_, act := d.Update(enter)
	reports(t, "watch another id", act, ui.Close{}, WatchAnother{})
	d = NewNotWatchable(uitest.Context(), "s9", "", true)
	d.Update(down)
	d.Update(down)
	_, act = d.Update(enter)
	reports(t, "your sessions", act, ui.Close{}, ShowSessions{})
	d = NewNotWatchable(uitest.Context(), "s9", "", true)
	for range 3 {
		d.Update(down)
	}
	_, act = d.Update(enter)
	reports(t, "chime", act, ui.Close{}, ChimeInto{ID: "s9"})
	d = NewNotWatchable(uitest.Context(), "s9", "", false)
	d.SetSize(100, 30)
	if s := flat(d); strings.Contains(s, "chime") || strings.Contains(s, "on graph") {
		t.Errorf("a public account is offered a chime, or a graph not known is named: %s", s)
	}
}
