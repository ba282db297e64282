package keep

import (
	"crypto/sha256"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// The drafts are kept at the UI's end (Drafts), and also while it runs, so
// a UI that is killed (SIGKILL: nothing of it runs at its end) loses at
// most what was typed in the last seconds, in any tile: when the focus
// moves (between tiles, between the composer and a pane) and at a pause in
// typing, one write then, never one per key. Only a draft that changed is
// written again, and a session's draft only once its kept draft came back
// (before, an empty composer written would remove the draft still to come).

// Pause is how long the draft rests, changed, before it is kept.
const Pause = 2 * time.Second

// Shown is what the UI shows now, as the keeper reads it after every
// message.
type Shown struct {
	Focus int           // where the keys go (the root's focus)
	Tile  int           // the focused tile's generation, -1 with none
	Visit any           // the visit open (which one), nil with none
	Edits uint64        // the composer's count of changes
	Open  func() []Open // the draft of every open session, read when they are kept
}

// shown is what the keeper knows of the drafts it keeps as the UI runs.
type shown struct {
	edits   uint64              // the composer's changes when the drafts were last kept
	waiting bool                // a pause is waited for
	focus   int                 // the focus when last looked at
	tile    int                 // and the tile with it (its generation + 1: 0 is none)
	written map[string][32]byte // a draft's key: a digest of what was kept of it last
	loaded  map[int]bool        // the sessions (by generation) whose kept draft came back
	visit   any                 // the visit whose kept draft came back
	pause   time.Duration       // Pause; a test's that sends the pause itself: longer than the test
}

// SetPause sets how long the draft rests before it is kept (a test that
// sends PauseMsg itself sets one longer than the test).
func (k *Keeper) SetPause(d time.Duration) { k.shown.pause = d }

// Loaded is how many sessions' kept drafts came back (a test waits for
// them).
func (k *Keeper) Loaded() int { return len(k.shown.loaded) }

// Look keeps the drafts when the focus moved, or waits for a pause once
// the composer's draft changed; the root calls it after every message.
func (k *Keeper) Look(now Shown) tea.Cmd {
	d, ok := k.cfg.Drafts.(ShownDrafts)
	s := &k.shown
	if !ok || k.cfg.Watch {
		return nil
	}
	if now.Focus != s.focus || now.Tile+1 != s.tile {
		s.focus, s.tile = now.Focus, now.Tile+1
		return k.keepShown(d, now)
	}
	if now.Edits != s.edits && !s.waiting {
		s.waiting = true
		return s.waitPause(now.Edits)
	}
	return nil
}

// waitPause is the pause after the draft's changes counted edits.
func (s *shown) waitPause(edits uint64) tea.Cmd {
	pause := s.pause
	if pause == 0 {
		pause = Pause
	}
	return tea.Tick(pause, func(time.Time) tea.Msg { return PauseMsg{Edits: edits} })
}

// pause keeps the drafts when nothing changed the draft during the pause;
// else it waits for the next.
func (k *Keeper) pause(msg PauseMsg, now Shown) tea.Cmd {
	s := &k.shown
	s.waiting = false
	if now.Edits != msg.Edits {
		s.waiting = true
		return s.waitPause(now.Edits)
	}
	if d, ok := k.cfg.Drafts.(ShownDrafts); ok && !k.cfg.Watch {
		return k.keepShown(d, now)
	}
	return nil
}

// loaded notes that the kept draft of the session of generation gen came
// back (or could not be read): from now on its draft is kept as it is
// shown. visit is the visit open, for the visit's (VisitGen).
func (k *Keeper) loaded(gen int, visit any) {
	s := &k.shown
	switch {
	case gen == VisitGen:
		s.visit = visit
	case gen >= 0:
		if s.loaded == nil {
			s.loaded = map[int]bool{}
		}
		s.loaded[gen] = true
	}
}

// keepShown writes the drafts that changed since they were last kept, in
// the order the UI's writes go (before the saves at its end): those of the
// open sessions whose kept draft came back.
func (k *Keeper) keepShown(d ShownDrafts, now Shown) tea.Cmd {
	s := &k.shown
	s.edits = now.Edits
	if s.written == nil {
		s.written = map[string][32]byte{}
	}
	var todo []Draft
	for _, o := range open(now) {
		if o.Gen == VisitGen && (s.visit == nil || s.visit != now.Visit) || o.Gen != VisitGen && !s.loaded[o.Gen] {
			continue
		}
		dr := Draft{Key: k.Key(o.ID), Kept: o.Kept}
		sum := digest(dr.Kept)
		if old, ok := s.written[dr.Key]; ok && old == sum {
			continue
		}
		s.written[dr.Key] = sum
		todo = append(todo, dr)
	}
	if len(todo) == 0 {
		return nil
	}
	var failed error
	return k.writes.Cmd(func() error {
		for _, dr := range todo {
			failed = errors.Join(failed, d.KeepShown(dr.Key, dr.Kept))
		}
		return nil // at the end the drafts are saved after this: only a running UI says it failed
	}, func(error) tea.Msg {
		if failed != nil {
			return DraftMsg{Gen: -1, Saved: failed}
		}
		return nil
	})
}

// open is the open sessions' drafts now shows.
func open(now Shown) []Open {
	if now.Open == nil {
		return nil
	}
	return now.Open()
}

// digest is a digest of what is kept of a draft.
func digest(k KeptDraft) [32]byte {
	return sha256.Sum256([]byte(strings.Join(append([]string{k.Text, k.RequestID, k.Request, k.Op}, k.Refs...), "\x00")))
}
