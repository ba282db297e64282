// Package mouse is the terminal UI's mouse: a click focuses a pane, or acts
// on the transcript, a tile of the wall or the picker's list (a second on
// the same spot soon after is a double click); the wheel scrolls what is
// under the pointer; capture can be given back to the terminal, whose own
// selection then works. Everything the mouse does has a key (f1).
//
// The root tells it what is under the pointer (Where, from the layout:
// tui/screen) and acts on what it reports, a closed set of actions
// (Action). It reads the shared ui.Context (the clock, the keys its words
// name) and never writes it.
package mouse

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// DoubleClick is how close two clicks on one spot come to be a double
// click.
const DoubleClick = 400 * time.Millisecond

// Mouse is where the last click was, and whether the program has the mouse.
type Mouse struct {
	ctx    *ui.Context
	last   tea.Mouse // where the last click was, for a double click
	lastAt time.Time // when
	off    bool      // capture is off: the terminal selects text
}

// New is the mouse of ctx, captured.
func New(ctx *ui.Context) *Mouse { return &Mouse{ctx: ctx} }

// Off reports whether capture is off: the terminal selects text.
func (m *Mouse) Off() bool { return m.off }

// Toggle turns capture off, so the terminal's own selection works, and
// back on; it says so.
func (m *Mouse) Toggle() ui.Action {
	m.off = !m.off
	if m.off {
		return ui.Note{Text: "your terminal selects text now · " + ui.KeyName(m.ctx.Keys.Mouse) + " gives the mouse back"}
	}
	return ui.Note{Text: "mouse on: the wheel scrolls the transcript"}
}

// Where is what is under the pointer, as the layout knows it: the part,
// and the line within it.
type Where struct {
	Spot ui.Spot
	Line int
}

// Click answers a click of the left button (the others do nothing): on
// the transcript, a tile or the picker's list it is a Click, on a pane a
// Focus.
func (m *Mouse) Click(msg tea.MouseClickMsg, at Where) Action {
	if msg.Button != tea.MouseLeft {
		return nil
	}
	now := m.ctx.Now()
	double := msg.X == m.last.X && msg.Y == m.last.Y && now.Sub(m.lastAt) < DoubleClick
	m.last, m.lastAt = tea.Mouse(msg), now
	switch at.Spot {
	case ui.SpotList, ui.SpotBody:
		return Click{Spot: at.Spot, X: msg.X, Line: at.Line, Double: double}
	case ui.SpotQueue, ui.SpotRoom, ui.SpotComposer:
		return Focus{Spot: at.Spot, Line: at.Line}
	}
	return nil
}

// Wheel answers the wheel: up scrolls back a step, down on.
func (m *Mouse) Wheel(msg tea.MouseWheelMsg, at Where) Action {
	by := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		by = -1
	case tea.MouseWheelDown:
		by = 1
	}
	return Scroll{Spot: at.Spot, X: msg.X, Line: at.Line, By: by, Wheel: msg}
}
