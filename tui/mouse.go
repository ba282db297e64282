package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/transcript"
)

// The mouse: the wheel scrolls the tile or pane under the pointer; a click
// focuses a tile or a pane, opens a tool chip, selects a session in the
// picker; a double click opens the session, or copies a message's code.
// Everything the mouse does has a key (f1); f2 gives the mouse back to the
// terminal to select text.

// doubleClick is how close two clicks on one spot come to be a double
// click.
const doubleClick = 400 * time.Millisecond

// spot is a place on the screen the mouse can point at.
type spot int

const (
	spotNone     spot = iota
	spotBody          // the transcript, or a tile of the wall
	spotQueue         // the queue lane
	spotRoom          // the room pane
	spotComposer      // the composer
)

// region is where a spot is on the screen: lines y to y+h.
type region struct {
	what spot
	y, h int
}

// regions is where the session screen's spots are, as compose draws them.
func (m *Model) regions() []region {
	y := len(m.heading("", ""))
	body := m.transcript.Height()
	if m.wallShown() {
		body = m.wall.height
	}
	p := m.panes
	out := []region{{spotBody, y, body}}
	y += body
	out = append(out, region{spotQueue, y, len(p.queue)})
	y += len(p.queue)
	out = append(out, region{spotRoom, y, len(p.room)})
	y += len(p.room) + 1 + len(p.account) + len(m.activity.Lines()) + len(p.refs) // the lease line and the rest
	out = append(out, region{spotComposer, y, m.composerHeight()})
	return out
}

// spotAt is the spot at line y, and the line within it.
func (m *Model) spotAt(y int) (spot, int) {
	for _, r := range m.regions() {
		if y >= r.y && y < r.y+r.h {
			return r.what, y - r.y
		}
	}
	return spotNone, 0
}

// onClick answers a click of the left button.
func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || m.top() != nil {
		return nil
	}
	double := msg.X == m.lastClick.X && msg.Y == m.lastClick.Y && m.cfg.Now().Sub(m.lastClickAt) < doubleClick
	m.lastClick, m.lastClickAt = tea.Mouse(msg), m.cfg.Now()
	switch {
	case m.pickerShown():
		return m.clickPicker(msg.Y, double)
	case m.focus == focusVisit:
		return nil
	}
	what, line := m.spotAt(msg.Y)
	switch what {
	case spotBody:
		return m.clickBody(msg.X, line, double)
	case spotQueue:
		if m.paneReady(focusQueue) {
			m.focus = focusQueue
		}
	case spotRoom:
		if m.paneReady(focusRoom) {
			m.focus = focusRoom
		}
	case spotComposer:
		m.focus = focusSession
	}
	return nil
}

// clickBody focuses the tile clicked (on a wall) and hands the click to its
// transcript: a chip opens, a double click copies code.
func (m *Model) clickBody(x, line int, double bool) tea.Cmd {
	view := m.transcript
	if m.wallShown() {
		s, row, ok := m.tileAt(x, line)
		if !ok {
			return nil
		}
		if s != m.tiles.Focused() {
			m.focusTile(m.tiles.Index(s))
			return nil // the first click gives the focus; the next acts
		}
		view, line = viewOf(s), row
	}
	cmd, act := view.Click(line, double)
	return tea.Batch(cmd, m.act(act, view))
}

// tileAt is the tile at column x, line y of the wall, and the transcript's
// row there (-1 on the tile's header).
func (m *Model) tileAt(x, y int) (*session.Session, int, bool) {
	g := m.wall
	shown := m.shownTiles(g)
	top := 0
	for r := 0; r < g.rows; r++ {
		_, h := g.tileSize(0, r)
		if y >= top && y < top+h {
			left := 0
			for c := 0; c < g.cols; c++ {
				w, _ := g.tileSize(c, r)
				i := r*g.cols + c
				if x >= left && x < left+w && i < len(shown) {
					return shown[i], y - top - 1, true
				}
				left += w + 1
			}
			return nil, 0, false
		}
		top += h
	}
	return nil, 0, false
}

// clickPicker selects the session clicked; a double click opens it.
func (m *Model) clickPicker(y int, double bool) tea.Cmd {
	row := y - len(m.heading("", ""))
	cmd, act := m.picker.Click(row, double)
	return tea.Batch(cmd, m.act(act, m.picker))
}

// onWheel scrolls what is under the pointer: a tile of the wall, the
// transcript, the room's or the queue's selection, or the picker's.
func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -1
	case tea.MouseWheelDown:
		d = 1
	}
	switch {
	case m.pickerShown():
		m.picker.Update(msg)
	case m.focus.pane() || m.focus == focusSession:
		what, line := m.spotAt(msg.Y)
		switch what {
		case spotRoom:
			m.room.Scroll(d)
			return
		case spotQueue:
			m.queue.Scroll(d)
			return
		}
		view := m.transcript
		if what == spotBody && m.wallShown() {
			if s, _, ok := m.tileAt(msg.X, line); ok {
				view = viewOf(s)
			}
		}
		view.Scroll(d * transcript.WheelLines)
	}
}
