package tui

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/transcript"
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
	created     bool                   // made by this terminal: the person's own, never watched
	offer       *client.Lease          // the lease of the other terminal, while the offer shows
	revoked     *client.LeaseEndValue  // the revocation already acted on
	sending     bool                   // a text command or a chime is on its way
	flushes     bool                   // a flush tick is scheduled
	flushedAt   time.Time              // when its streaming tail was last rendered as a tile without the focus
	pace        pacer                  // when the stream last entered the loop
	texts       map[string]string      // the text of each command sent from this terminal
	cancelling  map[string]bool        // commands this terminal asked to cancel
	onOpen      string                 // a note to show once the session has opened
	stale       bool                   // the host restarted: the lease is unconfirmed until it says otherwise
	reduced     bool                   // the host refused with access_reduced: read, never drive
	vanished    bool                   // the stream ended not_found: deleted elsewhere, or no longer the person's
	returned    []panes.LaneItem       // commands the host cancelled undelivered, waiting to be sent again
	unconfirmed *outgoing              // a send whose answer was lost, until the stream or a resend settles it
	outbound    *outgoing              // the send on its way (sending is true), until its answer
	timerFor    time.Time              // the lease expiry the lease timer is set for
	leaseSince  time.Time              // when that expiry was learnt: a key after it means the person is here
	cost        costs                  // what the session has cost (activity.go)
	lazy        lazyOpen               // what the transcript has not folded yet (lazy.go)
	streamTries int                    // the stream could not be opened this many times in a row
	view        *transcript.Transcript // the session's transcript, on screen when it has the focus or a tile
	draft       string                 // the composer's text while another tile has the focus
	needs       string                 // why the session needs the person while its tile is not focused, "" when it does not
	history     []string               // the kept input history, once read
	stop        stopping               // an abort this terminal sent, and the follow-ups it held back (stop.go)
	showAt      time.Time              // when the countdown's next redraw is due (countdown.go)
	lapsed      time.Time              // the expiry of this terminal's lease the transcript said lapsed
}

// open closes the open sessions (releasing their leases) and opens id.
func (m *Model) open(id string) tea.Cmd { return m.openTiles([]string{id}) }

// openTiles closes the open sessions (releasing their leases and keeping
// their drafts) and opens ids, one tile each, the first focused.
func (m *Model) openTiles(ids []string) tea.Cmd {
	ids = distinct(ids)
	query := m.transcript.Search().Query() // the person's last search goes on
	keep := m.saveDrafts()
	if m.sess != nil {
		m.sess.draft = m.composer.Value()
	}
	// a session open already stays as it is (its stream, its lease): closing
	// and opening it again would race the release with the claim
	open := map[string]*session{}
	var closing []*session
	for _, s := range m.tiles {
		if slices.Contains(ids, s.id) {
			open[s.id] = s
		} else {
			closing = append(closing, s)
		}
	}
	cmds := []tea.Cmd{keep, m.closeTiles(closing)}
	m.tiles, m.sess, m.transcript = nil, nil, m.empty
	for _, id := range ids {
		if s := open[id]; s != nil {
			m.tiles = append(m.tiles, s)
			continue
		}
		s, cmd := m.newSession(id)
		s.view.Search().SetQuery(query)
		m.tiles = append(m.tiles, s)
		cmds = append(cmds, cmd)
	}
	m.visit, m.zoom = nil, false
	cmds = append(cmds, saveRecent(m.cfg.Recent, ids))
	m.focusTile(0) // its draft in the composer: a draft for another session is not sent here
	m.focus, m.note = focusSession, m.openingNote()
	m.setErr(nil)
	m.layout()
	return tea.Batch(cmds...)
}

// openingNote says which tiles are still opening, "" when none is.
func (m *Model) openingNote() string {
	var opening []*session
	for _, s := range m.tiles {
		if s.state == nil {
			opening = append(opening, s)
		}
	}
	switch len(opening) {
	case 0:
		return ""
	case 1:
		return "opening " + ui.SanitizeLine(opening[0].id) + "…"
	}
	return "opening " + strconv.Itoa(len(opening)) + " sessions…"
}

