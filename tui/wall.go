package tui

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The wall's layout: the area the single view gives its transcript is cut
// into a grid of tiles, each a header line over its session's transcript.
// The grid is chosen by the area's shape: as many of the open sessions as
// fit at a readable size, side by side or stacked; the rest are named on a
// line under the grid.

// Tile bounds, in cells: narrower or lower tiles are not readable.
const (
	tileMinWidth  = 50
	tileMinHeight = 7 // the header and six lines of transcript
)

// grid is where the tiles go: cols x rows cells, the first shown tiles in
// reading order, each w x h (the header included); the last column and row
// take what division leaves.
type grid struct {
	cols, rows, shown int
	w, h              int
	width, height     int // the area
	rest              int // lines under the grid naming the tiles not shown
}

// wallShown reports whether the open sessions show as a wall of tiles:
// more than one open, not zoomed.
func (m *Model) wallShown() bool { return len(m.tiles.All()) > 1 && !m.zoom }

// layGrid chooses the grid for n tiles in an area width x height: the
// arrangement that shows the most tiles at a readable size, then the one
// whose tiles read best (the smaller of a tile's width and twice its
// height, as a cell is about twice as high as it is wide).
func layGrid(n, width, height int) grid {
	best, bestScore := grid{cols: 1, rows: 1, shown: 1, w: width, h: height}, -1
	for shown := min(n, session.MaxTiles); shown >= 1; shown-- {
		rest := 0
		if shown < n {
			rest = 1
		}
		for _, cr := range [][2]int{{shown, 1}, {1, shown}, {2, 2}} {
			cols, rows := cr[0], cr[1]
			if cols*rows < shown || (shown+cols-1)/cols != rows {
				continue // too few cells, or a row left empty
			}
			w := (width - (cols - 1)) / cols // a rule between columns
			h := (height - rest) / rows
			if w < tileMinWidth || h < tileMinHeight {
				continue
			}
			if score := min(w, 2*h); score > bestScore {
				best, bestScore = grid{cols: cols, rows: rows, shown: shown, w: w, h: h, rest: rest}, score
			}
		}
		if bestScore >= 0 {
			break
		}
	}
	best.width, best.height = width, height
	if bestScore < 0 { // not even one readable tile: the focused one, whole
		best.rest = min(1, n-1)
		best.h = height - best.rest
	}
	return best
}

// shownTiles is the tiles the grid shows: the focused one always among
// them, the others in their order.
func (m *Model) shownTiles(g grid) []*session.Session {
	if g.shown >= len(m.tiles.All()) {
		return m.tiles.All()
	}
	out := make([]*session.Session, 0, g.shown)
	out = append(out, m.tiles.Focused())
	for _, s := range m.tiles.All() {
		if len(out) == g.shown {
			break
		}
		if s != m.tiles.Focused() {
			out = append(out, s)
		}
	}
	// keep the wall's order on screen
	ordered := make([]*session.Session, 0, len(out))
	for _, s := range m.tiles.All() {
		for _, o := range out {
			if o == s {
				ordered = append(ordered, s)
			}
		}
	}
	return ordered
}

// tileSize is the width and height of the tile at column c, row r: the last
// column and row take what division leaves.
func (g grid) tileSize(c, r int) (w, h int) {
	w, h = g.w, g.h
	if c == g.cols-1 {
		w = g.width - (g.cols-1)*(g.w+1)
	}
	if r == g.rows-1 {
		h = g.height - g.rest - (g.rows-1)*g.h
	}
	return w, h
}

// arrangeWall sizes each shown tile's transcript for an area of the
// screen's width and height lines.
func (m *Model) arrangeWall(height int) {
	g := layGrid(len(m.tiles.All()), m.width, height)
	m.wall = g
	for _, s := range m.tiles.All() { // tiles turn pages (transcript/jump.go)
		viewOf(s).SetJump(true)
	}
	m.tiles.Pace() // those glanced at read slower
	for i, s := range m.shownTiles(g) {
		w, h := g.tileSize(i%g.cols, i/g.cols)
		viewOf(s).SetSize(w, max(h-1, 1)) // renderings are dropped only for another width
		viewOf(s).SetMarked(s == m.tiles.Focused() && m.focus == focusEntries)
	}
}

// wallLines draws the wall: the grid of tiles, and the line naming those
// not shown.
func (m *Model) wallLines() []string {
	g := m.wall
	tiles := m.shownTiles(g)
	out := make([]string, 0, g.height)
	rule := m.Styles.Rule.Render("│")
	for r := 0; r < g.rows; r++ {
		var cols [][]string
		_, h := g.tileSize(0, r)
		for c := 0; c < g.cols; c++ {
			i := r*g.cols + c
			w, _ := g.tileSize(c, r)
			var lines []string
			if i < len(tiles) {
				lines = tiles[i].TileLines(w, tiles[i] == m.tiles.Focused())
			}
			cols = append(cols, ui.FitLines(lines, h))
		}
		for l := 0; l < h; l++ {
			var b strings.Builder
			for c, col := range cols {
				if c > 0 {
					b.WriteString(rule)
				}
				w, _ := g.tileSize(c, r)
				b.WriteString(ui.Pad(col[l], w))
			}
			out = append(out, b.String())
		}
	}
	if g.rest > 0 {
		out = append(out, m.othersLine(tiles))
	}
	return ui.FitLines(out, g.height)
}

// othersLine names the tiles the grid cannot show, and the key that
// brings them.
func (m *Model) othersLine(shown []*session.Session) string {
	var names []string
	for _, s := range m.tiles.All() {
		in := false
		for _, o := range shown {
			in = in || o == s
		}
		if in {
			continue
		}
		name := ui.NameLine(s.ID())
		if s.State() != nil {
			name = ui.TitleLine(s.State().Title())
		}
		if s.Needs() != "" {
			name = "! " + name
		}
		names = append(names, name)
	}
	line := " also open: " + strings.Join(names, " · ") + " · " + ui.KeyName(m.Keys.TileRight) + " moves the focus there"
	return m.Styles.Notice.Render(xansi.Truncate(line, m.width, "…"))
}
