package cli

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/debuglog"
)

// App is one run of vehicle or vehicle-tui: where it reads and writes, the
// environment and the keyring it uses, its build, and the debug log its
// --debug (or VEHICLE_DEBUG=1) turned on. Both programs embed it.
type App struct {
	In      io.Reader
	Out     io.Writer
	ErrOut  io.Writer
	Env     config.Env
	Keyring config.Keyring
	Build   config.Build
	Debug   bool          // --debug
	Log     *debuglog.Log // the debug log, when on
}

// NewApp is a run that reads in, writes out and errw, and looks variables
// up in env, with the system keyring, built as build says.
func NewApp(in io.Reader, out, errw io.Writer, env config.Env, build config.Build) App {
	return App{In: in, Out: out, ErrOut: errw, Env: env, Build: build,
		Keyring: config.SystemKeyring(env, config.DefaultKeyringTimeout)}
}

// Execute runs root with the command line args (see Execute), logs a
// failure to the debug log and closes it, and returns the exit code.
func (a *App) Execute(ctx context.Context, root *cobra.Command, args []string) int {
	root.SetArgs(args)
	root.SetIn(a.In)
	root.SetOut(a.Out)
	if asksHelp(args) && !isTerminal(a.Out) {
		root.SetOut(trimLines{a.Out}) // the help, without fang's padding to 120 columns
	}
	root.SetErr(a.ErrOut)
	err := Execute(ctx, root, a.Build.String())
	if a.Log != nil {
		if err != nil {
			a.Log.Error("the command failed", "err", err)
		}
		a.Log.Close()
	}
	return ExitCode(err)
}

// DebugFlag adds --debug to root's persistent flags.
func (a *App) DebugFlag(root *cobra.Command) {
	root.PersistentFlags().BoolVar(&a.Debug, "debug", false,
		"write a debug log (requests, streams, leases) to a file in the state folder (or $"+debuglog.EnvVar+"=1)")
}

// StartDebugLog opens the debug log when --debug or VEHICLE_DEBUG=1 asks
// for it (once).
func (a *App) StartDebugLog() error {
	if a.Log != nil || !debuglog.Wanted(a.Env, a.Debug) {
		return nil
	}
	l, err := debuglog.Open(a.Env, a.Build.String())
	if err != nil {
		return err
	}
	a.Log = l
	return nil
}

// ClientOptions are the options every client of this run gets: with the
// debug log on, the trace that writes to it.
func (a *App) ClientOptions() []client.Option { return a.Log.ClientOptions() }
