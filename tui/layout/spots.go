package layout

import "github.com/sophia-labs/vehicle/tui/ui"

// spots is where the parts of the screen laid out last went, in lines from
// the top, for the mouse: on the picker's screen the list under the top;
// on a session's the body (the transcript or the wall), the queue lane,
// the room, the lines between (the lease, the account, the run's line, the
// context refs) and the composer.
type spots struct {
	top                                  int
	body, queue, room, between, composer int
}

// SpotAt is the part at line y of the screen laid out last, and the line
// within it.
func (s *Screen) SpotAt(y int) (ui.Spot, int) {
	switch s.kind {
	case KindPicker:
		return ui.SpotList, y - s.at.top
	case KindVisit:
		return ui.SpotNone, 0
	}
	a := s.at
	for _, r := range []struct {
		what ui.Spot
		h    int
	}{{ui.SpotBody, a.body}, {ui.SpotQueue, a.queue}, {ui.SpotRoom, a.room}, {ui.SpotNone, a.between}, {ui.SpotComposer, a.composer}} {
		top := a.top
		a.top += r.h
		if y >= top && y < a.top && r.what != ui.SpotNone {
			return r.what, y - top
		}
	}
	return ui.SpotNone, 0
}

// Wall reports whether the screen laid out last is a wall of tiles.
func (s *Screen) Wall() bool { return s.kind == KindSession && s.grid.tiles != nil }

// Rows is how many rows of tiles the wall laid out last has; 0 when no
// wall shows.
func (s *Screen) Rows() int {
	if !s.Wall() {
		return 0
	}
	return s.grid.rows
}

// TileAt is the tile at column x, line y of the wall's area (the body),
// by its place among the tiles, and the transcript's row there (-1 on the
// tile's header); ok is false off the tiles.
func (s *Screen) TileAt(x, y int) (tile, row int, ok bool) {
	g := s.grid
	top := 0
	for r := 0; r < g.rows; r++ {
		_, h := g.tileSize(0, r)
		if y >= top && y < top+h {
			left := 0
			for c := 0; c < g.cols; c++ {
				w, _ := g.tileSize(c, r)
				i := r*g.cols + c
				if x >= left && x < left+w && i < len(g.tiles) {
					return g.tiles[i], y - top - 1, true
				}
				left += w + 1
			}
			return 0, 0, false
		}
		top += h
	}
	return 0, 0, false
}

// TileBy is the tile a row up (d -1) or down (d 1) from tile at on the
// wall, by its place among the tiles; ok is false when there is none.
func (s *Screen) TileBy(at, d int) (tile int, ok bool) {
	g := s.grid
	pos := -1
	for i, t := range g.tiles {
		if t == at {
			pos = i
		}
	}
	to := pos + d*g.cols
	if pos < 0 || to < 0 || to >= len(g.tiles) {
		return 0, false
	}
	return g.tiles[to], true
}

// Grid is the wall laid out last: its columns and rows of tiles, and how
// many tiles it shows (0 when no wall shows).
func (s *Screen) Grid() (cols, rows, shown int) {
	if !s.Wall() {
		return 0, 0, 0
	}
	return s.grid.cols, s.grid.rows, len(s.grid.tiles)
}
