package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/redact"
	"github.com/sophia-labs/vehicle/ride"
)

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
	stop     <-chan struct{} // closed: end the ride as at the end of the input
}

// rideFlags are the flags of vehicle ride beyond the shared ones.
type rideFlags struct {
	follow, wait, chime bool
	timeout             time.Duration
}

// rideCommand runs vehicle ride and returns its exit code: 0 once it has started,
// 2 for bad flags, 1 when it could not start or its stdout failed.
func rideCommand(ctx context.Context, args []string, rio rideIO) int {
	var fl config.Flags
	var rf rideFlags
	var sf cli.SessionFlags
	fs := flag.NewFlagSet("vehicle ride", flag.ContinueOnError)
	fs.SetOutput(rio.errw)
	fl.Register(fs)
	sf.Register(fs)
	fs.BoolVar(&rf.follow, "follow", false, "also print every event of the session (and message.delta) as it comes")
	fs.BoolVar(&rf.wait, "wait", true, "with --follow, at the end of the input wait until the commands this ride sent have settled (--wait=false: close at once)")
	fs.BoolVar(&rf.chime, "chime", false, "ride another person's session (--session ID) as a chimer: chime ops only, no inspect")
	fs.DurationVar(&rf.timeout, "request-timeout", ride.DefaultRequestTimeout, "how long to wait for the host's answer to one request (a watch gets its waitMs on top)")
	fs.Usage = func() { fmt.Fprint(fs.Output(), rideUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := loadSettings(&fl, rio.env); err != nil {
		return rideStartFailed(rio, err, client.CodeInvalidRequest, 1)
	}
	if fs.NArg() > 0 {
		return rideStartFailed(rio, fmt.Errorf("unexpected argument %q: requests come on stdin, one per line", fs.Arg(0)), client.CodeInvalidRequest, 2)
	}
	if err := fl.Check(true); err != nil {
		return rideStartFailed(rio, err, client.CodeInvalidRequest, 2)
	}
	if rf.timeout <= 0 {
		return rideStartFailed(rio, fmt.Errorf("--request-timeout %v: give a positive duration, like 30s", rf.timeout), client.CodeInvalidRequest, 2)
	}
	if rf.chime && (fl.New || rf.follow || fl.NoClaim) {
		return rideStartFailed(rio, errors.New("--chime rides another person's session with --session ID, reading nothing: drop --new, --follow and --no-claim"), client.CodeInvalidRequest, 2)
	}
	if err := sf.Check(fl.New, !fl.NoClaim && !rf.chime); err != nil {
		return rideStartFailed(rio, err, client.CodeInvalidRequest, 2)
	}
	// The ride keeps a window of reads in flight: a transport that keeps
	// as many connections (rio.opts may replace it).
	opts := append([]client.Option{client.WithHTTPClient(ride.NewHTTPClient(ride.DefaultWindow))}, rio.opts...)
	c, id, err := config.Resolve(fl, rio.env, rio.keyring, rio.stateDir, opts...)
	if err != nil {
		return rideStartFailed(rio, err, client.CodeUnauthenticated, 1)
	}
	if id.Notice != "" {
		say(rio.errw, "vehicle ride: %s", id.Notice)
	}
	cfg := ride.Config{Client: c, Session: fl.Session, New: fl.New, Profile: fl.Profile, Model: fl.Model, Title: fl.Title,
		MaxTurns: sf.MaxTurns, MaxCostUSD: sf.MaxCostUSD, TTL: sf.TTL, NoClaim: fl.NoClaim, Chime: rf.chime, Follow: rf.follow, Wait: rf.wait, RequestTimeout: rf.timeout,
		Identity: id, Log: rio.errw, Stop: rio.stop}
	if err := ride.Run(ctx, cfg, rio.in, rio.out); err != nil {
		return 1
	}
	return 0
}

// loadSettings completes flags parsed from a command line with the
// environment, then the configuration file (flags beat variables, which beat
// the file): vehicle ride and vehicle acp read their settings alike.
func loadSettings(fl *config.Flags, env config.Env) error {
	fl.ApplyEnv(env)
	file, err := config.LoadConfig(env)
	if err != nil {
		return err
	}
	fl.ApplyFile(file)
	return nil
}

// rideStartFailed reports a ride that could not start, on stderr and as an
// error frame with code on stdout, and returns exit.
func rideStartFailed(rio rideIO, err error, code string, exit int) int {
	say(rio.errw, "vehicle ride: cannot start: %v", err)
	f := client.Frame{Protocol: client.Protocol, Type: client.TypeError, Code: code, Message: err.Error()}
	var refusal *client.Error
	if errors.As(err, &refusal) {
		f = refusal.Frame()
	}
	f.Message = redact.Text(f.Message)
	b, _ := json.Marshal(f)
	_, _ = rio.out.Write(append(b, '\n'))
	return exit
}
