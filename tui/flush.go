package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/session"
)

// A streaming reply's tail is drawn at a flush tick, one tick for every
// tile: the focused session's as its deltas are folded (stream_batch.go),
// a tile without the focus once a second at most, its stream read in
// batches a few times a second.

// scheduleFlush marks s's streaming tail to render at the next flush tick,
// and arms one unless a tick that soon is armed: one tick for every tile, so
// that tiles streaming at once share their frames. A tile of the wall
// without the focus renders at most once in tileFlushEvery.
func (m *Model) scheduleFlush(s *session.Session) tea.Cmd {
	if s.Flushes {
		return nil
	}
	s.Flushes = true
	if s == m.drawsNow {
		return nil // onEvents draws it as the fold ends
	}
	return m.armFlush(m.flushDue(s, time.Now()))
}

// flushDue is when s's waiting tail may render, from now.
func (m *Model) flushDue(s *session.Session, now time.Time) time.Time {
	due := now.Add(m.cfg.FlushEvery)
	if m.throttled(s) {
		if later := s.FlushedAt.Add(tileFlushEvery); later.After(due) {
			due = later
		}
	}
	return due
}

// throttled reports whether s renders its tail and reads its stream at the
// slower pace of a tile glanced at, or not shown (behind a zoom, or past
// what the screen holds): every open session but the focused one.
func (m *Model) throttled(s *session.Session) bool { return len(m.tiles) > 1 && s != m.sess }

// tileReadEvery is how often the stream of a tile without the focus is
// read: its events come in a few batches a second, and the program wakes
// for them that often, not at every delta.
const tileReadEvery = 250 * time.Millisecond

// paceStream reads s's stream at the tiles' pace while s is throttled, as
// events come otherwise, a run of deltas a flush interval at a time.
func (m *Model) paceStream(s *session.Session) {
	if s.Stream == nil {
		return
	}
	if m.throttled(s) {
		s.Stream.SetPace(tileReadEvery)
		s.Stream.SetDeltaPace(0)
	} else {
		s.Stream.SetPace(0)
		s.Stream.SetDeltaPace(m.cfg.FlushEvery) // a run of deltas read a flush interval at a time (nextEvents)
	}
}

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

// tileFlushEvery is how often a tile without the focus renders its
// streaming tail: a glance at it shows the reply moving, and four tiles
// streaming cost the terminal little more than the one being read.
const tileFlushEvery = time.Second

// onFlush renders the streaming tails that are due: the focused tile's at
// each tick, the others' once tileFlushEvery has passed since their last;
// a tick is armed again for the soonest still waiting.
func (m *Model) onFlush(msg flushMsg) tea.Cmd {
	m.flushArmed = false
	now := msg.at
	if now.IsZero() { // a test's tick: everything is due
		now = time.Now().Add(tileFlushEvery)
	}
	changed, any := false, false
	var next time.Time
	for _, s := range m.tiles {
		if !s.Flushes || s.State == nil {
			continue
		}
		if m.throttled(s) {
			if due := s.FlushedAt.Add(tileFlushEvery); due.After(now) {
				if next.IsZero() || due.Before(next) {
					next = due
				}
				continue
			}
			s.FlushedAt = now
		}
		s.Flushes, any = false, true
		changed = viewOf(s).FlushStreams() || changed
		if viewOf(s).StreamsBehind() { // drawn again a flush interval on
			s.Flushes = true
			if due := m.flushDue(s, time.Now()); next.IsZero() || due.Before(next) {
				next = due
			}
		}
	}
	m.dirty = any && (changed || m.activity.Moved())
	if next.IsZero() {
		return nil
	}
	return m.armFlush(next)
}
