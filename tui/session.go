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
	cmds = append(cmds, saveRecent(m.writes, m.cfg.Recent, ids))
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

// keepFocus moves the focus off a pane that has nothing left to show.
func (m *Model) keepFocus() {
	switch {
	case m.focus == focusQueue && len(m.laneItems()) == 0:
		m.focus = focusSession
	case m.focus == focusEntries && !m.transcript.HasSelectable():
		m.focus = focusSession
	}
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
