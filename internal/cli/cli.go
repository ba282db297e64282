// Package cli is what vehicle and vehicle-tui share on their command lines:
// the exit codes, the errors that choose them, argument and flag checks,
// and running a cobra tree so that each failure is one line.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/spf13/cobra"
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

// Execute runs root with its arguments set and prints a failure to errw:
// one line, and a pointer to the help for a wrong command line. version
// answers --version. It returns the error the command ended with.
func Execute(ctx context.Context, root *cobra.Command, version string, errw io.Writer) error {
	root.SilenceUsage, root.SilenceErrors = true, true
	root.Version = version
	err := root.ExecuteContext(ctx)
	if err != nil {
		PrintError(errw, err)
	}
	return err
}

// PrintError writes a failed command's error: one line, and a pointer to
// the help for a wrong command line; nothing for an ExitError, whose
// command has said why.
func PrintError(w io.Writer, err error) {
	var ee ExitError
	if errors.As(err, &ee) {
		return
	}
	fmt.Fprintf(w, "vehicle: %v\n", err)
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
// cmd's own flags; with keep, only those named.
func AddGoFlags(cmd *cobra.Command, register func(*flag.FlagSet), keep ...string) {
	fs := flag.NewFlagSet(cmd.Name(), flag.ContinueOnError)
	register(fs)
	want := map[string]bool{}
	for _, k := range keep {
		want[k] = true
	}
	fs.VisitAll(func(fl *flag.Flag) {
		if len(keep) == 0 || want[fl.Name] {
			cmd.Flags().AddGoFlag(fl)
		}
	})
}
