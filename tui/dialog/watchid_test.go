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
