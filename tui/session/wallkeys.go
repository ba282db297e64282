package session

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Grid is where the wall's tiles are drawn (tui/layout's Screen): how many
// rows of tiles, and the tile a row up or down from one.
type Grid interface {
	Rows() int
	TileBy(at, d int) (tile int, ok bool)
}

// Zoomed reports whether the focused tile fills the wall.
func (w *Wall) Zoomed() bool { return w.zoom }

// OnKey moves the focus between the tiles (FocusTile) and zooms the
// focused tile to the whole wall and back, on the wall's keys; ok is false
// for other keys, and for alt+↑/↓ with no tile above or below in grid
// (they scroll then).
func (w *Wall) OnKey(msg tea.KeyPressMsg, grid Grid) (act ui.Action, ok bool) {
	k := &w.cfg.UI.Keys
	n := len(w.tiles)
	switch {
	case key.Matches(msg, k.Zoom):
		if n < 2 {
			return ui.Note{Text: "one session open: " + ui.KeyName(k.Sessions) + " then " + ui.KeyName(k.Mark) +
				" marks sessions to open together"}, true
		}
		w.zoom = !w.zoom
		if w.zoom {
			return ui.Note{Text: "zoomed: " + ui.KeyName(k.Zoom) + " shows the wall again"}, true
		}
		return ui.Note{Text: "the wall: " + strconv.Itoa(n) + " sessions"}, true
	case n < 2:
		return nil, false
	case key.Matches(msg, k.TileRight):
		return FocusTile{Tile: w.Step(1)}, true
	case key.Matches(msg, k.TileLeft):
		return FocusTile{Tile: w.Step(-1)}, true
	case grid.Rows() < 2:
		return nil, false
	case key.Matches(msg, k.TileUp, k.TileDown): // a row up or down; false when there is none
		d := 1
		if key.Matches(msg, k.TileUp) {
			d = -1
		}
		to, ok := grid.TileBy(w.Index(w.focused), d)
		if !ok {
			return nil, false
		}
		return FocusTile{Tile: to}, true
	}
	return nil, false
}
