package reader

import (
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// apply folds one event into the open session's state and writes out what
// it changed: new entries once they are complete, the lease, the room's
// policy, new chimes and errors. Deltas write nothing: a reply is written
// when it completes.
func (r *reader) apply(s *session, ev client.Event) {
	st := s.state
	wasRunning := st.Run == client.RunRunning
	ch := st.Apply(ev)
	if ev.Type == client.EvMessageDelta || ch == 0 {
		return
	}
	settled := wasRunning && st.Run != client.RunRunning
	if settled {
		s.expect = false
	}
	if ev.Type == client.EvLeaseRevoked && st.Revoked != nil {
		r.revoked(s)
	}
	if ch.Has(client.ChangeTranscript) || settled {
		r.printEntries(s, settled)
	}
	if ch.Has(client.ChangeLease) {
		r.leaseChanged(s)
		r.keepLease(s)
	}
	if ch.Has(client.ChangeSession) && st.Session.RoomPolicy != s.policy && st.Session.RoomPolicy != "" {
		s.policy = st.Session.RoomPolicy
		r.say("room policy: %s", clean(s.policy))
	}
	if ch.Has(client.ChangeChimes) {
		r.announceChimes(s)
	}
	if ch.Has(client.ChangeError) && st.LastError != "" && !strings.Contains(s.lastNotice, st.LastError) {
		r.say("error: %s", clean(r.c.Scrub(st.LastError)))
	}
	if settled && r.ending {
		r.quit = true
	}
}

// printEntries writes out the entries after the last one written, in
// order, stopping at one that is not complete yet (a reply still streaming,
// a tool still running) unless flush is set (the run settled).
func (r *reader) printEntries(s *session, flush bool) {
	es := s.state.Entries
	for s.printed < len(es) {
		e := &es[s.printed]
		if !flush && unfinished(e) {
			return
		}
		s.printed++
		if e.Kind == client.EntryNotice {
			s.lastNotice = transcript.NoticeWords(e) + " " + e.Text
		}
		if !s.skip[s.printed-1] {
			r.printEntry(e)
		}
	}
}

// unfinished reports whether an entry is still changing.
func unfinished(e *client.Entry) bool {
	switch e.Kind {
	case client.EntryMessage:
		return e.Streaming
	case client.EntryTool:
		return e.ToolState == client.ToolRunning
	}
	return false
}

// printEntry writes one entry, labelled.
func (r *reader) printEntry(e *client.Entry) {
	switch {
	case e.Unreadable:
		r.say("unreadable entry: %s", clean(e.Text))
	case e.Kind == client.EntryTool:
		r.say("tool %s: %s", clean(orWords(e.ToolName, "unnamed")), toolWords(e.ToolState))
	case e.Kind == client.EntryNotice:
		r.say("notice: %s", clean(strings.TrimPrefix(transcript.NoticeWords(e), "✗ ")))
	case e.Role == client.RoleUser && e.Author != "":
		r.say("%s", labelled("chime from "+e.Author+", accepted", r.c.Scrub(e.Text)))
	case e.Role == client.RoleUser:
		r.say("%s", labelled("you", r.c.Scrub(e.Text)))
		if e.Failure != "" {
			r.say("notice: that turn failed: %s", clean(r.c.Scrub(e.Failure)))
		}
	case e.Role == client.RoleAssistant && e.Streaming:
		r.say("%s", labelled("assistant, cut short"+notKept(e), spoken(r.c.Scrub(e.Text))))
	case e.Role == client.RoleAssistant && strings.TrimSpace(e.Text) != "":
		r.say("%s", labelled("assistant"+notKept(e), spoken(r.c.Scrub(e.Text))))
	}
}

// labelled is "label: text", the text made inert; its later lines follow
// as they are.
func labelled(label, text string) string {
	text = strings.TrimSpace(cleanText(text))
	if text == "" {
		text = "(empty)"
	}
	return clean(label) + ": " + text
}

// toolWords is a tool chip's state in words.
func toolWords(state string) string {
	switch state {
	case client.ToolOK:
		return "ok"
	case client.ToolError:
		return "failed"
	}
	return "did not finish"
}

// orWords is s, or else when s is empty.
func orWords(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// revoked announces that this terminal's lease was revoked, in place of
// the transcript's notice of it: taken over by the person's other terminal,
// or ended by the host.
func (r *reader) revoked(s *session) {
	st := s.state
	if n := len(st.Entries) - 1; n >= 0 && st.Entries[n].Kind == client.EntryNotice {
		s.skip[n] = true
	}
	if st.Revoked.Reason == client.ReasonTakeover {
		s.rel = client.LeaseMyOtherClient // the claim that follows says nothing more
		r.say("your other terminal took over: it drives now. /take takes it back.")
		return
	}
	s.rel = client.LeaseNone
	r.say("you no longer drive: the host revoked the lease (%s). /take takes it again.", clean(orWords(st.Revoked.Reason, "no reason given")))
}

// leaseChanged announces a change of who drives.
func (r *reader) leaseChanged(s *session) {
	rel, _ := s.state.Lease()
	before := s.rel
	if rel == before {
		return
	}
	s.rel = rel
	switch {
	case rel == client.LeaseMine:
		r.say("you drive from this terminal.")
	case rel == client.LeaseMyOtherClient && before == client.LeaseMine:
		r.say("your other terminal took over: it drives now. /take takes it back.")
	case rel == client.LeaseNone && before == client.LeaseMine:
		r.say("you no longer drive: the lease ended. Sending takes it again.")
	default:
		r.say("%s", leaseWords(s.state))
	}
}

// leaseWords says who drives a session.
func leaseWords(st *client.State) string {
	rel, holder := st.Lease()
	switch rel {
	case client.LeaseMine:
		return "you drive from this terminal."
	case client.LeaseMyOtherClient:
		return "your other terminal drives. /take takes over."
	case client.LeaseOther:
		return clean(holder.Principal) + " drives this session."
	}
	return "nobody drives this session."
}

// announceChimes writes each pending chime not announced yet, with its
// number in /chimes.
func (r *reader) announceChimes(s *session) {
	for i, c := range s.state.Chimes {
		if s.chimes[c.ChimeID] {
			continue
		}
		s.chimes[c.ChimeID] = true
		r.say("chime from %s: %s", clean(orWords(c.Author, "someone")), clean(r.c.Scrub(c.Text)))
		if r.cfg.Watch {
			continue
		}
		r.say("  /accept %d sends it to the assistant, /reject %d declines it.", i+1, i+1)
	}
}

// notKept says the start of a streamed reply that was not kept (its
// message.completed never came): ", its first 330 KB not kept".
func notKept(e *client.Entry) string {
	if e.Cut <= 0 {
		return ""
	}
	return ", its first " + ui.Bytes(e.Cut) + " not kept"
}
