package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// The open sessions' streams: opened, folded event by event into the
// reducer's state (and the panes), their connection shown, reopened after
// a failure, their end said.

// onStreamOpened starts reading the stream.
func (m *Model) onStreamOpened(msg session.StreamOpenedMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil {
		if msg.Stream != nil {
			return closeStream(m.cfg.Context, m.cfg.Client, msg.Stream, "", false)
		}
		return nil
	}
	if msg.Err != nil {
		return m.streamFailed(s, msg.Err)
	}
	s.Stream, s.StreamTries = msg.Stream, 0
	m.paceStream(s)
	return tea.Batch(nextEvents(s.Stream, s.Gen, &s.Pace), nextConn(s.Ctx, s.States, s.Gen))
}

// streamFailed answers a stream that could not be opened: the network's
// failure is tried again, later each time (as a dropped stream is); the
// host's refusal ends the stream and says why.
func (m *Model) streamFailed(s *session.Session, err error) tea.Cmd {
	if !client.IsTransport(err) || s.Ctx.Err() != nil {
		s.Conn.Ended = true
		if s == m.sess {
			m.setErr(err)
		}
		return nil
	}
	s.StreamTries++
	s.Conn.Update(client.ConnState{Mode: client.ConnReconnecting, Attempt: s.StreamTries})
	wait := min(streamRetryBase<<min(s.StreamTries-1, 6), streamRetryMax)
	gen := s.Gen
	return tea.Tick(wait, func(time.Time) tea.Msg { return session.ReopenMsg{Gen: gen} })
}

// Retrying a stream that could not be opened: after 0.5 s, then twice as
// long each time, at most 30 s.
const (
	streamRetryBase = 500 * time.Millisecond
	streamRetryMax  = 30 * time.Second
)

// onReopen opens the stream again from the last event seen.
func (m *Model) onReopen(msg session.ReopenMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil || s.Stream != nil {
		m.dirty = false
		return nil
	}
	return openStream(s.Ctx, m.cfg.Client, s.Gen, s.ID, s.State.Cursor, s.States, m.cfg.OnConnState)
}

// onEvent folds one event into the state and reads the next.
func (m *Model) onEvent(msg session.EventMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil {
		m.dirty = false
		return nil
	}
	return tea.Batch(m.fold(s, msg.Ev), nextEvents(s.Stream, s.Gen, &s.Pace))
}

// fold folds one event into the state and returns what it asks for.
func (m *Model) fold(s *session.Session, ev client.Event) tea.Cmd {
	before := len(s.State.Entries)
	backID, backOp, back := s.Undelivered(ev)
	ch := s.State.Apply(ev)
	s.Cost.Count(ev)
	said := tea.Batch(m.act(s.AfterAbort(ev), nil), m.act(s.ConfirmFromStream(), nil))
	if back != "" {
		m.giveBack(s, backID, backOp, back)
	}
	if ev.Type == client.EvMessageDelta {
		m.dirty = len(s.State.Entries) != before
		viewOf(s).EntriesChanged()
		return tea.Batch(said, m.scheduleFlush(s))
	}
	if ch.Has(client.ChangeTranscript) {
		viewOf(s).EntriesChanged()
	}
	if ch.Has(client.ChangeError) {
		m.logEventError(s, ev)
	}
	if ch.Has(client.ChangeLease) {
		s.Stale = false
		said = tea.Batch(said, m.act(s.LeaseChanged(s == m.sess), nil))
	}
	if ev.Type == client.EvSessionRevived {
		s.Stale = true // every command was interrupted; the lease is the host's to confirm
	}
	if s.State.Deleted {
		s.Mark(s == m.sess, "this session was deleted")
		if s == m.sess {
			m.note = "" // the lines under the transcript say where it went
		}
	}
	if s == m.sess {
		m.keepFocus()
	}
	return tea.Batch(said, m.onRoomEvent(s, ev), s.KeepLease(), s.RefreshFacts(ev, m.hasModelKey()), m.act(s.LeaseEnded(ev), nil))
}

// onRoomEvent answers the events the room cares about: a settled run
// refreshes the account, and a settled run or a new chime is a notice when
// the terminal is not focused.
func (m *Model) onRoomEvent(s *session.Session, ev client.Event) tea.Cmd {
	switch ev.Type {
	case client.EvRunSettled:
		if m.note == "abort sent" && s == m.sess {
			m.note = "" // the run settled: the abort is done
		}
		s.Mark(s == m.sess, session.NeedSettled)
		return tea.Batch(fetchAccount(s.Ctx, m.cfg.Client),
			m.notify("the run settled in “"+s.State.Title()+"”"))
	case client.EvChimeReceived:
		var v client.ChimeValue
		if ev.Decode(&v) != nil {
			return nil
		}
		if m.driving(s) {
			s.Mark(s == m.sess, session.NeedChime)
		}
		return m.notify(v.Author + " chimes in “" + s.State.Title() + "”: " + v.Text)
	case client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted:
		var v client.CommandValue
		if ev.Decode(&v) != nil || s.Texts[v.CommandID] == "" || s.Cancelling[v.CommandID] {
			return nil // not this terminal's, or cancelled as asked
		}
		if ev.Type == client.EvCommandFailed {
			s.Mark(s == m.sess, "a message of yours failed")
		} else {
			s.Mark(s == m.sess, "a message of yours came back unsent")
		}
	}
	return nil
}

// onConn shows a connection change and waits for the next.
func (m *Model) onConn(msg session.ConnMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil {
		m.dirty = false
		return nil
	}
	resumed := s.Conn.Resumed
	s.Conn.Update(msg.State)
	var probe tea.Cmd
	if s.Conn.Resumed && !resumed && s.State != nil {
		probe = probeCursor(s.Ctx, m.cfg.Client, s.Gen, s.ID, s.State.Cursor)
	}
	return tea.Batch(probe, nextConn(s.Ctx, s.States, s.Gen))
}

// onStreamEnd shows that the stream ended, and why.
func (m *Model) onStreamEnd(msg session.StreamEndMsg) {
	s := m.current(msg.Gen)
	if s == nil {
		m.dirty = false
		return
	}
	s.Conn.Ended = true
	if msg.Err != nil {
		m.setErr(msg.Err)
	}
	if client.ErrorCode(msg.Err) == client.CodeNotFound {
		// Deleted from another terminal (a stream cut just before the
		// event resumes into not_found), or no longer this person's.
		s.Vanished = true
	}
	switch {
	case s.Gone():
		if s.State == nil || !s.State.Deleted { // a deletion was marked as such already
			s.Mark(s == m.sess, "this session is gone")
		}
		if s == m.sess {
			m.note = "" // the lines under the transcript say where it went
		}
	case msg.Err != nil:
		s.Mark(s == m.sess, "its stream ended")
	}
}
