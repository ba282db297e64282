// Package cli is what vehicle and vehicle-tui share on their command lines:
// the exit codes, the errors that choose them, argument and flag checks,
// and running a cobra tree through fang (the styled help and --version) so
// that each failure is one line.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// Exit codes, as documented in docs/cli.md.
const (
	ExitOK     = 0 // the command did what it was asked
	ExitFailed = 1 // it failed
	ExitUsage  = 2 // the command line was wrong
)

// UsageError is a command line that could not be understood: exit code 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// ExitError ends the command with Code after it has said why itself.
type ExitError struct{ Code int }

func (e ExitError) Error() string { return fmt.Sprintf("exit code %d", e.Code) }

// ExitCode maps a command's error to the process's exit code.
func ExitCode(err error) int {
	var ee ExitError
	var ue UsageError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.Code
	case errors.As(err, &ue):
		return ExitUsage
	default:
		return ExitFailed
	}
}

// Execute runs root through fang (its help, --version and completion)
// with its arguments set, and prints a failure to root's error stream: one
// line, and a pointer to the help for a wrong command line. version answers
// --version. It returns the error the command ended with.
//
// A command that ends with an ExitError has said why itself, so fang is
// told of no failure: fang styles every error it is given before handing
// it on (and asks a terminal on stdin and stdout for its background
// colour), which would be wasted on one that prints nothing.
func Execute(ctx context.Context, root *cobra.Command, version string) error {
	var said error
	keepExitErrors(root, &said)
	err := fang.Execute(ctx, root, fang.WithVersion(version), fang.WithoutManpage(),
		fang.WithErrorHandler(func(w io.Writer, _ fang.Styles, err error) { PrintError(w, err) }))
	if err == nil {
		err = said
	}
	return err
}

// keepExitErrors makes each command of cmd's tree that ends with an
// ExitError keep it in said and return nil (so cobra would run a PostRun
// hook after it, as after a success: these commands have none).
func keepExitErrors(cmd *cobra.Command, said *error) {
	if run := cmd.RunE; run != nil {
		cmd.RunE = func(c *cobra.Command, args []string) error {
			err := run(c, args)
			var ee ExitError
			if errors.As(err, &ee) {
				*said = err
				return nil
			}
			return err
		}
	}
	for _, c := range cmd.Commands() {
		keepExitErrors(c, said)
	}
}

// PrintError writes a failed command's error: one line, made inert (host
// text in it cannot reach the terminal as an escape sequence) and with no
// URL's user information, and a pointer to the help for a wrong command
// line; nothing for an ExitError, whose command has said why.
func PrintError(w io.Writer, err error) {
	var ee ExitError
	if errors.As(err, &ee) {
		return
	}
	fmt.Fprintf(w, "vehicle: %s\n", inert.Line(redact.Text(err.Error())))
	var ue UsageError
	if errors.As(err, &ue) {
		fmt.Fprintln(w, "Run 'vehicle --help' for the commands, or 'vehicle COMMAND --help' for a command's flags.")
	}
}

// NoArgs refuses arguments: every command but ride and export takes flags
// only.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if cmd.HasSubCommands() {
		return UsageError{fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())}
	}
	return UsageError{fmt.Errorf("unexpected argument %q: %s takes flags only", args[0], cmd.CommandPath())}
}

// FlagError marks a flag that could not be parsed as a usage error; it is
// a cobra FlagErrorFunc.
func FlagError(_ *cobra.Command, err error) error { return UsageError{err} }

// AddGoFlags adds the flags that register puts in a standard flag set to
// cmd's own flags; with keep, only those named. A one-letter flag whose
// usage is "the same as --NAME" becomes NAME's shorthand (-c for
// --continue), not a flag of its own.
func AddGoFlags(cmd *cobra.Command, register func(*flag.FlagSet), keep ...string) {
	fs := flag.NewFlagSet(cmd.Name(), flag.ContinueOnError)
	register(fs)
	want := map[string]bool{}
	for _, k := range keep {
		want[k] = true
	}
	short := map[string]string{} // a flag's name → its one letter
	fs.VisitAll(func(fl *flag.Flag) {
		if long, ok := strings.CutPrefix(fl.Usage, sameAs); ok && len(fl.Name) == 1 && fs.Lookup(long) != nil {
			short[long] = fl.Name
		}
	})
	fs.VisitAll(func(fl *flag.Flag) {
		if len(keep) > 0 && !want[fl.Name] {
			return
		}
		if long, ok := strings.CutPrefix(fl.Usage, sameAs); ok && short[long] == fl.Name {
			return
		}
		pf := pflag.PFlagFromGoFlag(fl)
		pf.Shorthand = short[fl.Name]
		cmd.Flags().AddFlag(pf)
	})
}

// sameAs begins the usage of a one-letter flag that is another's shorthand.
const sameAs = "the same as --"

// NoColor reports whether the environment turns colour off: NO_COLOR set to
// anything but "" (no-color.org), or CLICOLOR=0 (bixense.com/clicolors).
func NoColor(env func(string) (string, bool)) bool {
	if v, _ := env("NO_COLOR"); v != "" {
		return true
	}
	v, _ := env("CLICOLOR")
	return v == "0"
}

// SayNoColor sets NO_COLOR=1 when the environment turns colour off
// (NoColor) in a way the libraries miss: fang's help and errors and Bubble
// Tea's renderer read NO_COLOR alone, and only as a boolean, so CLICOLOR=0
// and NO_COLOR=yes would leave them coloured. set is os.Setenv; a main
// calls it first, before anything reads the environment.
func SayNoColor(env func(string) (string, bool), set func(key, value string) error) {
	if v, _ := env("NO_COLOR"); v != "1" && NoColor(env) {
		_ = set("NO_COLOR", "1")
	}
}
