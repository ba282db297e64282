package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/acp"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
)

const acpUsage = `Usage: vehicle acp [flags]

Speaks the Agent Client Protocol (ACP v1) as an agent on stdin and stdout,
for editors (Zed, JetBrains IDEs, Neovim's CodeCompanion, ...): each session
the editor opens is a vehicle session. Diagnostics go to stderr. It takes
the settings and credentials vehicle ride takes. See docs/acp.md.

Flags:
`

// acpCmd is vehicle acp, which parses its own flags: -h lists them.
func (a *app) acpCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "acp [flags]",
		Short:              "Speak the Agent Client Protocol on stdin/stdout, for editors (vehicle acp -h for its flags)",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			args = a.takeDebugFlag(args)
			if err := a.StartDebugLog(); err != nil {
				return err
			}
			code := underStopSignals(cmd.Context(), func(hard context.Context, stop <-chan struct{}) int {
				return acpCommand(hard, args, rideIO{in: a.In, out: a.Out, errw: a.ErrOut, env: a.Env,
					keyring: a.Keyring, stop: stop, opts: a.ClientOptions()}, a.Build.Version)
			})
			if code != cli.ExitOK {
				return cli.ExitError{Code: code}
			}
			return nil
		},
	}
}

// acpFlags are the flags of vehicle acp beyond the shared ones.
type acpFlags struct {
	takeover bool
	timeout  time.Duration
}

// acpCommand runs vehicle acp and returns its exit code: 0 after the editor
// ended the input, 2 for bad flags, 1 when its stdout failed. Credentials
// that cannot be found do not stop it: the editor is told (authMethods, and
// the refusal of every session method).
func acpCommand(ctx context.Context, args []string, rio rideIO, version string) int {
	var fl config.Flags
	var sf cli.SessionFlags
	var af acpFlags
	fs := flag.NewFlagSet("vehicle acp", flag.ContinueOnError)
	fs.SetOutput(rio.errw)
	registerAcpFlags(fs, &fl)
	sf.Register(fs)
	fs.BoolVar(&af.takeover, "takeover", false, "take the lease over from your own other terminal when a session needs it (another person's lease is never taken)")
	fs.DurationVar(&af.timeout, "request-timeout", acp.DefaultRequestTimeout, "how long to wait for the host's answer to one request")
	fs.Usage = func() { fmt.Fprint(fs.Output(), acpUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return cli.ExitOK
		}
		return cli.ExitUsage
	}
	if err := loadSettings(&fl, rio.env); err != nil {
		say(rio.errw, "vehicle acp: cannot start: %v", err)
		return cli.ExitFailed
	}
	if err := acpCheck(fs, fl, sf, af); err != nil {
		say(rio.errw, "vehicle acp: cannot start: %v", err)
		return cli.ExitUsage
	}
	c, id, err := config.Resolve(fl, rio.env, rio.keyring, rio.stateDir, rio.opts...)
	if err != nil {
		say(rio.errw, "vehicle acp: no credentials (%v): the editor is told how to give them", err)
	} else if id.Notice != "" {
		say(rio.errw, "vehicle acp: %s", id.Notice)
	}
	cfg := acp.Config{Client: c, AuthErr: err, Profile: fl.Profile, Model: fl.Model, Title: fl.Title,
		MaxTurns: sf.MaxTurns, MaxCostUSD: sf.MaxCostUSD, TTL: sf.TTL, Takeover: af.takeover,
		KeyVariable: orEnv(fl.ModelKeyEnv, config.EnvModelKey), RequestTimeout: af.timeout, Version: version,
		Log: rio.errw, Stop: rio.stop}
	if err := acp.Serve(ctx, cfg, rio.in, rio.out); err != nil {
		say(rio.errw, "vehicle acp: %v", err)
		return cli.ExitFailed
	}
	return cli.ExitOK
}

// notAcpFlags are the shared flags vehicle acp does not take: the editor
// opens the sessions.
var notAcpFlags = map[string]bool{"new": true, "session": true, "no-claim": true}

// registerAcpFlags adds the shared flags (config.Flags) to fs but those
// that choose a session, so that -h does not list them.
func registerAcpFlags(fs *flag.FlagSet, fl *config.Flags) {
	all := flag.NewFlagSet("shared", flag.ContinueOnError)
	fl.Register(all)
	all.VisitAll(func(f *flag.Flag) {
		if !notAcpFlags[f.Name] {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
}

// acpCheck refuses flag values that do not apply.
func acpCheck(fs *flag.FlagSet, fl config.Flags, sf cli.SessionFlags, af acpFlags) error {
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: the editor speaks on stdin", fs.Arg(0))
	}
	if af.timeout <= 0 {
		return fmt.Errorf("--request-timeout %v: give a positive duration, like 30s", af.timeout)
	}
	asNew := fl
	asNew.New = true // --title, --profile and --model describe the sessions session/new creates
	if err := asNew.Check(false); err != nil {
		return err
	}
	return sf.Check(true, true)
}

// orEnv is name, or def when name is empty.
func orEnv(name, def string) string {
	if name == "" {
		return def
	}
	return name
}
