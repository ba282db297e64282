// Command vehicle is a terminal client for Vehicle ride v2 sessions: the TUI,
// the headless JSONL form (vehicle ride), watching, and a demo on an embedded
// host.
//
// Exit codes: 0 when the command did what it was asked, 1 when it failed, 2
// when the command line was wrong (an unknown command or flag, a stray
// argument, a flag without its value).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/internal/config"
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
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

func main() {
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
	debug   bool      // --debug
	log     *debugLog // the debug log, when on
}

// newApp is a run that reads in, writes out and errw, and looks variables up
// in env, with the system keyring.
func newApp(in io.Reader, out, errw io.Writer, env config.Env) *app {
	return &app{in: in, out: out, errw: errw, env: env, build: config.ReadBuild(version, commit, date),
		keyring: config.SystemKeyring(env, config.DefaultKeyringTimeout)}
}

// execute runs the command line args and returns the exit code.
func (a *app) execute(ctx context.Context, args []string) int {
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(a.in)
	root.SetOut(a.out)
	root.SetErr(a.errw)
	err := fang.Execute(ctx, root, fang.WithVersion(a.build.String()), fang.WithoutManpage(),
		fang.WithErrorHandler(a.printError))
	if a.log != nil {
		if err != nil {
			a.log.Error("the command failed", "err", err)
		}
		a.log.close()
	}
	return exitCode(err)
}

// usageError is a command line that could not be understood: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// exitError ends the command with a code after it has said why itself.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit code %d", e.code) }

// exitCode maps the command's error to the process's exit code.
func exitCode(err error) int {
	var ee exitError
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &ue):
		return exitUsage
	default:
		return exitFailed
	}
}

// printError writes a failed command's error: one line, and a pointer to the
// help for a wrong command line.
func (a *app) printError(w io.Writer, _ fang.Styles, err error) {
	var ee exitError
	if errors.As(err, &ee) {
		return // the command has said why
	}
	fmt.Fprintf(w, "vehicle: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(w, "Run 'vehicle --help' for the commands, or 'vehicle COMMAND --help' for a command's flags.")
	}
}

// noArgs refuses arguments: every command but ride takes flags only.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if cmd.HasSubCommands() {
		return usageError{fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())}
	}
	return usageError{fmt.Errorf("unexpected argument %q: %s takes flags only", args[0], cmd.CommandPath())}
}

// flagError marks a flag that could not be parsed as a usage error.
func flagError(_ *cobra.Command, err error) error { return usageError{err} }
