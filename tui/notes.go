package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// A snapshot carries the transcript's messages but not the notes the
// session's events made (run aborted, lease revoked, a fork, a body that
// died). On open the UI reads the events up to the snapshot's cursor, in
// pages, folds them into a scratch state outside Update, and puts the notes
// they make in place, each after the message it followed. Long sessions are
// bounded: only the last notesMax events before the cursor are read, so an
// older note is not shown.

const (
	notesPage = 500      // the host's page of events
	notesMax  = 40 * 500 // the most events read for notes on open
)

// readNotes reads the session's events up to upTo (at most notesMax of
// them, the latest) and collects the notes they make, as me sees them.
func readNotes(ctx context.Context, c *client.Client, gen int, id string, me client.Me, upTo int64) tea.Cmd {
	if upTo <= 0 {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		n := client.NewNotes(me, upTo)
		since := max(upTo-notesMax, 0)
		for pages := 0; pages < notesMax/notesPage+1; pages++ {
			res, err := c.Watch(ctx, id, since, 0)
			if err != nil {
				return session.NotesMsg{Gen: gen, Placed: n.Placed(), Err: err}
			}
			done := len(res.Events) == 0
			for _, ev := range res.Events {
				done = n.Apply(ev) || done
			}
			if done || res.Cursor <= since {
				break
			}
			since = res.Cursor
		}
		return session.NotesMsg{Gen: gen, Placed: n.Placed()}
	}
}

// onNotes puts the notes of the opened session's past events in place.
func (m *Model) onNotes(msg session.NotesMsg) {
	s := m.current(msg.Gen)
	// A failed read (msg.err) costs only the notes it did not reach: the
	// transcript itself came with the snapshot.
	if s == nil || s.State == nil || s.State.FoldNotices(s.HoldNotes(msg.Placed)) == 0 {
		m.dirty = false
		return
	}
	viewOf(s).EntriesChanged()
	m.redrawStreams()
}
