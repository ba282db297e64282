package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// session is the open session: the reducer's state, the stream feeding it,
// and what this terminal means to do with it.
type session struct {
	id          string
	gen         int
	ctx         context.Context
	cancel      context.CancelFunc
	state       *client.State // nil until the snapshot arrives
	stream      *client.Stream
	states      chan client.ConnState
	conn        panes.Conn
	role        role
	created     bool                  // made by this terminal: the person's own, never watched
	offer       *client.Lease         // the lease of the other terminal, while the offer shows
	revoked     *client.LeaseEndValue // the revocation already acted on
	sending     bool                  // a text command or a chime is on its way
	flushes     bool                  // a flush tick is scheduled
	pace        pacer                 // when the stream last entered the loop
	texts       map[string]string     // the text of each command sent from this terminal
	cancelling  map[string]bool       // commands this terminal asked to cancel
	onOpen      string                // a note to show once the session has opened
	stale       bool                  // the host restarted: the lease is unconfirmed until it says otherwise
	reduced     bool                  // the host refused with access_reduced: read, never drive
	vanished    bool                  // the stream ended not_found: deleted elsewhere, or no longer the person's
	returned    []panes.LaneItem      // commands the host cancelled undelivered, waiting to be sent again
	unconfirmed *outgoing             // a send whose answer was lost, until the stream or a resend settles it
	timerFor    time.Time             // the lease expiry the lease timer is set for
	leaseSince  time.Time             // when that expiry was learnt: a key after it means the person is here
	cost        costs                 // what the session has cost (activity.go)
	lazy        lazyOpen              // what the transcript has not folded yet (lazy.go)
	stop        stopping              // an abort this terminal sent, and the follow-ups it held back (stop.go)
	showAt      time.Time             // when the countdown's next redraw is due (countdown.go)
	lapsed      time.Time             // the expiry of this terminal's lease the transcript said lapsed
}

// open closes the open session (releasing its lease) and opens id.
func (m *Model) open(id string) tea.Cmd {
	prevID, prevDraft := m.Draft()
	keep := saveDraft(m.cfg.Drafts, prevID, prevDraft)
	closing := m.closeSession()
	m.gen++
	ctx, cancel := context.WithCancel(m.cfg.Context)
	m.sess = &session{id: id, gen: m.gen, ctx: ctx, cancel: cancel, texts: map[string]string{},
		cancelling: map[string]bool{}}
	m.visit = nil
	m.activity.Reset(m.gen)
	m.room.Reset()
	m.queue.Reset()
	if m.cfg.Watch {
		m.sess.role = roleWatch
	}
	m.transcript.Open(m.sess)
	m.composer.SetValue("") // a draft for another session is not sent here
	m.focus, m.note = focusSession, "opening "+ui.SanitizeLine(id)+"…"
	m.setErr(nil)
	m.layout()
	watch := m.cfg.Watch || m.cfg.NoClaim
	if m.cfg.History != nil {
		m.composer.SetHistory(nil) // this session's, once read
	}
	return tea.Batch(keep, closing, openSession(ctx, m.cfg.Client, m.gen, id, m.me.Principal, watch, m.cfg.ClaimTTL),
		loadDraft(m.cfg.Drafts, m.gen, m.draftKey(id)), loadHistory(m.cfg.History, m.gen, m.draftKey(id)))
}

// closeSession ends the open session's stream and gives its lease up.
func (m *Model) closeSession() tea.Cmd {
	s := m.sess
	if s == nil {
		return nil
	}
	m.sess = nil
	m.transcript.Open(nil)
	release := m.driving(s)
	s.cancel()
	return closeStream(m.cfg.Context, m.cfg.Client, s.stream, s.id, release)
}

// driving reports whether this terminal holds s's lease.
func (c *common) driving(s *session) bool {
	if s == nil || s.state == nil {
		return false
	}
	rel, _ := s.state.Lease()
	return rel == client.LeaseMine
}

// current is the open session when msg's generation is its own.
func (c *common) current(gen int) *session {
	if c.sess == nil || c.sess.gen != gen {
		return nil
	}
	return c.sess
}

