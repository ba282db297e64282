// Command vehicle-tui is vehicle's terminal UI: vehicle with no command,
// vehicle demo and vehicle watch. vehicle becomes this program (exec) for
// them, with the same arguments, so that its other commands, the ride
// above all, start without loading the UI's libraries. It ships with
// vehicle and takes the same command lines for those three commands.
//
// Exit codes: 0 when the command did what it was asked, 1 when it failed, 2
// when the command line was wrong.
package main

import (
	"context"
	"flag"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
)

// Set by release builds: -ldflags "-X main.version=v1.2.3 -X main.commit=...
// -X main.date=...". Empty, the binary's build information is used.
var (
	version string
	commit  string
	date    string
)

func main() {
	oneProc(os.LookupEnv, carriedTea(debug.ReadBuildInfo()))
	cli.CatchBrokenPipe() // a stderr whose reader is gone fails a write, never kills (exit 141)
	cli.Main(func(ctx context.Context, args []string) int {
		return newApp(os.Stdin, os.Stdout, os.Stderr, os.LookupEnv).execute(ctx, args)
	}, cli.StopSignals()...)
}

// app is one run of the UI: cli.App (where it reads and writes, the
// environment, the keyring, the debug log).
type app struct{ cli.App }

// newApp is a run that reads in, writes out and errw, and looks variables up
// in env, with the system keyring.
func newApp(in io.Reader, out, errw io.Writer, env config.Env) *app {
	return &app{App: cli.NewApp(in, out, errw, env, config.ReadBuild(version, commit, date))}
}

// execute runs the command line args and returns the exit code.
func (a *app) execute(ctx context.Context, args []string) int {
	root := a.rootCmd()
	root.SetVersionTemplate("vehicle-tui version {{.Version}}\n")
	return a.Execute(ctx, root, args)
}

// tuiLong is the root command's description in vehicle-tui -h.
const tuiLong = `vehicle-tui is vehicle's terminal UI, which vehicle runs for itself with no
command, for vehicle demo and for vehicle watch: the session picker, or
--session ID, or --new. Run it as vehicle; vehicle --help lists every
command.`

// rootCmd builds the command tree: the UI, demo and watch, with the same
// names and flags as in vehicle (whose help is made from them: see
// TestVehicleKnowsTheFlags).
func (a *app) rootCmd() *cobra.Command {
	var f config.Flags
	var n tuiFlags
	root := &cobra.Command{
		Use:   "vehicle",
		Short: "vehicle's terminal UI",
		Long:  tuiLong,
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.runTUI(cmd.Context(), f, n.withFile(cmd), false)
		},
		PersistentPreRunE: func(*cobra.Command, []string) error { return a.StartDebugLog() },
	}
	root.SetFlagErrorFunc(cli.FlagError)
	root.CompletionOptions.DisableDefaultCmd = true // vehicle completion covers these commands
	a.DebugFlag(root)
	cli.AddGoFlags(root, func(fs *flag.FlagSet) { f.Register(fs); n.register(fs) })
	root.AddCommand(a.demoCmd(), a.watchCmd())
	return root
}

// watchCmd is vehicle watch: the TUI on one session, read-only.
func (a *app) watchCmd() *cobra.Command {
	var f config.Flags
	var n tuiFlags
	cmd := &cobra.Command{
		Use:   "watch --session ID",
		Short: "Watch a session read-only: never claims the lease, never sends",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.runTUI(cmd.Context(), f, n.withFile(cmd), true)
		},
	}
	cli.AddGoFlags(cmd, func(fs *flag.FlagSet) { f.Register(fs); n.register(fs) },
		"gardend", "graph", "mount", "session", "anonymous", "visitor-id", "visitor-id-file", "key-file", "model-key-env", "no-bell", "notify", "screen-reader")
	return cmd
}
