package layout

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// part is every part the tests lay out: it keeps the size it was given and
// draws n lines named after it (at most its limit, as a pane does).
type part struct {
	name          string
	n             int
	width, height int
	sized         int // how often it was given a size
	active        bool
}

func (p *part) SetSize(w, h int) { p.width, p.height, p.sized = w, h, p.sized+1 }
func (p *part) Width() int       { return p.width }
func (p *part) Height() int {
	if p.name == "bar" && !p.active {
		return 0
	}
	if p.name == "composer" || p.name == "bar" {
		return p.n
	}
	return p.height
}
func (p *part) Active() bool { return p.active }
func (p *part) Lines() []string {
	n := p.n
	switch p.name {
	case "body", "tile":
		n = p.height
	case "account", "room", "queue":
		n = min(n, p.height)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = p.name + " " + strconv.Itoa(i)
	}
	return out
}
func (p *part) View() string { return strings.Join(p.Lines(), "\n") }
func (p *part) Cursor() *tea.Cursor {
	return tea.NewCursor(0, 1)
}
func (p *part) Focused() bool { return true }

// none is no overlay: the body as it is.
type none struct{}

func (none) Over(body []string, _ int) []string { return body }

// same is no overlay.
var same none

// last covers the body's last line.
type last struct{}

func (last) Over(body []string, _ int) []string { return append(body[:len(body)-1], "over") }

// session is a session screen's parts: a one-line run, two lines of
// composer, a ref, two lines of account, three of room, two of queue.
func session() *Session {
	return &Session{Title: "Leases", Facts: "facts", Body: &part{name: "body"}, Bar: &part{name: "bar"},
		Refs: []string{"refs 0"}, Account: &part{name: "account", n: 2}, Room: &part{name: "room", n: 3},
		Queue: &part{name: "queue", n: 2}, Lease: &part{name: "lease", n: 1}, Activity: &part{name: "run", n: 1},
		Composer: &part{name: "composer", n: 2}, Status: &part{name: "status", n: 1}, Over: same}
}

// plain is a drawn screen's lines without styling.
func plain(s string) []string { return strings.Split(xansi.Strip(s), "\n") }