// onOpened takes the snapshot and the claim's outcome and opens the stream.
func (m *Model) onOpened(msg openedMsg) tea.Cmd {
	s := m.current(msg.gen)
	if s == nil {
		return nil
	}
	if msg.principal != "" {
		m.me.Principal = msg.principal
	}
	if msg.err != nil {
		m.sess = nil
		s.cancel()
		m.focus, m.note = focusPicker, ""
		m.setErr(msg.err)
		m.notYours(msg.err)
		m.layout()
		return m.reload("")
	}
	if msg.lazy != nil {
		s.state = client.NewStateLazy(m.me, msg.lazy)
	} else {
		s.state = client.NewState(m.me, msg.snap)
	}
	count := startLazy(s)
	s.cost.base(msg.snap)
	m.transcript.EntriesChanged()
	if s.onOpen != "" || m.note == "opening "+ui.SanitizeLine(s.id)+"…" {
		m.note = s.onOpen // not over what came first (the draft put back)
	}
	m.claimOutcome(s, msg)
	m.layout()
	keep := m.keepLease(s)
	s.states = make(chan client.ConnState, 8)
	return tea.Batch(openStream(s.ctx, m.cfg.Client, s.gen, s.id, msg.snap.Cursor, s.states, m.cfg.OnConnState),
		fetchAccount(s.ctx, m.cfg.Client), keep, readNotes(s.ctx, m.cfg.Client, s.gen, s.id, m.me, msg.snap.Cursor), count)
}

// claimOutcome sets the role from the claim made while opening: drive when
// it succeeded; otherwise watch, offering a takeover when the lease is held
// by another terminal of the same person.
func (m *Model) claimOutcome(s *session, msg openedMsg) {
	err := msg.claimErr
	if msg.claim == nil && err == nil {
		s.role = m.unclaimedRole(s) // not claimed: watching, or --no-claim
		return
	}
	if err == nil {
		s.role = roleDrive
		return
	}
	s.role = roleWatch
	var e *client.Error
	if errors.As(err, &e) {
		if d, ok := e.LeaseHeld(); ok {
			if d.CanTakeOver {
				m.offer(s, d.Holder)
			}
			return
		}
	}
	m.setErr(err)
}

// onStreamOpened starts reading the stream.
func (m *Model) onStreamOpened(msg streamOpenedMsg) tea.Cmd {
	s := m.current(msg.gen)
	if s == nil {
		if msg.stream != nil {
			return closeStream(m.cfg.Context, m.cfg.Client, msg.stream, "", false)
		}
		return nil
	}
	if msg.err != nil {
		s.conn.Ended = true
		m.setErr(msg.err)
		return nil
	}
	s.stream = msg.stream
	return tea.Batch(nextEvents(s.stream, s.gen, &s.pace), nextConn(s.ctx, s.states, s.gen))
}

// onEvent folds one event into the state and reads the next.
func (m *Model) onEvent(msg eventMsg) tea.Cmd {
	s := m.current(msg.gen)
	if s == nil || s.state == nil {
		m.dirty = false
		return nil
	}
	return tea.Batch(m.fold(s, msg.ev), nextEvents(s.stream, s.gen, &s.pace))
}

// fold folds one event into the state and returns what it asks for.
func (m *Model) fold(s *session, ev client.Event) tea.Cmd {
	before := len(s.state.Entries)
	backID, backOp, back := s.undelivered(ev)
	ch := s.state.Apply(ev)
	s.cost.count(ev)
	m.afterAbort(s, ev)
	m.confirmFromStream(s)
	if back != "" {
		m.giveBack(s, backID, backOp, back)
	}
	if ev.Type == client.EvMessageDelta {
		m.dirty = len(s.state.Entries) != before
		m.transcript.EntriesChanged()
		return m.scheduleFlush(s)
	}
	if ch.Has(client.ChangeTranscript) {
		m.transcript.EntriesChanged()
	}
	if ch.Has(client.ChangeError) {
		m.logEventError(s, ev)
	}
	if ch.Has(client.ChangeLease) {
		s.stale = false
		m.leaseChanged(s)
	}
	if ev.Type == client.EvSessionRevived {
		s.stale = true // every command was interrupted; the lease is the host's to confirm
	}
	if s.state.Deleted {
		m.note = "" // the lines under the transcript say where it went
	}
	m.keepFocus()
	return tea.Batch(m.onRoomEvent(s, ev), m.keepLease(s), m.refreshFacts(s, ev), m.onLeaseEnded(s, ev))
}

