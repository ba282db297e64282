package mouse

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestClicks: a left click on the list or the body is a Click, on a pane
// a Focus with the pane's line clicked (a chime's, for the room to select
// it), elsewhere nothing; a second on the same spot within
// DoubleClick is a double click, one later or elsewhere is not; the other
// buttons do nothing and are not counted.
func TestClicks(t *testing.T) {
	t.Parallel()
	ctx := uitest.Context()
	now := uitest.Now
	ctx.Now = func() time.Time { return now }
	m := New(ctx)
	click := func(x, y int) tea.MouseClickMsg { return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft} }
	body := Where{Spot: ui.SpotBody, Line: 4}
	if a, ok := m.Click(click(3, 7), body).(Click); !ok || a.Double || a.X != 3 || a.Line != 4 || a.Spot != ui.SpotBody {
		t.Fatalf("a click on the body: %#v", a)
	}
	now = now.Add(DoubleClick / 2)
	if a := m.Click(tea.MouseClickMsg{X: 3, Y: 7, Button: tea.MouseRight}, body); a != nil {
		t.Errorf("the right button: %#v", a)
	}
	if a, _ := m.Click(click(3, 7), body).(Click); !a.Double {
		t.Error("a second click soon after on the same spot is not a double click")
	}
	now = now.Add(DoubleClick)
	if a, _ := m.Click(click(3, 7), Where{Spot: ui.SpotList, Line: 2}).(Click); a.Double || a.Spot != ui.SpotList || a.Line != 2 {
		t.Errorf("a click on the list, later: %#v", a)
	}
	if a, _ := m.Click(click(4, 7), body).(Click); a.Double {
		t.Error("a click on another spot is a double click")
	}
	for _, spot := range []ui.Spot{ui.SpotQueue, ui.SpotRoom, ui.SpotComposer} {
		if a, ok := m.Click(click(0, 0), Where{Spot: spot, Line: 2}).(Focus); !ok || a.Spot != spot || a.Line != 2 {
			t.Errorf("a click on spot %d: %#v", spot, a)
		}
	}
	if a := m.Click(click(0, 0), Where{Spot: ui.SpotNone}); a != nil {
		t.Errorf("a click on nothing: %#v", a)
	}
}

// TestWheel: up is a step back, down a step on, the others none; where it
// is and the message go with it.
func TestWheel(t *testing.T) {
	t.Parallel()
	m := New(uitest.Context())
	at := Where{Spot: ui.SpotRoom, Line: 1}
	for button, by := range map[tea.MouseButton]int{tea.MouseWheelUp: -1, tea.MouseWheelDown: 1, tea.MouseWheelLeft: 0} {
		msg := tea.MouseWheelMsg{X: 5, Y: 9, Button: button}
		a, ok := m.Wheel(msg, at).(Scroll)
		if !ok || a.By != by || a.Spot != ui.SpotRoom || a.X != 5 || a.Line != 1 || a.Wheel != msg {
			t.Errorf("wheel %v: %#v", button, a)
		}
	}
}

// TestToggle gives the mouse to the terminal and back, saying so with the
// key that does it.
func TestToggle(t *testing.T) {
	t.Parallel()
	m := New(uitest.Context())
	if m.Off() {
		t.Fatal("capture is off at start")
	}
	if n, _ := m.Toggle().(ui.Note); !m.Off() || n.Text != "your terminal selects text now · f2 gives the mouse back" {
		t.Errorf("off: %v, %q", m.Off(), n.Text)
	}
	if n, _ := m.Toggle().(ui.Note); m.Off() || n.Text != "mouse on: the wheel scrolls the transcript" {
		t.Errorf("on again: %v, %q", m.Off(), n.Text)
	}
	for _, a := range []ui.Action{Focus{}, Click{}, Scroll{}} {
		if a.Source() != ui.FromMouse {
			t.Errorf("%T is of source %d", a, a.Source())
		}
	}
}
