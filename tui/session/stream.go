package session

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The session's stream: opened, folded event by event into the reducer's
// state, its connection shown, reopened after a failure, its end said. A
// streaming reply's tail is drawn as its deltas are folded while the
// session has the focus; a tile without the focus has it drawn at the flush
// tick every tile shares (the root's), once in TileFlushEvery at most, its
// stream read in batches a few times a second (tileReadEvery), and a run's
// end at once, as it comes (drawEnd).

// Retrying a stream that could not be opened: after 0.5 s, then twice as
// long each time, at most 30 s.
const (
	streamRetryBase = 500 * time.Millisecond
	streamRetryMax  = 30 * time.Second
)

// tileReadEvery is how often the stream of a tile without the focus is
// read: its events come in a few batches a second, and the program wakes
// for them that often, not at every delta.
const tileReadEvery = 250 * time.Millisecond

// TileFlushEvery is how often a tile without the focus renders its
// streaming tail: a glance at it shows the reply moving, and four tiles
// streaming cost the terminal little more than the one being read.
const TileFlushEvery = time.Second

// openEvents opens the session's event stream after since.
func (s *Session) openEvents(since int64) tea.Cmd {
	s.states = make(chan client.ConnState, 8)
	return openStream(s.ctx, s.cfg.Client, s.gen, s.id, since, s.states, s.cfg.OnConnState)
}

// Close ends the session: its requests and its stream; release gives its
// lease up too (this terminal holds it).
func (s *Session) Close(release bool) tea.Cmd {
	s.cancel()
	return closeStream(s.cfg.Parent, s.cfg.Client, s.stream, s.id, release)
}

// Stray is what a message for a session closed since needs: a stream
// opened for it is closed.
func (w *Wall) Stray(msg Msg) tea.Cmd {
	if m, ok := msg.(StreamOpenedMsg); ok && m.Stream != nil {
		return closeStream(w.cfg.Parent, w.cfg.Client, m.Stream, "", false)
	}
	return nil
}

// onStreamOpened starts reading the stream.
func (s *Session) onStreamOpened(msg StreamOpenedMsg, p Place) (tea.Cmd, ui.Action) {
	if msg.Err != nil {
		return s.streamFailed(msg.Err, p)
	}
	s.stream, s.streamTries = msg.Stream, 0
	s.PaceStream(p.Throttled)
	return tea.Batch(nextEvents(s.stream, s.gen, &s.pace), nextConn(s.ctx, s.states, s.gen)), nil
}

// streamFailed answers a stream that could not be opened: the network's
// failure is tried again, later each time (as a dropped stream is); the
// host's refusal ends the stream and says why.
func (s *Session) streamFailed(err error, p Place) (tea.Cmd, ui.Action) {
	if !client.IsTransport(err) || s.ctx.Err() != nil {
		s.conn.Ended = true
		if p.Focused {
			return nil, ui.Failed{Err: err}
		}
		return nil, nil
	}
	s.streamTries++
	s.conn.Update(client.ConnState{Mode: client.ConnReconnecting, Attempt: s.streamTries})
	wait := min(streamRetryBase<<min(s.streamTries-1, 6), streamRetryMax)
	gen := s.gen
	return tea.Tick(wait, func(time.Time) tea.Msg { return ReopenMsg{Gen: gen} }), nil
}

// onReopen opens the stream again from the last event seen.
func (s *Session) onReopen() (tea.Cmd, ui.Action) {
	if s.state == nil || s.stream != nil {
		return nil, Unchanged{}
	}
	return openStream(s.ctx, s.cfg.Client, s.gen, s.id, s.state.Cursor, s.states, s.cfg.OnConnState), nil
}

// PaceStream reads the stream at the tiles' pace while the session is
// throttled; as events come otherwise, a run of deltas a flush interval at
// a time.
func (s *Session) PaceStream(throttled bool) {
	if s.stream == nil {
		return
	}
	if throttled {
		s.stream.SetPace(tileReadEvery)
		s.stream.SetDeltaPace(0)
	} else {
		s.stream.SetPace(0)
		s.stream.SetDeltaPace(s.cfg.FlushEvery) // a run of deltas read a flush interval at a time (nextEvents)
	}
}

// onEvent folds one event into the state and reads the next.
func (s *Session) onEvent(msg EventMsg, p Place) (tea.Cmd, ui.Action) {
	if s.state == nil {
		return nil, Unchanged{}
	}
	cmd, act, changed := s.fold(msg.Ev, p)
	changed = s.drawEnd(msg.Ev) || changed
	if !changed {
		act = ui.Join(act, Unchanged{})
	}
	return tea.Batch(cmd, nextEvents(s.stream, s.gen, &s.pace)), act
}