// TestSessionScreen lays a session out at 80x24 under a one-line banner:
// the panes in their order, the transcript the rest, the cursor in the
// composer, and the mouse finds each part where it was drawn.
func TestSessionScreen(t *testing.T) {
	t.Parallel()
	s := New(uitest.Context(), "a banner\x1b[2J")
	s.SetSize(80, 24)
	v := session()
	s.SizeFixed(v.Activity, v.Status)
	s.ArrangeSession(v)
	if b := v.Body.(*part); b.width != 80 || b.height != 9 {
		t.Errorf("the transcript is %dx%d, want 80x9", b.width, b.height)
	}
	got, cur := s.DrawSession(v)
	lines := plain(got)
	want := []string{"header", "a banner␛[2J"}
	for i := range 9 {
		want = append(want, "body "+strconv.Itoa(i))
	}
	want = append(want, "queue 0", "queue 1", "room 0", "room 1", "room 2", "lease 0", "account 0", "account 1",
		"run 0", "refs 0", "composer 0", "composer 1", "status 0")
	if len(lines) != 24 {
		t.Fatalf("%d lines drawn:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	for i, w := range want[1:] {
		if strings.TrimRight(lines[i+1], " ") != w {
			t.Errorf("line %d is %q, want %q", i+1, lines[i+1], w)
		}
	}
	if !strings.HasPrefix(lines[0], "vehicle · Leases") || !strings.HasSuffix(lines[0], "facts") || xansi.StringWidth(lines[0]) != 80 {
		t.Errorf("the header: %q", lines[0])
	}
	if cur == nil || cur.Y != 22 {
		t.Errorf("the cursor: %+v, want on line 22", cur)
	}
	for y, want := range map[int]struct {
		spot ui.Spot
		line int
	}{2: {ui.SpotBody, 0}, 10: {ui.SpotBody, 8}, 11: {ui.SpotQueue, 0}, 13: {ui.SpotRoom, 0}, 16: {ui.SpotNone, 0},
		21: {ui.SpotComposer, 0}, 22: {ui.SpotComposer, 1}, 23: {ui.SpotNone, 0}, 0: {ui.SpotNone, 0}} {
		if spot, line := s.SpotAt(y); spot != want.spot || line != want.line {
			t.Errorf("line %d: spot %d line %d, want %d %d", y, spot, line, want.spot, want.line)
		}
	}
	if s.Wall() || s.Rows() != 0 {
		t.Error("one session laid out as a wall")
	}
}

// TestSessionScreenVariants: the search bar takes a line under the
// composer; a session gone has its words where the composer was; watching
// there is no composer; opening, a line stands in for the transcript.
func TestSessionScreenVariants(t *testing.T) {
	t.Parallel()
	s := New(uitest.Context(), "")
	s.SetSize(60, 20)
	v := session()
	v.Bar.(*part).active, v.Bar.(*part).n = true, 1
	v.Gone = []string{"gone 0", "gone 1", "gone 2"}
	v.Opening = "opening s1…"
	s.ArrangeSession(v)
	got, cur := s.DrawSession(v)
	lines := plain(got)
	if cur != nil || strings.TrimSpace(lines[2]) != "opening s1…" || !strings.Contains(got, "gone 2\nbar 0\nstatus 0") {
		t.Errorf("gone, opening, searching: cursor %v\n%s", cur, strings.Join(lines, "\n"))
	}
	v = session()
	v.ReadOnly = true
	s.ArrangeSession(v)
	if got, _ := s.DrawSession(v); strings.Contains(got, "composer") || len(plain(got)) != 20 || v.ComposerLines() != 0 {
		t.Errorf("watching:\n%s", got)
	}
}

// TestLayGrid chooses the grid that shows the most tiles readable, then
// the one whose tiles read best; with no tile readable, the focused one.
func TestLayGrid(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n, w, h                 int
		cols, rows, shown, rest int
	}{
		{2, 80, 20, 1, 2, 2, 0},
		{2, 160, 20, 2, 1, 2, 0},
		{4, 200, 58, 2, 2, 4, 0},
		{3, 160, 40, 3, 1, 3, 0},
		{4, 110, 12, 2, 1, 2, 1},
		{3, 40, 12, 1, 1, 1, 1},
	} {
		g := layGrid(c.n, c.w, c.h)
		if g.cols != c.cols || g.rows != c.rows || g.shown != c.shown || g.rest != c.rest {
			t.Errorf("%d tiles in %dx%d: %dx%d, %d shown, %d rest; want %dx%d, %d, %d", c.n, c.w, c.h,
				g.cols, g.rows, g.shown, g.rest, c.cols, c.rows, c.shown, c.rest)
		}
	}
}

// TestWall lays four tiles out where two fit side by side: the focused one
// (the last) and the first shown in the wall's order, a rule between
// them, the others named under them; the mouse finds each tile, and the
// focus moves by rows only where there are rows.
func TestWall(t *testing.T) {
	t.Parallel()
	s := New(uitest.Context(), "")
	s.SetSize(110, 24)
	v := session()
	var views []*part
	for i := range 4 {
		p := &part{name: "tile"}
		views = append(views, p)
		v.Tiles = append(v.Tiles, Tile{View: p, Name: "T" + strconv.Itoa(i), Lines: func(w int) []string {
			return append([]string{"head " + strconv.Itoa(i)}, p.Lines()...)
		}})
	}
	v.Focused = 3
	s.ArrangeSession(v)
	cols, rows, shown := s.Grid()
	if !s.Wall() || cols != 2 || rows != 1 || shown != 2 || s.Rows() != 1 {
		t.Fatalf("the grid: %dx%d, %d shown", cols, rows, shown)
	}
	if views[0].width != 54 || views[3].width != 55 || views[1].sized != 0 {
		t.Errorf("tile widths %d and %d; a tile not shown sized %d times", views[0].width, views[3].width, views[1].sized)
	}
	got, _ := s.DrawSession(v)
	lines := plain(got)
	if !strings.HasPrefix(lines[1], "head 0") || !strings.Contains(lines[1], "│head 3") {
		t.Errorf("the tiles' headers: %q", lines[1])
	}
	if !strings.Contains(got, "also open: T1 · T2 · alt+→ moves the focus there") {
		t.Errorf("the tiles not shown are not named:\n%s", got)
	}
	if tile, row, ok := s.TileAt(60, 3); !ok || tile != 3 || row != 2 {
		t.Errorf("at 60,3: tile %d row %d %v", tile, row, ok)
	}
	if _, _, ok := s.TileAt(54, 3); ok {
		t.Error("the rule between the tiles is a tile")
	}
	if _, _, ok := s.TileAt(10, 40); ok {
		t.Error("a line under the wall is a tile")
	}
	if _, ok := s.TileBy(3, 1); ok {
		t.Error("a row below one row")
	}
	v.Zoom = true
	s.ArrangeSession(v)
	if s.Wall() {
		t.Error("zoomed, the wall shows")
	}
}

