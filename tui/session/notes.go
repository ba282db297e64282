package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A snapshot carries the transcript's messages but not the notes the
// session's events made (run aborted, lease revoked, a fork, a body that
// died). On open the session reads the events up to the snapshot's cursor,
// in pages, folds them into a scratch state outside Update, and puts the
// notes they make in place, each after the message it followed. Long
// sessions are bounded: only the last notesMax events before the cursor
// are read, so an older note is not shown.

// readPastNotes reads the notes of the events up to upTo, as me sees them.
func (s *Session) readPastNotes(me client.Me, upTo int64) tea.Cmd {
	return readNotes(s.ctx, s.cfg.Client, s.gen, s.id, me, upTo)
}

// onNotes puts the notes of the opened session's past events in place. A
// failed read (msg.Err) costs only the notes it did not reach: the
// transcript itself came with the snapshot.
func (s *Session) onNotes(msg NotesMsg) ui.Action {
	if s.state == nil || s.state.FoldNotices(s.holdNotes(msg.Placed)) == 0 {
		return Unchanged{}
	}
	s.view.EntriesChanged()
	return RedrawStreams{}
}

// The header follows the session. What a session is (its funding, access,
// profile and model) comes with the snapshot at open; some of it changes
// with no event to say so: a credit session runs on the person's own key
// from the first request that brings one (the seed's first door), and the
// host's summary then says byok. The session reads the summary again when
// what it saw implies a change, and takes those facts from it.

// fundingStale reports whether the funding shown may be out of date: a
// model key goes with the requests (modelKey), and the session still reads
// credit; or it reads the house's, which the host was not asked about
// since the key came (a member's session stays on the house's key on the
// reference host; another host may move it to the person's).
func (s *Session) fundingStale(modelKey bool) bool {
	if s.state == nil || !modelKey {
		return false
	}
	switch s.state.Session.Funding {
	case ui.FundingCredit:
		return true
	case ui.FundingMember, "":
		return !s.keyAsked
	}
	return false
}

// refreshFacts reads the summary again when ev implies the funding shown
// changed: a run started or settled on a key given since the session
// opened.
func (s *Session) refreshFacts(ev client.Event, modelKey bool) tea.Cmd {
	if (ev.Type != client.EvRunStarted && ev.Type != client.EvRunSettled) || !s.fundingStale(modelKey) {
		return nil
	}
	if s.state.Session.Funding != ui.FundingCredit {
		s.keyAsked = true // once: the answer stands while the key does
	}
	return readFacts(s.ctx, s.cfg.Client, s.gen, s.id)
}

// onFacts takes what the session is from its summary read again; the
// lease, status, body, title and turns stay the events' (they may be
// newer than the listing).
func (s *Session) onFacts(msg FactsMsg) ui.Action {
	if s.state == nil || msg.Summary == nil {
		return Unchanged{}
	}
	now, was := msg.Summary, &s.state.Session
	was.Funding, was.Access, was.Profile, was.Isolation, was.Model = now.Funding, now.Access, now.Profile, now.Isolation, now.Model
	return nil
}
