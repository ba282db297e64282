package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestHeldAsks: what an abort held back is listed, steers first and each
// made inert; no puts it back in the composer (marked the safe answer),
// yes sends it now, in order; one text is asked of in the singular.
func TestHeldAsks(t *testing.T) {
	d := NewHeld(uitest.Context(), 4, []string{"be brief"}, []string{"keep this one", "and \x1b[2Jthis"})
	d.SetSize(100, 30)
	says(t, d, "Run aborted", "The steer you sent was not taken in before the run ended:", "· be brief",
		"The 2 follow-ups you queued behind it were held back, not sent:", "· keep this one", "· and ␛[2Jthis",
		"Do they still go?", "▸ no: back in the composer", "yes: send them now, in order")
	texts := []string{"be brief", "keep this one", "and \x1b[2Jthis"}
	_, act := d.Update(enter)
	var back HeldBack
	ui.Each(act, func(a ui.Action) {
		if h, ok := a.(HeldBack); ok {
			back = h
		}
	})
	if back.Gen != 4 || back.Steers != 1 || strings.Join(back.Texts, "|") != strings.Join(texts, "|") {
		t.Errorf("no: %#v", act)
	}
	d = NewHeld(uitest.Context(), 4, nil, []string{"second"})
	d.SetSize(100, 30)
	says(t, d, "The follow-up you queued behind it was held back, not sent:", "Does it still go?", "yes: send it now")
	if strings.Contains(flat(d), "steer") {
		t.Errorf("no steer held, one said: %s", flat(d))
	}
	d.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	_, act = d.Update(enter)
	var send SendHeld
	ui.Each(act, func(a ui.Action) {
		if s, ok := a.(SendHeld); ok {
			send = s
		}
	})
	if send.Gen != 4 || strings.Join(send.Texts, "|") != "second" {
		t.Errorf("yes: %#v", act)
	}
	d = NewHeld(uitest.Context(), 4, []string{"a", "b"}, nil)
	d.SetSize(100, 30)
	says(t, d, "The 2 steers you sent were not taken in before the run ended:")
}