// drawEnd renders a tile's streaming tail at once when evs end a run, and
// reports whether what shows changed: a run's end is drawn as it comes on
// a tile without the focus too, never left for its next tick (its reply
// is drawn whole at message.completed; a run that ends without one, as an
// aborted run may, shows the text that streamed).
func (s *Session) drawEnd(evs ...client.Event) bool {
	if !s.flushes {
		return false // no tail waits for a tick
	}
	for _, ev := range evs {
		switch ev.Type {
		case client.EvMessageCompleted, client.EvRunEnded, client.EvRunSettled, client.EvRunError:
			s.flushes = false // a tick that comes finds nothing waiting
			changed := s.view.FlushStreams()
			s.flushes = s.view.StreamsBehind()
			return changed
		}
	}
	return false
}

// onEvents folds the events in order and reads the next; the screen is
// drawn again when any of them changed it. The focused session's deltas
// (the only one's, with one open) are drawn at once, with the spinner if it
// moved: its streaming text is rendered here, not at a flush tick (its folds
// arm none, see scheduleFlush), so a reply streaming in costs one message
// and one frame a flush interval. A tile without the focus keeps its slower
// flush tick (TileFlushEvery).
func (s *Session) onEvents(msg EventsMsg, p Place) (tea.Cmd, ui.Action) {
	if s.state == nil {
		return nil, Unchanged{}
	}
	cmds := make([]tea.Cmd, 0, len(msg.Evs)+1)
	var acts ui.Action
	dirty, deltas := false, false
	s.drawsNow = !p.Throttled
	for _, ev := range msg.Evs {
		cmd, act, changed := s.fold(ev, p)
		cmds, acts = append(cmds, cmd), ui.Join(acts, act)
		deltas = deltas || ev.Type == client.EvMessageDelta
		dirty = dirty || changed
	}
	s.drawsNow = false
	dirty = s.drawEnd(msg.Evs...) || dirty
	if deltas && !p.Throttled {
		// An armed tick that finds nothing waiting draws nothing.
		s.flushes = false
		dirty = s.view.FlushStreams() || p.Moved || dirty
		s.pace.Drawn = time.Now()
		if s.view.StreamsBehind() { // no more deltas may come soon: a tick draws it
			acts = ui.Join(acts, s.scheduleFlush(p))
		}
	}
	if !dirty {
		acts = ui.Join(acts, Unchanged{})
	}
	s.pace.Every = s.cfg.FlushEvery
	return tea.Batch(append(cmds, nextEvents(s.stream, s.gen, &s.pace))...), acts
}

// fold folds one event into the state and returns what it asks for;
// changed is false for a delta that made no new entry (its text is drawn
// at the flush).
func (s *Session) fold(ev client.Event, p Place) (cmd tea.Cmd, act ui.Action, changed bool) {
	before := len(s.state.Entries)
	backID, backOp, back := s.undelivered(ev)
	ch := s.state.Apply(ev)
	s.cost.Count(ev)
	act = ui.Join(s.afterAbort(ev), s.ConfirmFromStream())
	if back != "" {
		act = ui.Join(act, s.giveBack(backID, backOp, back))
	}
	if ev.Type == client.EvMessageDelta {
		s.view.EntriesChanged()
		return nil, ui.Join(act, s.scheduleFlush(p)), len(s.state.Entries) != before
	}
	if ch.Has(client.ChangeTranscript) {
		s.view.EntriesChanged()
	}
	if ch.Has(client.ChangeError) {
		act = ui.Join(act, s.logEventError(ev))
	}
	if ch.Has(client.ChangeLease) {
		s.stale = false
		act = ui.Join(act, s.leaseChanged(p.Focused))
	}
	if ev.Type == client.EvSessionRevived {
		s.stale = true // every command was interrupted; the lease is the host's to confirm
	}
	if s.state.Deleted {
		s.Mark(p.Focused, "this session was deleted")
		if p.Focused {
			act = ui.Join(act, ui.Note{}) // the lines under the transcript say where it went
		}
	}
	if p.Focused {
		act = ui.Join(act, KeepFocus{})
	}
	roomCmd, roomAct := s.onRoomEvent(ev, p)
	return tea.Batch(roomCmd, s.keepLease(), s.refreshFacts(ev, p.ModelKey)), ui.Join(act, roomAct, s.leaseEnded(ev)), true
}

// onRoomEvent answers the events the room cares about: a settled run
// refreshes the account, and a settled run or a new chime is a notice when
// the terminal is not focused.
func (s *Session) onRoomEvent(ev client.Event, p Place) (tea.Cmd, ui.Action) {
	switch ev.Type {
	case client.EvRunSettled:
		var act ui.Action
		if p.Focused { // the run settled: the abort is done, the follow-up no longer waits
			act = ui.Join(ClearNote{Was: "abort sent"}, ClearNote{Was: "queued as a follow-up"})
		}
		s.Mark(p.Focused, NeedSettled)
		return nil, ui.Join(act, FetchAccount{Gen: s.gen}, Notify{Text: "the run settled in “" + s.state.Title() + "”"})
	case client.EvChimeReceived:
		var v client.ChimeValue
		if ev.Decode(&v) != nil {
			return nil, nil
		}
		if s.Driving() {
			s.Mark(p.Focused, NeedChime)
		}
		return nil, Notify{Text: v.Author + " chimes in “" + s.state.Title() + "”: " + v.Text}
	case client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted:
		var v client.CommandValue
		if ev.Decode(&v) != nil || s.texts[v.CommandID] == "" || s.cancelling[v.CommandID] {
			return nil, nil // not this terminal's, or cancelled as asked
		}
		if ev.Type == client.EvCommandFailed {
			s.Mark(p.Focused, "a message of yours failed")
			return nil, s.giveBackFailed(v) // its text is the person's still: sent again at will
		} else {
			s.Mark(p.Focused, "a message of yours came back unsent")
		}
	}
	return nil, nil
}

