// Package session is an open session of the terminal UI, the controller of
// one tile of the wall: the reducer's state and the stream feeding it
// (read, folded, reopened), what this terminal sent and is sending and how
// each send settles, an abort and the follow-ups it held back, the lease's
// keeping and countdown, the lazy open, the notes and facts read at open,
// the room's commands, a gone session's words and the tile's header. Its
// requests are tea.Cmds (cmds.go), its messages say the generation they
// are for (Msg), and what the root must do comes back as a closed set of
// actions (Action). The root (package tui) opens sessions, routes each its
// messages (Update) and tells it where it stands (Place); a session reads
// the shared, read-only ui.Context and imports neither the root nor
// another component.
package session

import (
	"context"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Session is the open session: the reducer's state, the stream feeding it,
// and what this terminal means to do with it.
type Session struct {
	id          string
	gen         int
	ctx         context.Context
	cancel      context.CancelFunc
	state       *client.State // nil until the snapshot arrives
	stream      *client.Stream
	states      chan client.ConnState
	conn        ui.Conn
	role        Role
	created     bool                  // made by this terminal: the person's own, never watched
	offer       *client.Lease         // the lease of the other terminal, while the offer shows
	revoked     *client.LeaseEndValue // the revocation already acted on
	sending     bool                  // a text command or a chime is on its way
	flushes     bool                  // a flush tick is scheduled
	flushedAt   time.Time             // when its streaming tail was last rendered as a tile without the focus
	pace        pacer                 // when the stream last entered the loop
	texts       map[string]string     // the text of each command sent from this terminal
	cancelling  map[string]bool       // commands this terminal asked to cancel
	steers      []string              // this terminal's steers the host took, until the run takes them in (stop.go)
	onOpen      string                // a note to show once the session has opened
	stale       bool                  // the host restarted: the lease is unconfirmed until it says otherwise
	reduced     bool                  // the host refused with access_reduced: read, never drive
	vanished    bool                  // the stream ended not_found: deleted elsewhere, or no longer the person's
	returned    []ui.LaneItem         // commands the host cancelled undelivered, waiting to be sent again
	unconfirmed *Outgoing             // a send whose answer was lost, until the stream or a resend settles it
	outbound    *Outgoing             // the send on its way (sending is true), until its answer
	timerFor    time.Time             // the lease expiry the lease timer is set for
	leaseSince  time.Time             // when that expiry was learnt: a key after it means the person is here
	cost        costs                 // what the session has cost (costs.go)
	lazy        lazyOpen              // what the transcript has not folded yet (lazy.go)
	streamTries int                   // the stream could not be opened this many times in a row
	draft       string                // the composer's text while another tile has the focus
	needs       string                // why the session needs the person while its tile is not focused, "" when it does not
	history     []string              // the kept input history, once read
	stop        stopping              // an abort this terminal sent, and the follow-ups it held back (stop.go)
	showAt      time.Time             // when the countdown's next redraw is due (lease.go)
	showStop    func()                // stops the countdown's timer; nil when its redraw has none (rides on the lease timer's)
	tickAt      time.Time             // when the lease timer fires; zero when none is set
	tickStop    func()                // stops the lease timer
	lapsed      time.Time             // the expiry of this terminal's lease the transcript said lapsed
	keyAsked    bool                  // the house's funding was read again since a model key was given
	ttl         time.Duration         // the lease this session's claims ask for, when not cfg.ClaimTTL (KeepTTL)

	drawsNow bool    // onEvents is folding and draws the deltas itself: its folds arm no flush tick
	cfg      *Config // what every session shares
	view     View    // the session's transcript, on screen when it has the focus or a tile
}

// View is what a session tells the transcript that shows it (the root
// gives it one: a *transcript.Transcript), which reads the session as its
// Source.
type View interface {
	// EntriesChanged says the entries changed.
	EntriesChanged()
	// FlushStreams renders the streaming entries' new text, reporting
	// whether anything shown changed.
	FlushStreams() bool
	// StreamsBehind reports whether streaming text is still to render.
	StreamsBehind() bool
	// FoldEarlier folds at least n earlier items in front, keeping the
	// window where it is; it returns how many entries came in front.
	FoldEarlier(n int) int
	// Lines is the transcript's window as laid out, one string a row.
	Lines() []string
}

// New makes the session of id, generation gen, its requests made through
// cfg and under cfg.Parent, shown by view (which reads it as its Source).
func New(cfg *Config, id string, gen int, view View) *Session {
	ctx, cancel := context.WithCancel(cfg.Parent)
	s := &Session{id: id, gen: gen, ctx: ctx, cancel: cancel, texts: map[string]string{},
		cancelling: map[string]bool{}, cfg: cfg, view: view}
	if cfg.UI.Watch {
		s.role = RoleWatch
	}
	return s
}

// View is the transcript that shows the session.
func (s *Session) View() View { return s.view }

// Role is what this terminal means to do with the open session.
type Role int

const (
	RoleDrive Role = iota // drive: claim quietly when the lease is free
	RoleWatch             // watch: never claim until the person asks
)
