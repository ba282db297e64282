package tui

import (
	"crypto/sha256"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/visit"
)

// The drafts are kept at the UI's end (Drafts), and also while it runs, so
// a UI that is killed (SIGKILL: nothing of it runs at its end) loses at
// most what was typed in the last seconds, in any tile: when the focus
// moves (between tiles, between the composer and a pane) and at a pause in
// typing, one write then, never one per key. Only a draft that changed is
// written again, and a session's draft only once its kept draft came back
// (before, an empty composer written would remove the draft still to come).

// ShownDrafts is Drafts that also keeps a draft while the UI shows it
// (statefile.Drafts.KeepShown): a running terminal that opens the session
// finds it shared, and once this one is gone the next takes it as kept.
type ShownDrafts interface {
	Drafts
	// KeepShown keeps this terminal's draft of a session it shows; an
	// empty one removes it.
	KeepShown(key string, d KeptDraft) error
}

// draftPause is how long the draft rests, changed, before it is kept.
const draftPause = 2 * time.Second

// draftPauseMsg ends a pause in typing; edits is the composer's count of
// changes when it began.
type draftPauseMsg struct{ edits uint64 }

// shownKeeping is what the UI knows of the drafts it keeps as it runs.
type shownKeeping struct {
	edits   uint64              // the composer's changes when the drafts were last kept
	waiting bool                // a pause is waited for
	focus   focus               // the focus when last looked at
	tile    *session.Session    // and the tile with it
	written map[string][32]byte // a draft's key: a digest of what was kept of it last
	loaded  map[int]bool        // the sessions (by generation) whose kept draft came back
	visit   *visit.Visit        // the visit whose kept draft came back
	pause   time.Duration       // draftPause; a test's that sends the pause itself: longer than the test
}

// keepShownDrafts keeps the drafts when the focus moved, or waits for a
// pause once the composer's draft changed; called after every message.
func (m *Model) keepShownDrafts() tea.Cmd {
	d, ok := m.cfg.Drafts.(ShownDrafts)
	k := &m.shown
	if !ok || m.cfg.Watch {
		return nil
	}
	if tile := m.tiles.Focused(); m.focus != k.focus || tile != k.tile {
		k.focus, k.tile = m.focus, tile
		return m.keepShown(d)
	}
	if e := m.composer.Edits(); e != k.edits && !k.waiting {
		k.waiting = true
		return k.waitPause(e)
	}
	return nil
}

// waitPause is the pause after the draft's changes counted edits.
func (k *shownKeeping) waitPause(edits uint64) tea.Cmd {
	pause := k.pause
	if pause == 0 {
		pause = draftPause
	}
	return tea.Tick(pause, func(time.Time) tea.Msg { return draftPauseMsg{edits: edits} })
}

// onDraftPause keeps the drafts when nothing changed the draft during the
// pause; else it waits for the next.
func (m *Model) onDraftPause(msg draftPauseMsg) tea.Cmd {
	k := &m.shown
	k.waiting = false
	if e := m.composer.Edits(); e != msg.edits {
		k.waiting = true
		return k.waitPause(e)
	}
	if d, ok := m.cfg.Drafts.(ShownDrafts); ok && !m.cfg.Watch {
		return m.keepShown(d)
	}
	return nil
}

// draftLoaded notes that the kept draft of msg's session came back (or
// could not be read): from now on its draft is kept as it is shown.
func (m *Model) draftLoaded(msg draftMsg) {
	k := &m.shown
	switch {
	case msg.gen == visitGen:
		k.visit = m.visit
	case msg.gen >= 0:
		if k.loaded == nil {
			k.loaded = map[int]bool{}
		}
		k.loaded[msg.gen] = true
	}
}

// keepShown writes the drafts that changed since they were last kept, in
// the order the UI's writes go (before the saves at its end).
func (m *Model) keepShown(d ShownDrafts) tea.Cmd {
	k := &m.shown
	k.edits = m.composer.Edits()
	if k.written == nil {
		k.written = map[string][32]byte{}
	}
	var todo []Draft
	for _, dr := range m.shownDrafts() {
		sum := digest(dr.Kept)
		if old, ok := k.written[dr.Key]; ok && old == sum {
			continue
		}
		k.written[dr.Key] = sum
		todo = append(todo, dr)
	}
	if len(todo) == 0 {
		return nil
	}
	var failed error
	return m.writes.cmd(func() error {
		for _, dr := range todo {
			failed = errors.Join(failed, d.KeepShown(dr.Key, dr.Kept))
		}
		return nil // at the end the drafts are saved after this: only a running UI says it failed
	}, func(error) tea.Msg {
		if failed != nil {
			return draftMsg{gen: -1, saved: failed}
		}
		return nil
	})
}

// shownDrafts is the draft of every open session whose kept draft came
// back, as Drafts has them.
func (m *Model) shownDrafts() []Draft {
	k := &m.shown
	var out []Draft
	for _, d := range m.openDrafts() {
		if d.gen == visitGen && k.visit == m.visit || d.gen != visitGen && k.loaded[d.gen] {
			out = append(out, d.Draft)
		}
	}
	return out
}

// digest is a digest of what is kept of a draft.
func digest(k KeptDraft) [32]byte {
	return sha256.Sum256([]byte(strings.Join(append([]string{k.Text, k.RequestID, k.Request, k.Op}, k.Refs...), "\x00")))
}