// onRoomEvent answers the events the room cares about: a settled run
// refreshes the account, and a settled run or a new chime is a notice when
// the terminal is not focused.
func (m *Model) onRoomEvent(s *session, ev client.Event) tea.Cmd {
	switch ev.Type {
	case client.EvRunSettled:
		if m.note == "abort sent" {
			m.note = "" // the run settled: the abort is done
		}
		return tea.Batch(fetchAccount(s.ctx, m.cfg.Client),
			m.notify("the run settled in “"+s.state.Title()+"”"))
	case client.EvChimeReceived:
		var v client.ChimeValue
		if ev.Decode(&v) != nil {
			return nil
		}
		return m.notify(v.Author + " chimes in “" + s.state.Title() + "”: " + v.Text)
	}
	return nil
}

// keepFocus moves the focus off a pane that has nothing left to show.
func (m *Model) keepFocus() {
	switch {
	case m.focus == focusQueue && len(m.laneItems()) == 0:
		m.focus = focusSession
	case m.focus == focusEntries && !m.transcript.HasSelectable():
		m.focus = focusSession
	}
}

// scheduleFlush arms the flush tick unless one is pending.
func (m *Model) scheduleFlush(s *session) tea.Cmd {
	if s.flushes {
		return nil
	}
	s.flushes = true
	m.ticks++
	return flushAfter(m.cfg.FlushEvery, s.gen)
}

// onFlush renders the streaming tail.
func (m *Model) onFlush(msg flushMsg) {
	s := m.current(msg.gen)
	if s == nil || s.state == nil {
		m.dirty = false
		return
	}
	s.flushes = false
	m.dirty = m.transcript.FlushStreams() || m.activity.Moved()
}

// leaseChanged follows the lease: taken over, this terminal watches; the
// offer closes when the other terminal let go.
func (m *Model) leaseChanged(s *session) {
	if r := s.state.Revoked; r != nil && r != s.revoked {
		s.revoked, s.role = r, roleWatch
		m.note = ""
	}
	rel, _ := s.state.Lease()
	if s.offer != nil && rel != client.LeaseMyOtherClient {
		s.offer, s.role = nil, roleDrive
		m.closeOffer()
	}
}

// onConn shows a connection change and waits for the next.
func (m *Model) onConn(msg connMsg) tea.Cmd {
	s := m.current(msg.gen)
	if s == nil {
		m.dirty = false
		return nil
	}
	resumed := s.conn.Resumed
	s.conn.Update(msg.state)
	var probe tea.Cmd
	if s.conn.Resumed && !resumed && s.state != nil {
		probe = probeCursor(s.ctx, m.cfg.Client, s.gen, s.id, s.state.Cursor)
	}
	return tea.Batch(probe, nextConn(s.ctx, s.states, s.gen))
}

// onStreamEnd shows that the stream ended, and why.
func (m *Model) onStreamEnd(msg streamEndMsg) {
	s := m.current(msg.gen)
	if s == nil {
		m.dirty = false
		return
	}
	s.conn.Ended = true
	if msg.err != nil {
		m.setErr(msg.err)
	}
	if client.ErrorCode(msg.err) == client.CodeNotFound {
		// Deleted from another terminal (a stream cut just before the
		// event resumes into not_found), or no longer this person's.
		s.vanished = true
	}
	if s.gone() {
		m.note = "" // the lines under the transcript say where it went
	}
}

// onClaimed makes this terminal the driver after a claim the person asked
// for.
func (m *Model) onClaimed(msg claimedMsg) {
	s := m.current(msg.gen)
	if s == nil {
		return
	}
	if msg.renewal {
		m.onRenewed(s, msg)
		return
	}
	if msg.err != nil {
		m.setErr(msg.err)
		return
	}
	m.setErr(nil)
	s.role, s.offer, s.stale = roleDrive, nil, false
	m.closeOffer()
	m.note = "you drive from this terminal"
	if msg.claim != nil && msg.claim.TookOverFrom != nil {
		m.note = "took over from " + ui.TerminalLabel(msg.claim.TookOverFrom.ClientID)
	}
}

// onRenewed takes the answer of a quiet renewal: the lease's event moves
// the timer on; a refusal (another terminal holds it now) says so.
func (m *Model) onRenewed(s *session, msg claimedMsg) {
	if msg.err == nil {
		m.dirty = false
		return
	}
	m.setErr(msg.err)
}
