// Package ride is the headless JSONL form of a Vehicle ride: one request per
// line in, one frame per line out, over any io.Reader and io.Writer. The first
// frame is ready, the last is closed; in between, the host's own frames
// answer the requests in their order, and with Follow the session's events
// come as they happen. `vehicle ride` is this package on stdin and stdout;
// docs/ride.md describes the form.
package ride

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// DefaultRequestTimeout is how long a ride waits for the host's answer to
// one request (plus the waitMs of a watch) before it answers unreachable and
// goes on with the next line. The host answers a verb when it accepts it, not
// when the run ends, so a healthy host answers well within it.
const DefaultRequestTimeout = 30 * time.Second

// finishTimeout bounds what the ride does after its end: releasing leases
// and fetching the last events.
const finishTimeout = 5 * time.Second

// Config says which session a ride rides and how.
type Config struct {
	// Client speaks to the host; it sets the graph, the credentials and the
	// clientId the leases name. Required.
	Client *client.Client
	// Session is the session to ride; empty with New.
	Session string
	// New creates a session (with Profile, Model and Title, and the run
	// budget MaxTurns and MaxCostUSD, 0 for the host's) instead.
	New                   bool
	Profile, Model, Title string
	MaxTurns              int
	MaxCostUSD            float64
	// TTL is the ttl of the lease the ride takes at the start, when it
	// creates the session or claims it (0: the host's).
	TTL time.Duration
	// NoClaim leaves the lease alone at the start.
	NoClaim bool
	// Chime rides Session as a chimer: another person's session, which the
	// rider may chime into but not read. No claim and no inspect at the
	// start; ready says chimer: true. Not with New or Follow.
	Chime bool
	// Follow prints every event of the session (and message.delta) as it
	// comes.
	Follow bool
	// Wait, with Follow, makes the end of the input wait until every
	// command the ride sent has reached a final status and no run is under
	// way, so the output holds the replies. Without Follow there is nothing
	// to wait for.
	Wait bool
	// RequestTimeout bounds each request (a watch gets its waitMs on top);
	// 0 means DefaultRequestTimeout.
	RequestTimeout time.Duration
	// Window is how many requests may be in flight at once: reads (inspect,
	// capsule, account, watch) go together, any other op waits for the
	// answers before it. The answers come in the order of the lines all the
	// same. 0 means DefaultWindow; 1 answers one line at a time. Give the
	// Client an HTTP client that keeps as many connections (NewHTTPClient).
	Window int
	// Identity is shown in ready as "identity" (how the ride authenticates,
	// never with what); nil leaves it out.
	Identity any
	// Log receives diagnostics, one line each; nil discards them.
	Log io.Writer
	// Stop, when closed, ends the ride as the end of the input does (the
	// request under way is interrupted; the closed frame says shutdown),
	// waiting as Wait says. Cancelling Run's context ends it at once.
	Stop <-chan struct{}
}

// ErrOutput wraps the failure of a write to the ride's output.
var ErrOutput = errors.New("ride: cannot write the output")

// rider is one ride: a client bound to one session.
type rider struct {
	c        *client.Client
	cfg      Config
	out      *frameWriter
	log      *rideLogger
	session  string         // the ride's session id
	held     atomic.Bool    // the ride holds the session's lease
	branches []string       // sessions this ride forked or cloned, whose lease it holds
	fol      *follower      // nil without Follow
	track    *settleTracker // the commands the ride sent and the run, for Wait
}

// Run rides one session: it prints ready, answers the lines of in on out
// until the input ends, Stop is closed, ctx is cancelled, a request ends the
// ride (shutdown, delete) or the session is deleted, then releases the leases
// it holds and prints closed. A ride that cannot start prints an error frame
// and returns the error; a ride whose output failed returns an error wrapping
// ErrOutput; otherwise Run returns nil.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	logw := cfg.Log
	if logw == nil {
		logw = io.Discard
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.Window <= 0 {
		cfg.Window = DefaultWindow
	}
	r := &rider{c: cfg.Client, cfg: cfg, out: &frameWriter{w: out}, log: &rideLogger{w: logw}, track: newSettleTracker()}
	if err := cfg.check(); err != nil {
		return r.startFailed(ctx, err)
	}
	ready, err := r.start(ctx)
	if err != nil {
		return r.startFailed(ctx, err)
	}
	if err := r.out.write(ready); err != nil {
		r.log.logf("cannot write to the output: %v", err)
	}
	return r.run(ctx, in)
}

// check reports a Config that cannot ride.
func (cfg Config) check() error {
	switch {
	case cfg.Client == nil:
		return &lineError{Code: client.CodeInvalidRequest, Message: "ride: no client: give Config.Client"}
	case cfg.New == (cfg.Session != ""):
		return &lineError{Code: client.CodeInvalidRequest, Message: "say which session to ride: --new for a new one, or --session ID for an existing one (not both)"}
	case cfg.Chime && cfg.New:
		return &lineError{Code: client.CodeInvalidRequest, Message: "--chime rides another person's session: use it with --session ID, not --new"}
	case cfg.Chime && cfg.Follow:
		return &lineError{Code: client.CodeInvalidRequest, Message: "--chime cannot --follow: a chimer cannot read the session's events; drop --follow"}
	}
	return nil
}

// startFailed reports a ride that could not start, in the log and as an
// error frame, and returns the error.
func (r *rider) startFailed(ctx context.Context, err error) error {
	r.log.logf("cannot start: %v", err)
	_ = r.out.write(errorFrame(ctx, err, ""))
	return err
}

