package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestExitCodeAndMessage: each error's exit code, and what is printed for
// it: one line, a second pointing to the help for a wrong command line,
// nothing for a command that has said why itself.
func TestExitCodeAndMessage(t *testing.T) {
	cases := []struct {
		err   error
		code  int
		lines int
	}{
		{nil, ExitOK, 0},
		{errors.New("the host refused"), ExitFailed, 1},
		{UsageError{Err: errors.New("unknown flag: --x")}, ExitUsage, 2},
		{fmt.Errorf("wrapped: %w", UsageError{Err: errors.New("stray")}), ExitUsage, 2},
		{ExitError{Code: 3}, 3, 0},
	}
	for _, tc := range cases {
		if got := ExitCode(tc.err); got != tc.code {
			t.Errorf("%v: exit %d, want %d", tc.err, got, tc.code)
		}
		if tc.err == nil {
			continue
		}
		var b bytes.Buffer
		PrintError(&b, tc.err)
		if n := strings.Count(b.String(), "\n"); n != tc.lines || tc.lines > 0 && !strings.HasPrefix(b.String(), "vehicle: ") {
			t.Errorf("%v: printed %q", tc.err, b.String())
		}
	}
}

// TestExecute: a stray argument is a usage error, printed once; --version
// answers with the version.
func TestExecute(t *testing.T) {
	root := &cobra.Command{Use: "vehicle", Args: NoArgs, RunE: func(*cobra.Command, []string) error { return nil }}
	root.SetFlagErrorFunc(FlagError)
	for _, tc := range []struct {
		args      []string
		code      int
		out, errw string
	}{
		{[]string{"stray"}, ExitUsage, "", `unexpected argument "stray": vehicle takes flags only`},
		{[]string{"--nosuch"}, ExitUsage, "", "unknown flag: --nosuch"},
		{[]string{"--version"}, ExitOK, "vehicle version v1.2.3", ""},
	} {
		var out, errw bytes.Buffer
		root.SetArgs(tc.args)
		root.SetOut(&out)
		root.SetErr(&errw)
		err := Execute(t.Context(), root, "v1.2.3")
		if ExitCode(err) != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errw.String(), tc.errw) ||
			strings.Count(errw.String(), "vehicle: ") > 1 {
			t.Errorf("%q: exit %d, out %q, err %q", tc.args, ExitCode(err), out.String(), errw.String())
		}
	}
}

// TestExecuteHelpIsFang: the help is fang's (its titles, not cobra's
// "Usage:"), and written to a pipe it carries no escape sequences.
func TestExecuteHelpIsFang(t *testing.T) {
	root := &cobra.Command{Use: "vehicle", Short: "a client", Args: NoArgs, RunE: func(*cobra.Command, []string) error { return nil }}
	root.Flags().Bool("new", false, "start a new session")
	var out, errw bytes.Buffer
	root.SetArgs([]string{"--help"})
	root.SetOut(&out)
	root.SetErr(&errw)
	if err := Execute(t.Context(), root, "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	help := out.String()
	if !strings.Contains(help, "USAGE") || !strings.Contains(help, "FLAGS") || strings.Contains(help, "Usage:") ||
		!strings.Contains(help, "--new") || strings.Contains(help, "[=true|false]") || strings.Contains(help, "\x1b") {
		t.Errorf("--help wrote %q", help)
	}
}

// TestExecuteExitError: a command that ends with an ExitError has said why
// itself: Execute returns it and prints nothing more; fang is told of no
// failure (keepExitErrors), so no style is built for it.
func TestExecuteExitError(t *testing.T) {
	tree := func() *cobra.Command {
		root := &cobra.Command{Use: "vehicle"}
		root.AddCommand(&cobra.Command{Use: "ride", RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintln(cmd.ErrOrStderr(), "vehicle ride: the host refused")
			return ExitError{Code: 3}
		}})
		root.SetArgs([]string{"ride"})
		return root
	}
	root := tree()
	var out, errw bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errw)
	err := Execute(t.Context(), root, "v1.2.3")
	if ExitCode(err) != 3 || errw.String() != "vehicle ride: the host refused\n" || out.Len() != 0 {
		t.Errorf("exit %d, out %q, err %q", ExitCode(err), out.String(), errw.String())
	}

	root = tree()
	root.SetErr(io.Discard)
	var said error
	keepExitErrors(root, &said)
	if err := root.Execute(); err != nil || ExitCode(said) != 3 {
		t.Errorf("with the exit error kept, cobra got %v and kept %v", err, said)
	}
}

// TestSayNoColor: CLICOLOR=0 and NO_COLOR of any value become NO_COLOR=1,
// which the libraries read; colour on leaves the environment alone.
func TestSayNoColor(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string // NO_COLOR afterwards, "" when not set
	}{
		{map[string]string{}, ""},
		{map[string]string{"CLICOLOR": "1"}, ""},
		{map[string]string{"CLICOLOR": "0"}, "1"},
		{map[string]string{"NO_COLOR": "yes"}, "1"},
		{map[string]string{"NO_COLOR": "1"}, "1"},
		{map[string]string{"NO_COLOR": ""}, ""},
	} {
		env := maps.Clone(c.env)
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		set := func(k, v string) error { env[k] = v; return nil }
		SayNoColor(lookup, set)
		if got := env["NO_COLOR"]; got != c.want || NoColor(lookup) != (c.want != "") {
			t.Errorf("%v: NO_COLOR %q, want %q", c.env, got, c.want)
		}
	}
}

// TestAddGoFlagsShorthand: a one-letter flag "the same as --continue"
// becomes --continue's shorthand; both spellings set it, and no --c shows.
func TestAddGoFlagsShorthand(t *testing.T) {
	for _, args := range [][]string{{"-c"}, {"--continue"}} {
		var cont bool
		cmd := &cobra.Command{Use: "x", RunE: func(*cobra.Command, []string) error { return nil }}
		AddGoFlags(cmd, func(fs *flag.FlagSet) {
			fs.BoolVar(&cont, "continue", false, "open what was open")
			fs.BoolVar(&cont, "c", false, "the same as --continue")
		})
		if f := cmd.Flags().Lookup("continue"); f == nil || f.Shorthand != "c" {
			t.Fatalf("--continue: %+v", f)
		}
		if cmd.Flags().Lookup("c") != nil {
			t.Error("a flag --c of its own")
		}
		cmd.SetArgs(args)
		if err := cmd.Execute(); err != nil || !cont {
			t.Errorf("%v: %v, set %v", args, err, cont)
		}
	}
}