// TestWallRows: four tiles in two rows: the focus moves a row up and down.
func TestWallRows(t *testing.T) {
	t.Parallel()
	s := New(uitest.Context(), "")
	s.SetSize(200, 60)
	v := session()
	for i := range 4 {
		v.Tiles = append(v.Tiles, Tile{View: &part{name: "tile"}, Lines: func(int) []string { return []string{"t" + strconv.Itoa(i)} }})
	}
	s.ArrangeSession(v)
	if to, ok := s.TileBy(0, 1); !ok || to != 2 {
		t.Errorf("below the first: %d %v", to, ok)
	}
	if to, ok := s.TileBy(3, -1); !ok || to != 1 {
		t.Errorf("above the last: %d %v", to, ok)
	}
	if _, ok := s.TileBy(1, -1); ok {
		t.Error("above the top row")
	}
}

// TestPickerScreen: the list takes what the header and the two lines under
// it leave; an overlay covers the list and the hints; a line of the list
// is its row for the mouse; the composer, not shown, is sized once.
func TestPickerScreen(t *testing.T) {
	t.Parallel()
	s := New(uitest.Context(), "")
	s.SetSize(70, 12)
	list, comp := &part{name: "body"}, &part{name: "composer"}
	p := Picker{Facts: "graph demo", List: list, Composer: comp, Note: "the note", Hint: "the keys",
		Over: last{}}
	s.ArrangePicker(p)
	s.ArrangePicker(p)
	if list.width != 70 || list.height != 9 || comp.sized != 1 || comp.width != 70 || comp.height != 4 {
		t.Errorf("list %dx%d; composer sized %d times, %dx%d", list.width, list.height, comp.sized, comp.width, comp.height)
	}
	lines := plain(s.DrawPicker(p))
	if len(lines) != 12 || !strings.HasPrefix(lines[0], "vehicle · your sessions") || lines[10] != "the note" || lines[11] != "over" {
		t.Errorf("the picker:\n%s", strings.Join(lines, "\n"))
	}
	if spot, row := s.SpotAt(3); spot != ui.SpotList || row != 2 || s.Kind() != KindPicker {
		t.Errorf("line 3: spot %d row %d", spot, row)
	}
}

// TestVisitScreen: the visit's lines take what the header, the rule, the
// account, the composer and the note leave; watching, the composer shows
// one line; the mouse acts on nothing.
func TestVisitScreen(t *testing.T) {
	t.Parallel()
	s := New(uitest.Context(), "")
	s.SetSize(60, 16)
	acct, comp := &part{name: "account", n: 5}, &part{name: "composer", n: 2}
	asked := 0
	v := &Visit{Title: "chiming into s9", Facts: "not yours", Body: func(h int) []string {
		asked = h
		return make([]string, h)
	}, Rule: "rule", Account: acct, Composer: comp, Note: "note", Over: same}
	s.ArrangeVisit(v)
	got, cur := s.DrawVisit(v)
	lines := plain(got)
	if acct.height != 3 || asked != 8 || len(lines) != 16 || lines[9] != "rule" || lines[15] != "note" || cur == nil || cur.Y != 14 {
		t.Errorf("account limit %d, body %d lines, cursor %+v:\n%s", acct.height, asked, cur, strings.Join(lines, "\n"))
	}
	if spot, _ := s.SpotAt(3); spot != ui.SpotNone || s.Kind() != KindVisit {
		t.Errorf("the visit's line 3 is spot %d", spot)
	}
	v.ReadOnly = true
	if got, _ := s.DrawVisit(v); strings.Count(got, "composer") != 1 {
		t.Errorf("watching, the composer shows %d lines", strings.Count(got, "composer"))
	}
}
