package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/session"
)

// A streaming reply's tail is drawn at a flush tick, one tick for every
// tile: the focused session's as its deltas are folded (session.Session's
// onEvents), a tile without the focus once a second at most, its stream
// read in batches a few times a second. A session asks for the tick
// (session.ArmFlush); the root arms one for every tile and, when it fires,
// has each tile render what is due (session.Session.Flush).

// throttled reports whether s renders its tail and reads its stream at the
// slower pace of a tile glanced at, or not shown (behind a zoom, or past
// what the screen holds): every open session but the focused one.
func (m *Model) throttled(s *session.Session) bool { return len(m.tiles) > 1 && s != m.sess }

// armFlush arms a flush tick for due unless one is armed for then or
// sooner.
func (m *Model) armFlush(due time.Time) tea.Cmd {
	if m.flushArmed && !m.flushAt.After(due) {
		return nil
	}
	m.flushArmed, m.flushAt = true, due
	m.ticks++
	return flushAfter(max(time.Until(due), time.Millisecond), 0)
}

// onFlush renders the streaming tails that are due: the focused tile's at
// each tick, the others' once a second at most; a tick is armed again for
// the soonest still waiting.
func (m *Model) onFlush(msg flushMsg) tea.Cmd {
	m.flushArmed = false
	now := msg.at
	if now.IsZero() { // a test's tick: everything is due
		now = time.Now().Add(session.TileFlushEvery)
	}
	changed, any := false, false
	var next time.Time
	for _, s := range m.tiles {
		flushed, ch, due := s.Flush(now, m.throttled(s))
		any, changed = any || flushed, changed || ch
		if !due.IsZero() && (next.IsZero() || due.Before(next)) {
			next = due
		}
	}
	m.dirty = any && (changed || m.activity.Moved())
	if next.IsZero() {
		return nil
	}
	return m.armFlush(next)
}
