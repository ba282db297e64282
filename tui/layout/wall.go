package layout

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

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

// maxShown is the most tiles the grid shows.
const maxShown = 4

// Tile is a tile of the wall, as the root gives it.
type Tile struct {
	View  Sized                    // its transcript, sized to the tile under its header
	Lines func(width int) []string // its header over its transcript, width wide
	Name  string                   // how the line under the wall names it
}

// grid is where the tiles go: cols x rows cells, the first shown tiles in
// reading order, each w x h (the header included); the last column and row
// take what division leaves.
type grid struct {
	cols, rows, shown int
	w, h              int
	width, height     int   // the area
	rest              int   // lines under the grid naming the tiles not shown
	tiles             []int // the tiles shown, in reading order: their places among the tiles given
}

// layGrid chooses the grid for n tiles in an area width x height: the
// arrangement that shows the most tiles at a readable size, then the one
// whose tiles read best (the smaller of a tile's width and twice its
// height, as a cell is about twice as high as it is wide).
func layGrid(n, width, height int) grid {
	best, bestScore := grid{cols: 1, rows: 1, shown: 1, w: width, h: height}, -1
	for shown := min(n, maxShown); shown >= 1; shown-- {
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

// shownTiles is the places of the tiles the grid shows, among n, in the
// wall's order: the focused one always among them, then the first others.
func (g grid) shownTiles(n, focused int) []int {
	shown := make([]bool, n)
	if focused >= 0 && focused < n {
		shown[focused] = true
	}
	for i, k := 0, 1; i < n && k < g.shown; i++ {
		if !shown[i] {
			shown[i] = true
			k++
		}
	}
	out := make([]int, 0, min(n, g.shown))
	for i, in := range shown {
		if in {
			out = append(out, i)
		}
	}
	return out
}

// containsInt reports whether xs holds x.
func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
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

// arrangeWall lays the wall out in an area of the screen's width and
// height lines, and sizes each shown tile's transcript to its tile under
// its header (renderings are dropped only for another width).
func (s *Screen) arrangeWall(v *Session, height int) {
	g := layGrid(len(v.Tiles), s.width, height)
	g.tiles = g.shownTiles(len(v.Tiles), v.Focused)
	s.grid = g
	for i, t := range g.tiles {
		w, h := g.tileSize(i%g.cols, i/g.cols)
		v.Tiles[t].View.SetSize(w, max(h-1, 1))
	}
}

// wallLines draws the wall: the grid of tiles, and the line naming those
// not shown.
func (s *Screen) wallLines(v *Session) []string {
	g := s.grid
	out := make([]string, 0, g.height)
	rule := s.ctx.Styles.Rule.Render("│")
	for r := 0; r < g.rows; r++ {
		var cols [][]string
		_, h := g.tileSize(0, r)
		for c := 0; c < g.cols; c++ {
			i := r*g.cols + c
			w, _ := g.tileSize(c, r)
			var lines []string
			if i < len(g.tiles) {
				lines = v.Tiles[g.tiles[i]].Lines(w)
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
		out = append(out, s.othersLine(v))
	}
	return ui.FitLines(out, g.height)
}

// othersLine names the tiles the grid cannot show, and the key that
// brings them.
func (s *Screen) othersLine(v *Session) string {
	var names []string
	for i, t := range v.Tiles {
		if !containsInt(s.grid.tiles, i) {
			names = append(names, t.Name)
		}
	}
	line := " also open: " + strings.Join(names, " · ") + " · " + ui.KeyName(s.ctx.Keys.TileRight) + " moves the focus there"
	return s.ctx.Styles.Notice.Render(xansi.Truncate(line, s.width, "…"))
}
