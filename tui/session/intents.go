package session

import "time"

// What the root tells a session that it cannot learn itself: what the
// person chose, what the tiles' focus did, what was kept between runs.

// Cancel ends the session's requests and its stream without a request
// (a tile dropped).
func (s *Session) Cancel() { s.cancel() }

// Watch says the person chose to watch rather than take the lease over.
func (s *Session) Watch() { s.role, s.offer = RoleWatch, nil }

// Reduce says the host refused with access_reduced: no take-over is
// offered from now on.
func (s *Session) Reduce() { s.reduced = true }

// MarkCreated says this terminal made the session: the person's own, whose
// next message claims the lease.
func (s *Session) MarkCreated() { s.created = true }

// KeepTTL says the session was made with a lease of ttl (the new-session
// form's): its claims and renewals ask for it, so that the host keeps it.
func (s *Session) KeepTTL(ttl time.Duration) { s.ttl = ttl }

// claimTTL is the lease a claim asks for: the session's own, else the
// terminal's (0: the host's).
func (s *Session) claimTTL() time.Duration {
	if s.ttl > 0 {
		return s.ttl
	}
	return s.cfg.ClaimTTL
}

// SayOnOpen keeps a note to say once the session has opened.
func (s *Session) SayOnOpen(note string) { s.onOpen = note }

// SetDraft keeps the composer's text while another tile has the focus.
func (s *Session) SetDraft(text string) { s.draft = text }

// SetHistory keeps the input history read for the session.
func (s *Session) SetHistory(items []string) { s.history = items }

// TakeFocus says the session's tile takes the focus: it returns the draft
// kept for the composer, and the tile's mark clears.
func (s *Session) TakeFocus() (draft string) {
	draft = s.draft
	s.draft, s.needs = "", ""
	return draft
}

// Inherit takes what a session read again keeps of old, the one it
// replaces: the draft and the history; note is said once it has opened.
func (s *Session) Inherit(old *Session, note string) {
	s.draft, s.history, s.onOpen = old.draft, old.history, note
}

// KeepUnanswered takes back a message sent by an earlier run with no
// answer: it waits in the queue lane, where enter sends the same request
// again (the host runs it once).
func (s *Session) KeepUnanswered(out Outgoing) {
	s.unconfirmed = &out
	s.texts[out.RequestID] = out.Text
}

// Remember keeps the text of a command this terminal sent, by its id.
func (s *Session) Remember(commandID, text string) { s.texts[commandID] = text }
