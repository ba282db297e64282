// Command vehicle is a terminal client for Vehicle ride v2 sessions: the
// headless JSONL form (vehicle ride), login, logout, export and the help of
// every command. The terminal UI (vehicle with no command, demo and watch)
// is vehicle-tui, a program of its own that vehicle becomes (exec) for
// them, so that the other commands start without loading the UI's
// libraries.
//
// Exit codes: 0 when the command did what it was asked, 1 when it failed, 2
// when the command line was wrong (an unknown command or flag, a stray
// argument, a flag without its value).
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/debuglog"
)

// Set by release builds: -ldflags "-X main.version=v1.2.3 -X main.commit=...
// -X main.date=...". Empty, the binary's build information is used.
var (
	version string
	commit  string
	date    string
)

// Exit codes, as documented in the package doc and docs/cli.md.
const (
	exitOK     = cli.ExitOK
	exitFailed = cli.ExitFailed
	exitUsage  = cli.ExitUsage
)

func main() {
	cli.SayNoColor(os.LookupEnv, os.Setenv) // CLICOLOR=0 as NO_COLOR, for the help and the UI alike
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	a := newApp(os.Stdin, os.Stdout, os.Stderr, os.LookupEnv)
	code := a.execute(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// app is one run of the command: where it reads and writes, the environment
// and the keyring it uses, and what its flags turned on.
type app struct {
	in      io.Reader
	out     io.Writer
	errw    io.Writer
	env     config.Env
	keyring config.Keyring
	build   config.Build
	debug   bool                      // --debug
	log     *debuglog.Log             // the debug log, when on
	handoff func(args []string) error // becomes vehicle-tui with args
}

// newApp is a run that reads in, writes out and errw, and looks variables up
// in env, with the system keyring.
func newApp(in io.Reader, out, errw io.Writer, env config.Env) *app {
	return &app{in: in, out: out, errw: errw, env: env, build: config.ReadBuild(version, commit, date),
		keyring: config.SystemKeyring(env, config.DefaultKeyringTimeout), handoff: execTUI}
}

// execute runs the command line args and returns the exit code.
func (a *app) execute(ctx context.Context, args []string) int {
	root := a.rootCmd(args)
	root.SetArgs(args)
	root.SetIn(a.in)
	root.SetOut(a.out)
	root.SetErr(a.errw)
	err := cli.Execute(ctx, root, a.build.String())
	if a.log != nil {
		if err != nil {
			a.log.Error("the command failed", "err", err)
		}
		a.log.Close()
	}
	return cli.ExitCode(err)
}

// startDebugLog opens the debug log when --debug or VEHICLE_DEBUG=1 asks
// for it.
func (a *app) startDebugLog() error {
	if a.log != nil || !debuglog.Wanted(a.env, a.debug) {
		return nil
	}
	l, err := debuglog.Open(a.env, a.build.String())
	if err != nil {
		return err
	}
	a.log = l
	return nil
}

// clientOptions are the options every client of this run gets: with the
// debug log, an HTTP client that logs each request.
func (a *app) clientOptions() []client.Option { return a.log.ClientOptions() }