// distinct is ids without repeats, in their order.
func distinct(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// newSession makes a session of id, its transcript, and the command that
// opens it (the claim unless watching, the snapshot, its kept draft).
func (m *Model) newSession(id string) (*session, tea.Cmd) {
	m.gen++
	ctx, cancel := context.WithCancel(m.cfg.Context)
	s := &session{id: id, gen: m.gen, ctx: ctx, cancel: cancel, texts: map[string]string{},
		cancelling: map[string]bool{}, view: transcript.New(&m.Context)}
	s.view.Open(s)
	if m.cfg.Watch {
		s.role = roleWatch
	}
	watch := m.cfg.Watch || m.cfg.NoClaim
	return s, tea.Batch(openSession(ctx, m.cfg.Client, s.gen, id, m.me.Principal, watch, m.cfg.ClaimTTL),
		loadDraft(m.cfg.Drafts, s.gen, m.draftKey(id)), loadHistory(m.cfg.History, s.gen, m.draftKey(id)))
}

// closeTiles ends the streams of sessions and gives their leases up; the
// caller takes them off the wall.
func (m *Model) closeTiles(sessions []*session) tea.Cmd {
	var cmds []tea.Cmd
	for _, s := range sessions {
		release := m.driving(s)
		s.cancel()
		cmds = append(cmds, closeStream(m.cfg.Context, m.cfg.Client, s.stream, s.id, release))
	}
	return tea.Batch(cmds...)
}

// closeSession ends the focused session's stream and gives its lease up;
// the next tile, if any, takes the focus.
func (m *Model) closeSession() tea.Cmd {
	s := m.sess
	if s == nil {
		return nil
	}
	i := m.tileOf(s)
	m.tiles = append(m.tiles[:i:i], m.tiles[i+1:]...)
	m.sess, m.transcript = nil, m.empty
	if len(m.tiles) > 0 {
		m.focusTile(min(i, len(m.tiles)-1))
	}
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

// current is the open session whose generation gen is, nil when none is:
// a message of a session closed since is dropped.
func (c *common) current(gen int) *session {
	for _, s := range c.tiles {
		if s.gen == gen {
			return s
		}
	}
	return nil
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
		m.dropTile(s)
		m.setErr(msg.err)
		m.notYours(msg.err)
		if len(m.tiles) > 0 {
			m.layout()
			return nil
		}
		m.focus, m.note = focusPicker, ""
		m.layout()
		return m.reload("")
	}
	if msg.lazy != nil {
		s.state = client.NewStateLazy(m.me, msg.lazy)
	} else {
		s.state = client.NewState(m.me, msg.snap)
	}
	count := startLazy(s)
	m.confirmFromStream(s) // a message kept from an earlier run that the host had taken
	s.cost.base(msg.snap)
	s.view.EntriesChanged()
	switch {
	case s == m.sess && s.onOpen != "":
		m.note = s.onOpen
	case strings.HasPrefix(m.note, "opening "): // not over what came first (the draft put back)
		m.note = m.openingNote()
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
		return m.streamFailed(s, msg.err)
	}
	s.stream, s.streamTries = msg.stream, 0
	m.paceStream(s)
	return tea.Batch(nextEvents(s.stream, s.gen, &s.pace), nextConn(s.ctx, s.states, s.gen))
}

// streamFailed answers a stream that could not be opened: the network's
// failure is tried again, later each time (as a dropped stream is); the
// host's refusal ends the stream and says why.
func (m *Model) streamFailed(s *session, err error) tea.Cmd {
	if !client.IsTransport(err) || s.ctx.Err() != nil {
		s.conn.Ended = true
		if s == m.sess {
			m.setErr(err)
		}
		return nil
	}
	s.streamTries++
	s.conn.Update(client.ConnState{Mode: client.ConnReconnecting, Attempt: s.streamTries})
	wait := min(streamRetryBase<<min(s.streamTries-1, 6), streamRetryMax)
	gen := s.gen
	return tea.Tick(wait, func(time.Time) tea.Msg { return reopenMsg{gen: gen} })
}

// Retrying a stream that could not be opened: after 0.5 s, then twice as
// long each time, at most 30 s.
const (
	streamRetryBase = 500 * time.Millisecond
	streamRetryMax  = 30 * time.Second
)

// reopenMsg says a stream that could not be opened is due to be tried
// again.
type reopenMsg struct{ gen int }

// onReopen opens the stream again from the last event seen.
func (m *Model) onReopen(msg reopenMsg) tea.Cmd {
	s := m.current(msg.gen)
	if s == nil || s.state == nil || s.stream != nil {
		m.dirty = false
		return nil
	}
	return openStream(s.ctx, m.cfg.Client, s.gen, s.id, s.state.Cursor, s.states, m.cfg.OnConnState)
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
		s.view.EntriesChanged()
		return m.scheduleFlush(s)
	}
	if ch.Has(client.ChangeTranscript) {
		s.view.EntriesChanged()
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
		m.needsNote(s, "this session was deleted")
		if s == m.sess {
			m.note = "" // the lines under the transcript say where it went
		}
	}
	if s == m.sess {
		m.keepFocus()
	}
	return tea.Batch(m.onRoomEvent(s, ev), m.keepLease(s), m.refreshFacts(s, ev), m.onLeaseEnded(s, ev))
}

