package acp

import (
	"context"
	"errors"
	"sync"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// keepEnded bounds the commands and runs a session remembers the end of.
const keepEnded = 256

// session is one vehicle session the editor has open: its lease, its event
// stream, the prompts under way and the chimes put to the editor.
type session struct {
	a       *agent
	c       *client.Client
	id      string
	ctx     context.Context // ends when the session is closed
	stop    context.CancelFunc
	pumpEnd chan struct{} // closed when the pump returns

	mu         sync.Mutex
	funding    string
	held       bool
	renewal    *time.Timer
	policy     string
	budget     client.Budget
	usage      client.Usage
	running    bool
	runID      string
	runErr     string
	turns      []*turn                           // the prompts under way
	unanswered unanswered                        // the last text command whose answer never came
	ours       map[string]bool                   // commands this agent sent
	delivered  map[string]string                 // command id -> the run it went into
	ended      map[string]cmdEnd                 // command id -> its final event
	settled    map[string]client.RunSettledValue // run id -> its settle
	nextTurn   string                            // the command whose user turn comes next
	announced  bool                              // the editor has the answer that opened the session
	chimes     map[string]*chimeAsk              // pending chimes, by id
	closed     bool
	pumping    bool // the pump was started

	fold *folder // the pump's: what the events have streamed so far
}

// cmdEnd is a command's final event.
type cmdEnd struct {
	typ string // command.completed, aborted, failed, cancelled or interrupted
	err string // command.failed's error
}

func newSession(a *agent, sum client.Summary) *session {
	ctx, stop := context.WithCancel(context.Background())
	return &session{a: a, c: a.c, id: sum.SessionID, ctx: ctx, stop: stop, pumpEnd: make(chan struct{}),
		funding: sum.Funding, policy: sum.RoomPolicy, budget: sum.Budget, running: sum.Status == "running",
		ours: map[string]bool{}, delivered: map[string]string{}, ended: map[string]cmdEnd{},
		settled: map[string]client.RunSettledValue{}, chimes: map[string]*chimeAsk{}}
}

// update sends one session/update to the editor.
func (s *session) update(u sdk.SessionUpdate) {
	_ = s.a.conn.SessionUpdate(context.Background(), sdk.SessionNotification{SessionId: sdk.SessionId(s.id), Update: u})
}

// follow opens the session's events after cursor and starts the pump. The
// stream lives until the session is closed.
func (s *session) follow(cursor int64) error {
	s.fold = newFolder(s, s.running, cursor)
	st, err := s.c.Stream(s.ctx, s.id, client.StreamOptions{Since: cursor, OnState: s.fold.onState})
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.pumping = true
	s.mu.Unlock()
	go s.pump(st)
	return nil
}

// pump folds the session's events into updates until the stream ends.
func (s *session) pump(st *client.Stream) {
	defer close(s.pumpEnd)
	defer st.Close()
	for st.Next() {
		s.handle(st.Current())
	}
	if err := st.Err(); err != nil && s.ctx.Err() == nil {
		s.a.log.logf("session %s: the events stopped coming: %v", s.id, err)
		s.mu.Lock()
		s.finishTurns(turnEnd{err: s.a.refusal(err, s.funding)})
		s.mu.Unlock()
	}
}

// announce is told that the editor has the session: the commands are
// offered and the pending chimes put to it.
func (s *session) announce() {
	s.update(sdk.SessionUpdate{AvailableCommandsUpdate: &sdk.SessionAvailableCommandsUpdate{AvailableCommands: availableCommands()}})
	s.mu.Lock()
	s.announced = true
	s.mu.Unlock()
	s.askChimes()
}

// setLease notes a lease the host named for the session.
func (s *session) setLease(l *client.Lease) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.held = l != nil && l.ClientID == s.c.ClientID()
	s.armRenewal(l)
}

// armRenewal renews the lease halfway to its end, while it is held.
// Called with mu held.
func (s *session) armRenewal(l *client.Lease) {
	if s.renewal != nil {
		s.renewal.Stop()
		s.renewal = nil
	}
	if !s.held || s.closed || l == nil {
		return
	}
	d := time.Until(l.ExpiresAt) / 2
	if d < time.Second {
		d = time.Second
	}
	s.renewal = time.AfterFunc(d, func() {
		if err := s.claim(s.ctx, false); err != nil && s.ctx.Err() == nil {
			s.a.log.logf("session %s: could not keep the lease: %v", s.id, err)
		}
	})
}

// claim takes the session's lease (takeover: from this person's other
// terminal); a lease_held refusal leaves the session read-only.
func (s *session) claim(ctx context.Context, takeover bool) error {
	opts := []client.ClaimOption{}
	if s.a.cfg.TTL > 0 {
		opts = append(opts, client.TTL(s.a.cfg.TTL))
	}
	if takeover {
		opts = append(opts, client.Takeover())
	}
	cctx, cancel := context.WithTimeout(ctx, s.a.cfg.RequestTimeout)
	defer cancel()
	cl, err := s.c.Claim(cctx, s.id, opts...)
	if err != nil {
		if code := client.ErrorCode(err); code == client.CodeLeaseHeld || code == client.CodeLeaseRequired {
			s.setLease(nil)
		}
		return err
	}
	s.setLease(&cl.Lease)
	return nil
}

// ensureLease claims the lease before a prompt unless the agent holds it:
// another person's never, this person's other terminal's with --takeover.
func (s *session) ensureLease(ctx context.Context) error {
	s.mu.Lock()
	held := s.held
	s.mu.Unlock()
	if held {
		return nil
	}
	return s.claim(ctx, s.a.cfg.Takeover)
}

// release gives the lease up; a lease already gone is no news.
func (s *session) release(ctx context.Context) error {
	cctx, cancel := context.WithTimeout(ctx, s.a.cfg.RequestTimeout)
	defer cancel()
	err := s.c.Release(cctx, s.id)
	switch client.ErrorCode(err) {
	case client.CodeLeaseHeld, client.CodeLeaseRequired, client.CodeNotFound:
		err = nil
	}
	if err == nil {
		s.setLease(nil)
	}
	return err
}

// close stops following the session and, with release, gives up its lease.
func (s *session) close(ctx context.Context, release bool) {
	s.mu.Lock()
	s.closed = true
	held := s.held && release
	if s.renewal != nil {
		s.renewal.Stop()
	}
	for _, ask := range s.chimes {
		ask.stop()
	}
	s.finishTurns(turnEnd{stop: sdk.StopReasonCancelled})
	pumping := s.pumping
	s.mu.Unlock()
	if held {
		if err := s.release(ctx); err != nil {
			s.a.log.logf("could not release the lease of %s: %v", s.id, err)
		}
	}
	s.stop()
	if pumping {
		<-s.pumpEnd
	}
}

// runStartedSince reports whether a run may have started after the event
// since: the host's events after it hold a run.started, there are more than
// one watch brings, or the host could not be asked.
func (s *session) runStartedSince(since int64) bool {
	ctx, cancel := context.WithTimeout(s.ctx, s.a.cfg.RequestTimeout)
	defer cancel()
	res, err := s.c.Watch(ctx, s.id, since, 0)
	if err != nil || res.More {
		return true
	}
	for _, ev := range res.Events {
		if ev.Type == client.EvRunStarted {
			return true
		}
	}
	return false
}

// errDeleted ends a turn whose session was deleted.
var errDeleted = errors.New("the session was deleted while the prompt ran: start a new session")
