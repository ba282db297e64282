package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
)

// finishTimeout bounds what the ride does after its end: releasing leases
// and fetching the last events.
const finishTimeout = 5 * time.Second

const rideUsage = `Usage: vehicle ride [flags] < requests.jsonl

The headless JSONL form: one request per line on stdin, one frame per line on
stdout (ready first, closed last), diagnostics on stderr. See docs/ride.md.

Flags:
`

// rideIO is what a ride reads, writes and asks for credentials.
type rideIO struct {
	in       io.Reader
	out      io.Writer
	errw     io.Writer
	env      config.Env
	keyring  config.Keyring
	stateDir string          // the visitor id's folder; "" for the default
	opts     []client.Option // added to the client's options
}

// rider is one ride: a client bound to one session.
type rider struct {
	c        *client.Client
	identity config.Identity
	flags    config.Flags
	out      *frameWriter
	log      *rideLogger
	session  string        // the ride's session id
	held     atomic.Bool   // the ride holds the session's lease
	branches []string      // sessions this ride forked or cloned, whose lease it holds
	fol      *rideFollower // nil without --follow
}

// ride runs vehicle ride and returns its exit code: 0 once it has started,
// 2 for bad flags, 1 when it could not start.
func ride(ctx context.Context, args []string, rio rideIO) int {
	log := &rideLogger{w: rio.errw}
	out := &frameWriter{w: rio.out}
	var fl config.Flags
	fs := flag.NewFlagSet("vehicle ride", flag.ContinueOnError)
	fs.SetOutput(rio.errw)
	fl.Register(fs)
	follow := fs.Bool("follow", false, "also print every event of the session (and message.delta) as it comes")
	fs.Usage = func() { fmt.Fprint(fs.Output(), rideUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fl.ApplyEnv(rio.env)
	if fs.NArg() > 0 {
		return startFailed(ctx, out, log, fmt.Errorf("unexpected argument %q: requests come on stdin, one per line", fs.Arg(0)), client.CodeInvalidRequest, 2)
	}
	if err := fl.Check(true); err != nil {
		return startFailed(ctx, out, log, err, client.CodeInvalidRequest, 2)
	}
	c, id, err := config.Resolve(fl, rio.env, rio.keyring, rio.stateDir, rio.opts...)
	if err != nil {
		return startFailed(ctx, out, log, err, client.CodeUnauthenticated, 1)
	}
	if id.Notice != "" {
		log.logf("%s", id.Notice)
	}
	r := &rider{c: c, identity: id, flags: fl, out: out, log: log}
	ready, err := r.start(ctx, *follow)
	if err != nil {
		return startFailed(ctx, out, log, err, "", 1)
	}
	if err := out.write(ready); err != nil {
		log.logf("cannot write to stdout: %v", err)
	}
	return r.run(ctx, rio.in)
}

// startFailed reports a ride that could not start, on stderr and as an
// error frame on stdout, and returns exit. code is the frame's code for an
// error that is neither a refusal nor a transport failure.
func startFailed(ctx context.Context, out *frameWriter, log *rideLogger, err error, code string, exit int) int {
	f := errorFrame(ctx, err, "")
	if code != "" && f.Code == client.CodeInvalidRequest && client.ErrorCode(err) == "" && !client.IsTransport(err) {
		f.Code = code
	}
	log.logf("cannot start: %v", err)
	_ = out.write(f)
	return exit
}

// readyValue is the value of the ride's first frame.
type readyValue struct {
	Session  json.RawMessage `json:"session"`
	Cursor   int64           `json:"cursor"`
	ClientID string          `json:"clientId"`
	Lease    bool            `json:"lease"`
	Identity config.Identity `json:"identity"`
}

// rideOpened is what the start learns of the session from the host.
type rideOpened struct {
	Session json.RawMessage `json:"session"`
	Lease   *client.Lease   `json:"lease"`
	Cursor  int64           `json:"cursor"`
}

// start creates or opens the session, takes the lease unless --no-claim,
// opens the event stream for --follow, and returns the ready frame.
func (r *rider) start(ctx context.Context, follow bool) (client.Frame, error) {
	o, err := r.open(ctx)
	if err != nil {
		return client.Frame{}, err
	}
	var summary struct {
		SessionID string `json:"sessionId"`
	}
	if err := json.Unmarshal(o.Session, &summary); err != nil || summary.SessionID == "" {
		return client.Frame{}, fmt.Errorf("the host's answer names no session (%v): is %s a vehicle host?", err, r.c.GardendURL())
	}
	r.session = summary.SessionID
	if follow {
		st, err := r.c.Stream(ctx, r.session, client.StreamOptions{Since: o.Cursor})
		if err != nil {
			r.releaseAll(ctx)
			return client.Frame{}, fmt.Errorf("--follow cannot open the session's events: %w", err)
		}
		r.fol = newRideFollower(st, r.out, o.Cursor, r.noteEvent, r.log)
	}
	v, _ := json.Marshal(readyValue{Session: o.Session, Cursor: o.Cursor, ClientID: r.c.ClientID(),
		Lease: r.held.Load(), Identity: r.identity})
	return client.Frame{Protocol: client.Protocol, Type: client.TypeReady, Value: v}, nil
}

// open creates the session (--new) or claims and inspects it (--session).
func (r *rider) open(ctx context.Context) (rideOpened, error) {
	var o rideOpened
	r.session = r.flags.Session
	if r.flags.New {
		claim := !r.flags.NoClaim
		body := client.CreateRequest{RequestID: r.c.NewRequestID(), ClientID: r.c.ClientID(), Claim: &claim,
			Profile: r.flags.Profile, Model: r.flags.Model, Title: r.flags.Title}
		raw, err := json.Marshal(body)
		var f *client.Frame
		if err == nil {
			f, err = r.c.Call(ctx, client.OpCreate, "", raw)
		}
		if err == nil {
			err = f.Decode(&o)
		}
		r.held.Store(err == nil && o.Lease != nil && o.Lease.ClientID == r.c.ClientID())
		return o, err
	}
	if !r.flags.NoClaim {
		_, err := r.c.Claim(ctx, r.flags.Session)
		var refusal *client.Error
		switch {
		case err == nil:
			r.held.Store(true)
		case errors.As(err, &refusal) && refusal.Code == client.CodeLeaseHeld:
			d, _ := refusal.LeaseHeld()
			r.log.logf("another client holds the lease (canTakeOver %v): the ride reads and watches; send {\"op\":\"claim\",\"takeover\":true,...} to take it over", d.CanTakeOver)
		default:
			return o, err
		}
	}
	f, err := r.c.Call(ctx, client.OpInspect, r.flags.Session, nil)
	if err == nil {
		err = f.Decode(&o)
	}
	if err != nil {
		r.releaseAll(ctx)
	}
	return o, err
}

// noteEvent follows the lease from the session's events.
func (r *rider) noteEvent(ev client.Event) {
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