// logEventError keeps an error an event reported in the errors list.
func (s *Session) logEventError(ev client.Event) ui.Action {
	var what string
	switch ev.Type {
	case client.EvCommandFailed:
		what = "the turn failed: "
	case client.EvRunError:
		what = "run error: "
	case client.EvExtensionError:
		what = "extension error: "
	default:
		return nil
	}
	at, _ := time.Parse(time.RFC3339Nano, ev.At)
	return LogError{Text: what + s.state.LastError, At: at}
}

// onConn shows a connection change and waits for the next.
func (s *Session) onConn(msg ConnMsg) tea.Cmd {
	lost := s.conn.State.Mode == client.ConnReconnecting
	var probe, said tea.Cmd
	if s.conn.Update(msg.State) {
		said = s.settleResume(s.conn.Resumes())
	}
	if lost && s.conn.Resumed && s.state != nil {
		probe = probeCursor(s.ctx, s.cfg.Client, s.gen, s.id, s.state.Cursor)
	}
	return tea.Batch(probe, said, nextConn(s.ctx, s.states, s.gen))
}

// ResumeShown is how long the status line says the stream resumed (and
// what its replay brought), before it says only the link as it is.
const ResumeShown = 5 * time.Second

// settleResume ends the words of resume n after ResumeShown (the
// config's, in tests).
func (s *Session) settleResume(n int) tea.Cmd {
	gen, d := s.gen, s.cfg.ResumeShown
	if d <= 0 {
		d = ResumeShown
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return ResumeSaidMsg{Gen: gen, Resume: n} })
}

// onStreamEnd shows that the stream ended, and why.
func (s *Session) onStreamEnd(msg StreamEndMsg, p Place) ui.Action {
	s.conn.Ended = true
	var act ui.Action
	if msg.Err != nil {
		act = ui.Failed{Err: msg.Err}
	}
	if client.ErrorCode(msg.Err) == client.CodeNotFound {
		// Deleted from another terminal (a stream cut just before the
		// event resumes into not_found), or no longer this person's.
		s.vanished = true
	}
	switch {
	case s.Gone():
		if s.state == nil || !s.state.Deleted { // a deletion was marked as such already
			s.Mark(p.Focused, "this session is gone")
		}
		if p.Focused {
			act = ui.Join(act, ui.Note{}) // the lines under the transcript say where it went
		}
	case msg.Err != nil:
		s.Mark(p.Focused, "its stream ended")
	}
	return act
}

// scheduleFlush marks the streaming tail to render at the next flush tick,
// and asks for one (ArmFlush) unless onEvents draws it as its fold ends.
func (s *Session) scheduleFlush(p Place) ui.Action {
	if s.flushes {
		return nil
	}
	s.flushes = true
	if s.drawsNow {
		return nil // onEvents draws it as the fold ends
	}
	return ArmFlush{Due: s.flushDue(time.Now(), p.Throttled)}
}

// flushDue is when the waiting tail may render, from now.
func (s *Session) flushDue(now time.Time, throttled bool) time.Time {
	due := now.Add(s.cfg.FlushEvery)
	if throttled {
		if later := s.flushedAt.Add(TileFlushEvery); later.After(due) {
			due = later
		}
	}
	return due
}

// Flush renders the streaming tail at the flush tick of now when it waits
// and is due (a throttled tile's once in TileFlushEvery); flushed says it
// rendered, changed that what shows changed, next when the tail is due
// again (zero when nothing waits).
func (s *Session) Flush(now time.Time, throttled bool) (flushed, changed bool, next time.Time) {
	if !s.flushes || s.state == nil {
		return false, false, time.Time{}
	}
	if throttled {
		if due := s.flushedAt.Add(TileFlushEvery); due.After(now) {
			return false, false, due
		}
		s.flushedAt = now
	}
	s.flushes = false
	changed = s.view.FlushStreams()
	if s.view.StreamsBehind() { // drawn again a flush interval on
		s.flushes = true
		next = s.flushDue(time.Now(), throttled)
	}
	return true, changed, next
}

// Driving reports whether this terminal holds the session's lease.
func (s *Session) Driving() bool {
	if s == nil || s.state == nil {
		return false
	}
	rel, _ := s.state.Lease()
	return rel == client.LeaseMine
}