// readyValue is the value of the ride's first frame.
type readyValue struct {
	Session  json.RawMessage `json:"session"`
	Cursor   int64           `json:"cursor"`
	ClientID string          `json:"clientId"`
	Lease    bool            `json:"lease"`
	Chimer   bool            `json:"chimer,omitempty"`
	// ReadOnly says why a ride that claimed the lease at the start holds
	// none: the host's refusal (lease_held, access_reduced).
	ReadOnly *readOnly `json:"readOnly,omitempty"`
	Identity any       `json:"identity,omitempty"`
}

// readOnly is the host's refusal of the start's claim: the ride reads and
// watches, and says why in ready.
type readOnly struct {
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Details json.RawMessage `json:"details,omitempty"`
}

// rideOpened is what the start learns of the session from the host.
type rideOpened struct {
	Session json.RawMessage `json:"session"`
	Lease   *client.Lease   `json:"lease"`
	Cursor  int64           `json:"cursor"`
	// readOnly is the start claim's refusal, nil when it was not refused.
	readOnly *readOnly
}

// start creates or opens the session, takes the lease unless NoClaim or
// Chime, opens the event stream for Follow, and returns the ready frame.
func (r *rider) start(ctx context.Context) (client.Frame, error) {
	o, err := r.open(ctx)
	if err != nil {
		return client.Frame{}, err
	}
	var summary struct {
		SessionID string `json:"sessionId"`
		Status    string `json:"status"`
	}
	if err := json.Unmarshal(o.Session, &summary); err != nil || summary.SessionID == "" {
		r.releaseAll(ctx)
		return client.Frame{}, fmt.Errorf("the host's answer names no session (%v): is %s a vehicle host?", err, redact.URL(r.c.GardendURL()))
	}
	r.session = summary.SessionID
	r.track.setRunning(summary.Status == sessionRunning)
	if r.cfg.Follow {
		st, err := r.c.Stream(ctx, r.session, client.StreamOptions{Since: o.Cursor})
		if err != nil {
			r.releaseAll(ctx)
			return client.Frame{}, fmt.Errorf("--follow cannot open the session's events: %w", err)
		}
		r.fol = newFollower(st, r.out, o.Cursor, r.noteEvent, r.log)
	}
	v, _ := json.Marshal(readyValue{Session: o.Session, Cursor: o.Cursor, ClientID: r.c.ClientID(),
		Lease: r.held.Load(), Chimer: r.cfg.Chime, ReadOnly: o.readOnly, Identity: r.cfg.Identity})
	return client.Frame{Protocol: client.Protocol, Type: client.TypeReady, Value: v}, nil
}

// open creates the session (New), claims and inspects it (Session), or, for
// a chimer, names it without asking the host.
func (r *rider) open(ctx context.Context) (rideOpened, error) {
	var o rideOpened
	r.session = r.cfg.Session
	if r.cfg.Chime {
		o.Session, _ = json.Marshal(struct {
			SessionID string `json:"sessionId"`
		}{r.cfg.Session})
		return o, nil
	}
	if r.cfg.New {
		f, err := r.call(ctx, client.OpCreate, "", r.createBody(), 0)
		if err == nil {
			err = f.Decode(&o)
		}
		r.held.Store(err == nil && o.Lease != nil && o.Lease.ClientID == r.c.ClientID())
		return o, err
	}
	var unclaimed *readOnly
	if !r.cfg.NoClaim {
		var err error
		if unclaimed, err = r.claimAtStart(ctx); err != nil {
			return o, err
		}
	}
	f, err := r.call(ctx, client.OpInspect, r.session, nil, 0)
	if err == nil {
		err = f.Decode(&o)
	}
	o.readOnly = unclaimed
	if err != nil {
		r.releaseAll(ctx)
	}
	return o, err
}

// claimAtStart claims the session's lease. A refusal that leaves the ride
// reading is returned as readOnly, not as an error: lease_held (another
// client drives) and access_reduced (the person's role dropped to viewer:
// the seed lets them read, rename and delete, not drive).
func (r *rider) claimAtStart(ctx context.Context) (*readOnly, error) {
	_, err := r.call(ctx, client.OpClaim, r.session, r.claimBody(), 0)
	var refusal *client.Error
	switch {
	case err == nil:
		r.held.Store(true)
		return nil, nil
	case !errors.As(err, &refusal):
		return nil, err
	case refusal.Code == client.CodeLeaseHeld:
		d, _ := refusal.LeaseHeld()
		r.log.logf("another client holds the lease (canTakeOver %v): the ride reads and watches; send {\"op\":\"claim\",\"takeover\":true,...} to take it over", d.CanTakeOver)
	case refusal.Code == client.CodeAccessReduced:
		r.log.logf("access_reduced: your role on graph %q is now viewer: the ride reads and watches, and may rename or delete the session, but not drive it", r.c.Graph())
	default:
		return nil, err
	}
	return &readOnly{Code: refusal.Code, Message: refusal.Message, Details: refusal.Details}, nil
}

// noteEvent follows the lease and the commands from the session's events.
func (r *rider) noteEvent(ev client.Event) {
	r.track.noteEvent(ev)
	switch ev.Type {
	case client.EvLeaseClaimed, client.EvLeaseRenewed, client.EvLeaseRevoked, client.EvLeaseReleased, client.EvLeaseExpired:
		var v client.LeaseEndValue
		if ev.Decode(&v) != nil || v.ClientID == "" {
			return
		}
		mine := v.ClientID == r.c.ClientID()
		if ev.Type == client.EvLeaseClaimed || ev.Type == client.EvLeaseRenewed {
			r.held.Store(mine)
		} else if mine {
			r.held.Store(false)
		}
	}
}
