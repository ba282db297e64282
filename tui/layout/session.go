package layout

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Session is what an open session's screen shows: the focused session's
// transcript (or the wall's tiles), the smaller panes, the composer and
// the status line.
type Session struct {
	Title, Facts string // the header's left and right
	Body         Body   // the focused session's transcript
	Opening      string // while the focused session opens, what stands in for its transcript; "" once open
	Tiles        []Tile // every open session, the focused one among them
	Focused      int    // the tile with the focus
	Zoom         bool   // the focused tile fills the wall
	Bar          Bar    // the search bar, under the composer while it shows
	Refs         []string
	Account      Pane
	Room         Pane
	Queue        Pane
	Lease        Line
	Activity     Lines
	Composer     Composer
	ReadOnly     bool     // watching: no composer
	Gone         []string // the lines that stand in for the composer of a session gone, nil when not gone
	Status       Line
	Over         Over
}

// side is the lines of the session's smaller panes, as laid out.
type side struct{ queue, room, account, refs []string }

// height is the lines the panes take.
func (p side) height() int { return len(p.queue) + len(p.room) + len(p.account) + len(p.refs) }

// Wall reports whether v shows as a wall of tiles: more than one session
// open, not zoomed.
func (v *Session) Wall() bool { return len(v.Tiles) > 1 && !v.Zoom }

// ComposerLines is the lines the composer takes: as many as its draft, up
// to its limit; those saying where a session gone went; none watching.
func (v *Session) ComposerLines() int {
	switch {
	case v.ReadOnly:
		return 0
	case v.Gone != nil:
		return len(v.Gone)
	}
	return v.Composer.Height()
}

// ArrangeSession lays the session's screen out: the composer as high as
// its draft, the smaller panes in at most half of what is left, the
// transcript (or the wall) the rest.
func (s *Screen) ArrangeSession(v *Session) {
	s.kind = KindSession
	s.sizeComposer(v.Composer)
	ch := v.ComposerLines()
	top := s.top() + len(v.Activity.Lines()) // the header, the banner, the run's line
	bar := v.Bar.Height()
	if bar > 0 {
		v.Bar.SetSize(s.width, 1)
	}
	s.side = s.sidePanes(v, s.height-top-2-ch-bar)
	h := max(s.height-top-2-ch-bar-s.side.height(), 1)
	body := h
	switch {
	case v.Wall():
		s.arrangeWall(v, h)
		body = s.grid.height
	case h != v.Body.Height() || v.Body.Width() != s.width:
		s.grid = grid{}
		v.Body.SetSize(s.width, h)
		body = v.Body.Height()
	default:
		s.grid = grid{}
		body = v.Body.Height()
	}
	v.Lease.SetSize(s.width, 1)
	s.at = spots{top: s.top(), body: body, queue: len(s.side.queue), room: len(s.side.room),
		between: 1 + len(s.side.account) + len(v.Activity.Lines()) + len(s.side.refs), composer: ch}
}

// sidePanes draws the smaller panes in at most half of avail lines (the
// transcript keeps the rest), the context refs first, then the account,
// the room and the queue.
func (s *Screen) sidePanes(v *Session, avail int) side {
	budget := max(avail-max(avail/2, 3), 0)
	take := func(lines []string) []string {
		lines = lines[:min(len(lines), budget)]
		budget -= len(lines)
		return lines
	}
	var p side
	p.refs = take(v.Refs)
	v.Account.SetSize(s.width, budget)
	p.account = take(v.Account.Lines())
	v.Room.SetSize(s.width, min(budget, 5))
	p.room = take(v.Room.Lines())
	v.Queue.SetSize(s.width, min(budget, 4))
	p.queue = take(v.Queue.Lines())
	return p
}

// DrawSession draws the session's screen as laid out, and places the
// cursor.
func (s *Screen) DrawSession(v *Session) (string, *tea.Cursor) {
	lines := s.heading(v.Title, v.Facts)
	top := len(lines)
	ch := v.ComposerLines()
	p := s.side
	lines = append(lines, s.body(v)...)
	lines = append(append(lines, p.queue...), p.room...)
	lines = append(lines, v.Lease.View())
	lines = append(lines, p.account...)
	lines = append(lines, v.Activity.Lines()...)
	lines = append(lines, p.refs...)
	var cur *tea.Cursor
	switch {
	case v.Gone != nil && ch > 0:
		lines = append(lines, v.Gone...)
	case ch > 0:
		if c := v.Composer.Cursor(); c != nil && v.Composer.Focused() {
			c.Position.Y += len(lines)
			cur = c
		}
		lines = append(lines, strings.Split(v.Composer.View(), "\n")[:ch]...)
	}
	if v.Bar.Active() {
		lines = append(lines, v.Bar.View())
	}
	lines = append(lines, v.Status.View())
	lines = append(lines[:top], v.Over.Over(lines[top:], s.width)...)
	return strings.Join(lines[:min(len(lines), s.height)], "\n"), cur
}

// body is the transcript, the wall, or what stands in for the transcript
// while the session opens.
func (s *Screen) body(v *Session) []string {
	switch {
	case v.Wall():
		return s.wallLines(v)
	case v.Opening == "":
		return v.Body.Lines()
	}
	body := make([]string, v.Body.Height())
	if len(body) > 1 {
		body[1] = s.ctx.Styles.Notice.Render("  " + v.Opening)
	}
	return body
}
