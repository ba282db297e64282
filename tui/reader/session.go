package reader

import (
	"context"
	"errors"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// historyShown is how many of the last entries opening a session reads out.
const historyShown = 10

// releaseTimeout bounds giving the lease up.
const releaseTimeout = 3 * time.Second

// session is the open session: the reducer's state, the stream feeding it,
// and how much of it has been written out.
type session struct {
	id         string
	gen        int
	state      *client.State
	stream     *client.Stream
	cancel     context.CancelFunc
	printed    int                  // entries written out, from the first
	rel        client.LeaseRelation // the lease as last announced
	policy     string               // the room policy as last announced
	chimes     map[string]bool      // pending chimes already announced
	skip       map[int]bool         // entries said otherwise: not written
	lastNotice string               // the last notice written: an error it says is not said again
	timer      *time.Timer          // renews the lease before it expires
	timerFor   time.Time            // the expiry the timer is set for
	expect     bool                 // a command was sent: a run is to come, or under way
	lost       bool                 // the connection is lost, as announced
}

// open closes the open session (giving its lease up) and opens id: claims
// the lease unless watching (never taking it over), reads the snapshot and
// follows the stream from its cursor.
func (r *reader) open(id string) {
	r.ask = nil // a list or an offer about the session before is answered
	r.closeSession(true)
	ctx, cancel := r.request()
	defer cancel()
	r.whoami(ctx)
	var claimErr error
	claimed := false
	if !r.cfg.Watch && !r.cfg.NoClaim {
		_, claimErr = r.c.Claim(ctx, id, r.claimOptions()...)
		claimed = claimErr == nil
	}
	snap, err := r.c.Inspect(ctx, id)
	if err != nil {
		todo := "/sessions lists the ones you can open"
		if client.ErrorCode(err) == client.CodeNotFound {
			todo = "to chime into another person's session, start vehicle with --session ID --chime"
		}
		r.refused("could not open the session", err, todo)
		return
	}
	r.gen++
	sctx, scancel := context.WithCancel(r.ctx)
	s := &session{id: id, gen: r.gen, cancel: scancel, state: client.NewState(r.me, snap),
		chimes: map[string]bool{}, skip: map[int]bool{}}
	s.stream, err = r.c.Stream(sctx, id, client.StreamOptions{Since: snap.Cursor, OnState: onState(r.conns, s.gen)})
	if err != nil {
		scancel()
		if claimed {
			r.release(id)
		}
		r.refused("could not follow the session", err, "/sessions lists the sessions to try again")
		return
	}
	r.sess = s
	go pump(sctx, s.stream, s.gen, r.events)
	r.opened(s, claimed, claimErr)
	r.keepLease(s)
}

// whoami learns the person's principal from the host once.
func (r *reader) whoami(ctx context.Context) {
	if r.me.Principal != "" {
		return
	}
	if a, err := r.c.Account(ctx); err == nil {
		r.me.Principal = a.Principal
	}
}

// pump sends the stream's events to out, then its end.
func pump(ctx context.Context, st *client.Stream, gen int, out chan<- eventMsg) {
	for st.Next() {
		select {
		case out <- eventMsg{gen: gen, ev: st.Current()}:
		case <-ctx.Done():
			return
		}
	}
	select {
	case out <- eventMsg{gen: gen, end: true, err: st.Err()}:
	case <-ctx.Done():
	}
}

// opened says what was opened, reads out the end of its history, and says
// who drives; a lease held by another terminal of the person's is offered
// to take over.
func (r *reader) opened(s *session, claimed bool, claimErr error) {
	st := s.state
	r.say("opened %q: %d entries, room policy %s.", clean(st.Title()), len(st.Entries), clean(st.Session.RoomPolicy))
	s.policy = st.Session.RoomPolicy
	if n := len(st.Entries) - historyShown; n > 0 {
		r.say("%d earlier entries are not read out; the last %d follow.", n, historyShown)
		s.printed = n
	}
	r.printEntries(s, false)
	s.rel, _ = st.Lease()
	var e *client.Error
	switch {
	case r.cfg.Watch:
		r.say("watching: read-only. %s", leaseWords(st))
	case claimed:
		r.say("you drive from this terminal.")
	case errors.As(claimErr, &e) && e.Code == client.CodeLeaseHeld:
		if d, ok := e.LeaseHeld(); ok && d.CanTakeOver {
			r.offerTakeover()
		} else {
			r.say("%s What you type goes to them as a chime.", leaseWords(st))
		}
	case claimErr != nil:
		r.refused("could not take the lease", claimErr, "/take tries again")
	default:
		r.say("%s", leaseWords(st))
	}
	if st.Run == client.RunRunning {
		r.say("a run is under way: what you type goes in as a follow-up.")
	}
	r.announceChimes(s)
}

// offerTakeover asks whether to take the lease over from the person's other
// terminal.
func (r *reader) offerTakeover() {
	r.askQuestion(&question{
		title: "your other terminal drives this session.",
		options: []option{
			{"take over here: the other terminal stops driving", r.take},
			{"watch from here: /take takes over later", func() { r.say("watching; /take takes over.") }},
		},
	})
}

// closeSession stops following the open session and, when release is set
// and this terminal drives, gives its lease up.
func (r *reader) closeSession(release bool) {
	s := r.sess
	if s == nil {
		return
	}
	r.sess = nil
	s.cancel()
	s.stopTimer()
	_ = s.stream.Close()
	if rel, _ := s.state.Lease(); release && rel == client.LeaseMine {
		r.release(s.id)
		r.say("released the lease of %q: you no longer drive it.", clean(s.state.Title()))
	}
}

// release gives a session's lease up, even after the run's context ended.
func (r *reader) release(id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.ctx), releaseTimeout)
	defer cancel()
	_ = r.c.Release(ctx, id)
}

// create starts a new session and opens it.
func (r *reader) create() {
	ctx, cancel := r.request()
	defer cancel()
	cr, err := r.c.Create(ctx, r.cfg.NewSession)
	if err != nil {
		if client.ErrorCode(err) == client.CodeModelKeyRequired {
			r.askKey(err, r.create)
			return
		}
		r.refused("could not start a session", err, "/new tries again, /sessions lists yours")
		return
	}
	r.open(cr.Session.SessionID)
}

// onEvent folds one event of the open session's stream.
func (r *reader) onEvent(e eventMsg) {
	s := r.sess
	if s == nil || e.gen != s.gen {
		return
	}
	if !e.end {
		r.apply(s, e.ev)
		return
	}
	r.printEntries(s, true)
	if s.state.Deleted {
		r.say("/sessions lists the others, /new starts one.")
	} else {
		r.refused("the session's events stopped", orNil(e.err), "/sessions opens it again")
	}
	r.closeSession(!s.state.Deleted)
	if r.ending {
		r.quit = true
	}
}

// orNil is err, or an error that says the stream ended when err is nil.
func orNil(err error) error {
	if err == nil {
		return errors.New("the stream ended")
	}
	return err
}
