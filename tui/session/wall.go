package session

import (
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The wall: up to MaxTiles sessions open at once, each a tile with its own
// stream, state and transcript. One tile has the focus: the composer, the
// lease line, the room and the queue are its, and sending, claiming,
// taking over and accepting a chime act on it alone. A session's messages
// find it by its generation (Of) whether it has the focus or not. The root
// decides which tiles are open and which has the focus (it moves the
// composer's draft with it); the wall keeps them, gives each session its
// generation and shares one flush tick among them.

// MaxTiles is how many sessions the wall shows at once.
const MaxTiles = 4

// Wall is the sessions open, one tile each, and the one with the focus.
type Wall struct {
	cfg     *Config
	tiles   []*Session
	focused *Session  // nil when none is open
	gen     int       // the generation the last session made was given
	armed   bool      // a flush tick is scheduled, for every tile
	armedAt time.Time // when it fires
	ticks   int       // flush ticks scheduled, for tests of idleness
	zoom    bool      // the focused tile fills the wall (wallkeys.go)
}

// NewWall is a wall with no session open, whose sessions share cfg.
func NewWall(cfg *Config) *Wall { return &Wall{cfg: cfg} }

// All is the open sessions, in the wall's order.
func (w *Wall) All() []*Session { return w.tiles }

// Focused is the session whose tile has the focus, nil when none is open.
func (w *Wall) Focused() *Session { return w.focused }

// Gen is the generation the last session made was given.
func (w *Wall) Gen() int { return w.gen }

// Ticks is how many flush ticks were scheduled, for tests of idleness.
func (w *Wall) Ticks() int { return w.ticks }

// Of is the open session whose generation gen is, nil when none is: a
// message of a session closed since is dropped.
func (w *Wall) Of(gen int) *Session {
	for _, s := range w.tiles {
		if s.gen == gen {
			return s
		}
	}
	return nil
}

// Index is the position of s among the tiles, -1 when it is not one.
func (w *Wall) Index(s *Session) int {
	for i, t := range w.tiles {
		if t == s {
			return i
		}
	}
	return -1
}

// Throttled reports whether s renders its tail and reads its stream at the
// slower pace of a tile glanced at, or not shown (behind a zoom, or past
// what the screen holds): every open session but the focused one.
func (w *Wall) Throttled(s *Session) bool { return len(w.tiles) > 1 && s != w.focused }

// Make is a new session of id, of the next generation, shown by view; it
// is not on the wall until Set puts it there.
func (w *Wall) Make(id string, view View) *Session {
	w.gen++
	return New(w.cfg, id, w.gen, view)
}

// Set makes sessions the open tiles, in order, none focused yet: the root
// gives one the focus (Focus).
func (w *Wall) Set(sessions []*Session) { w.tiles, w.focused, w.zoom = sessions, nil, false }

// Focus gives tile i the focus, keeping draft as the draft of the tile it
// leaves; it returns the session that had it and the one that has it now,
// or ok false when i is no tile or has the focus already.
func (w *Wall) Focus(i int, draft string) (left, came *Session, ok bool) {
	if i < 0 || i >= len(w.tiles) || w.tiles[i] == w.focused {
		return nil, nil, false
	}
	left, w.focused = w.focused, w.tiles[i]
	if left != nil {
		left.SetDraft(draft)
	}
	return left, w.focused, true
}

// Step is the tile d places on from the focused one (d 1 the next, -1 the
// one before), round the wall.
func (w *Wall) Step(d int) int {
	n := len(w.tiles)
	return ((w.Index(w.focused)+d)%n + n) % n
}

// Drop takes s off the wall; it returns where it was (-1 when it was no
// tile) and whether it had the focus (then none has it).
func (w *Wall) Drop(s *Session) (at int, focused bool) {
	at = w.Index(s)
	if at < 0 {
		return -1, false
	}
	w.tiles = append(w.tiles[:at:at], w.tiles[at+1:]...)
	if w.focused == s {
		w.focused = nil
		return at, true
	}
	return at, false
}

// Replace puts next in old's place on the wall, with the focus when old
// had it.
func (w *Wall) Replace(old, next *Session) {
	if i := w.Index(old); i >= 0 {
		w.tiles[i] = next
	}
	if w.focused == old {
		w.focused = next
	}
}

// CloseAll ends the streams of sessions and gives up the leases this terminal
// holds of them; the caller takes them off the wall.
func CloseAll(sessions []*Session) tea.Cmd {
	var cmds []tea.Cmd
	for _, s := range sessions {
		cmds = append(cmds, s.Close(s.Driving()))
	}
	return tea.Batch(cmds...)
}

// Driving is the ids of the open sessions this terminal holds the lease of.
func (w *Wall) Driving() []string {
	var ids []string
	for _, s := range w.tiles {
		if s.Driving() {
			ids = append(ids, s.id)
		}
	}
	return ids
}

// OpeningNote says which tiles are still opening, "" when none is.
func (w *Wall) OpeningNote() string {
	var opening []*Session
	for _, s := range w.tiles {
		if s.state == nil {
			opening = append(opening, s)
		}
	}
	switch len(opening) {
	case 0:
		return ""
	case 1:
		return "opening " + ui.SanitizeLine(opening[0].id) + "…"
	}
	return "opening " + strconv.Itoa(len(opening)) + " sessions…"
}

// RunsElsewhere warns, before quitting, of the runs under way in the
// tiles other than the focused one that this terminal drives: quitting
// gives their leases up and leaves them running with nobody driving; ""
// when there is none.
func (w *Wall) RunsElsewhere() string {
	var titles []string
	for _, t := range w.tiles {
		if t == w.focused || t.state == nil || t.state.Run != client.RunRunning || !t.Driving() {
			continue
		}
		titles = append(titles, "“"+ui.ClipRunes(ui.TitleLine(t.state.Title()), 24)+"”")
	}
	keys := &w.cfg.UI.Keys
	switch len(titles) {
	case 0:
		return ""
	case 1:
		return ", but a run is under way in " + titles[0] + " (another tile): it goes on with nobody driving (" +
			ui.KeyName(keys.TileRight) + " to it, " + ui.KeyName(keys.Abort) + " stops it)"
	}
	return ", but runs are under way in " + strings.Join(titles, ", ") + " (other tiles): they go on with nobody driving"
}

// Pace sets each tile's stream to read as its place asks: the focused one
// line by line, the others at a glance's pace (Session.PaceStream).
func (w *Wall) Pace() {
	for _, s := range w.tiles {
		s.PaceStream(w.Throttled(s))
	}
}

// A streaming reply's tail is drawn at a flush tick, one tick for every
// tile: the focused session's as its deltas are folded (onEvents), a tile
// without the focus once a second at most, its stream read in batches a
// few times a second. A session asks for the tick (ArmFlush); the root
// hands it to the wall (Arm) and, when it fires, hands it the tick
// (Flush), which has each tile render what is due.

// DrawsWithin reports whether the tile of generation gen is open, and
// whether a drawing of it is due within d of now: the shared flush tick,
// or its stream's next deltas (read.go). The run's spinner, due then,
// waits to be drawn with it.
func (w *Wall) DrawsWithin(gen int, now time.Time, d time.Duration) (open, due bool) {
	s := w.Of(gen)
	if s == nil {
		return false, false
	}
	return true, w.ArmedWithin(now, d) || s.Drawing(now)
}

// FlushMsg is the flush tick: render the streaming tails that are due; At
// is when the tick fired (zero when a test sends it: everything is due).
type FlushMsg struct{ At time.Time }

// Arm arms a flush tick for due unless one is armed for then or sooner.
func (w *Wall) Arm(due time.Time) tea.Cmd {
	if w.armed && !w.armedAt.After(due) {
		return nil
	}
	w.armed, w.armedAt = true, due
	w.ticks++
	return tea.Tick(max(time.Until(due), time.Millisecond), func(at time.Time) tea.Msg { return FlushMsg{At: at} })
}

// ArmedWithin reports whether a flush tick is armed to fire within d of
// now.
func (w *Wall) ArmedWithin(now time.Time, d time.Duration) bool {
	return w.armed && w.armedAt.Sub(now) <= d
}

// Flush renders the streaming tails that are due at the tick: the focused
// tile's at each tick, the others' once a second at most; a tick is armed
// again for the soonest still waiting. drew says a tile rendered, changed
// that what it shows changed.
func (w *Wall) Flush(msg FlushMsg) (drew, changed bool, cmd tea.Cmd) {
	w.armed = false
	now := msg.At
	if now.IsZero() { // a test's tick: everything is due
		now = time.Now().Add(TileFlushEvery)
	}
	var next time.Time
	for _, s := range w.tiles {
		flushed, ch, due := s.Flush(now, w.Throttled(s))
		drew, changed = drew || flushed, changed || ch
		if !due.IsZero() && (next.IsZero() || due.Before(next)) {
			next = due
		}
	}
	if next.IsZero() {
		return drew, changed, nil
	}
	return drew, changed, w.Arm(next)
}

// Update hands msg to the open session of its generation, told where it
// stands: p says what of the program's it needs (who the person is, the
// last key, the model key, the run's line), the wall whether its tile has
// the focus and whether it is throttled. A message of a session closed
// since changes nothing shown (Unchanged); a stream it opened is closed
// (Stray).
func (w *Wall) Update(msg Msg, p Place) (tea.Cmd, ui.Action) {
	s := w.Of(msg.For())
	if s == nil {
		return w.Stray(msg), Unchanged{}
	}
	p.Focused, p.Throttled = s == w.focused, w.Throttled(s)
	return s.Update(msg, p)
}

// Join is the tiles to open for id, a session this terminal just made (a
// new one, a fork), focused: beside the sessions of a wall, which it joins
// (at is its tile; joined says so), or alone when one session or none is
// open.
func (w *Wall) Join(id string) (ids []string, at int, joined string) {
	if len(w.tiles) < 2 {
		return []string{id}, 0, ""
	}
	for _, s := range w.tiles {
		ids = append(ids, s.id)
	}
	if at = slices.Index(ids, id); at < 0 {
		ids, at = append(ids, id), len(ids)
	}
	return ids, at, "it joined the wall: " + strconv.Itoa(len(ids)) + " sessions open (" +
		ui.KeyName(w.cfg.UI.Keys.Zoom) + " shows it alone)"
}