// onRoomEvent answers the events the room cares about: a settled run
// refreshes the account, and a settled run or a new chime is a notice when
// the terminal is not focused.
func (m *Model) onRoomEvent(s *session, ev client.Event) tea.Cmd {
	switch ev.Type {
	case client.EvRunSettled:
		if m.note == "abort sent" && s == m.sess {
			m.note = "" // the run settled: the abort is done
		}
		m.needsNote(s, needSettled)
		return tea.Batch(fetchAccount(s.ctx, m.cfg.Client),
			m.notify("the run settled in “"+s.state.Title()+"”"))
	case client.EvChimeReceived:
		var v client.ChimeValue
		if ev.Decode(&v) != nil {
			return nil
		}
		if m.driving(s) {
			m.needsNote(s, needChime)
		}
		return m.notify(v.Author + " chimes in “" + s.state.Title() + "”: " + v.Text)
	case client.EvCommandFailed, client.EvCommandCancelled, client.EvCommandInterrupted:
		var v client.CommandValue
		if ev.Decode(&v) != nil || s.texts[v.CommandID] == "" || s.cancelling[v.CommandID] {
			return nil // not this terminal's, or cancelled as asked
		}
		if ev.Type == client.EvCommandFailed {
			m.needsNote(s, "a message of yours failed")
		} else {
			m.needsNote(s, "a message of yours came back unsent")
		}
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

// scheduleFlush marks s's streaming tail to render at the next flush tick,
// and arms one unless a tick that soon is armed: one tick for every tile, so
// that tiles streaming at once share their frames. A tile of the wall
// without the focus renders at most once in tileFlushEvery.
func (m *Model) scheduleFlush(s *session) tea.Cmd {
	if s.flushes {
		return nil
	}
	s.flushes = true
	if s == m.drawsNow {
		return nil // onEvents draws it as the fold ends
	}
	return m.armFlush(m.flushDue(s, time.Now()))
}

// flushDue is when s's waiting tail may render, from now.
func (m *Model) flushDue(s *session, now time.Time) time.Time {
	due := now.Add(m.cfg.FlushEvery)
	if m.throttled(s) {
		if later := s.flushedAt.Add(tileFlushEvery); later.After(due) {
			due = later
		}
	}
	return due
}

// throttled reports whether s renders its tail and reads its stream at the
// slower pace of a tile glanced at, or not shown (behind a zoom, or past
// what the screen holds): every open session but the focused one.
func (m *Model) throttled(s *session) bool { return len(m.tiles) > 1 && s != m.sess }

// tileReadEvery is how often the stream of a tile without the focus is
// read: its events come in a few batches a second, and the program wakes
// for them that often, not at every delta.
const tileReadEvery = 250 * time.Millisecond

// paceStream reads s's stream at the tiles' pace while s is throttled, as
// events come otherwise, a run of deltas a flush interval at a time.
func (m *Model) paceStream(s *session) {
	if s.stream == nil {
		return
	}
	if m.throttled(s) {
		s.stream.SetPace(tileReadEvery)
		s.stream.SetDeltaPace(0)
	} else {
		s.stream.SetPace(0)
		s.stream.SetDeltaPace(m.cfg.FlushEvery) // a run of deltas read a flush interval at a time (nextEvents)
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
		if !s.flushes || s.state == nil {
			continue
		}
		if m.throttled(s) {
			if due := s.flushedAt.Add(tileFlushEvery); due.After(now) {
				if next.IsZero() || due.Before(next) {
					next = due
				}
				continue
			}
			s.flushedAt = now
		}
		s.flushes, any = false, true
		changed = s.view.FlushStreams() || changed
		if s.view.StreamsBehind() { // drawn again a flush interval on
			s.flushes = true
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

// leaseChanged follows the lease: taken over, this terminal watches; the
// offer closes when the other terminal let go.
func (m *Model) leaseChanged(s *session) {
	if r := s.state.Revoked; r != nil && r != s.revoked {
		s.revoked, s.role = r, roleWatch
		m.note = ""
		m.needsNote(s, "the lease was taken: you watch")
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
	switch {
	case s.gone():
		if s.state == nil || !s.state.Deleted { // a deletion was marked as such already
			m.needsNote(s, "this session is gone")
		}
		if s == m.sess {
			m.note = "" // the lines under the transcript say where it went
		}
	case msg.err != nil:
		m.needsNote(s, "its stream ended")
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
