package main

import (
	"fmt"
	"runtime"

	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
)

// rootLong is the root command's description in vehicle -h and the man page.
const rootLong = `vehicle is a terminal client for Vehicle ride v2 sessions: conversations with
an AI agent hosted by vehicle-host behind gardend.

Without a command it opens the TUI: the session picker, or --session ID, or
--new. vehicle demo runs it on a built-in demo host, no account needed.
vehicle ride is the headless JSONL form, for scripts and agents. The TUI
(vehicle, demo and watch) is vehicle-tui, which ships with vehicle and is
looked for beside it, then on PATH.

Settings come from flags, else VEHICLE_* environment variables, else the
configuration file (vehicle config path). Exit codes: 0 ok, 1 failed, 2 the
command line was wrong.`

// rootCmd builds the command tree. Without a command, and for demo and
// watch, it hands args to vehicle-tui once they parse; their flags and
// help come from tuiCommands.
func (a *app) rootCmd(args []string) *cobra.Command {
	tui := tuiCommands()
	root := &cobra.Command{
		Use:   "vehicle",
		Short: "A terminal client for Vehicle ride v2 sessions",
		Long:  rootLong,
		Example: `  vehicle demo
  vehicle --gardend https://sophia.example.com --graph notes --new
  vehicle ride --new < prompts.jsonl`,
		Args: cli.NoArgs,
		RunE: func(*cobra.Command, []string) error { return a.handoff(args) },
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if isTUICommand(cmd) {
				return nil // vehicle-tui keeps the debug log of its run
			}
			return a.StartDebugLog()
		},
	}
	root.SetFlagErrorFunc(cli.FlagError)
	a.DebugFlag(root)
	addTUIFlags(root, tui[0])
	root.AddCommand(a.tuiCmd(tui[1], args), a.tuiCmd(tui[2], args), a.rideCmd(), a.acpCmd(), a.exportCmd(), a.loginCmd(), a.logoutCmd(),
		a.configCmd(), a.versionCmd(), a.manCmd())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args, c.RunE = cli.NoArgs, showHelp // an unknown shell is refused, not answered with help
		}
	}
	return root
}

// rideCmd is vehicle ride, which parses its own flags: -h lists them.
func (a *app) rideCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "ride [flags]",
		Short:              "The headless JSONL form, for scripts and agents (vehicle ride -h for its flags)",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			args = a.takeDebugFlag(args)
			if err := a.StartDebugLog(); err != nil {
				return err
			}
			if code := runRide(cmd.Context(), args, a.In, a.Out, a.ErrOut, a.ClientOptions()...); code != cli.ExitOK {
				return cli.ExitError{Code: code}
			}
			return nil
		},
	}
}

// takeDebugFlag removes --debug from the arguments of a command that parses
// its own flags and turns the debug log on for it.
func (a *app) takeDebugFlag(args []string) []string {
	kept := args[:0:0]
	for _, arg := range args {
		switch arg {
		case "--debug", "-debug", "--debug=true", "-debug=true":
			a.Debug = true
		case "--debug=false", "-debug=false":
			a.Debug = false
		default:
			kept = append(kept, arg)
		}
	}
	return kept
}

// exportCmd is vehicle export, which parses its own flags: -h lists them.
func (a *app) exportCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "export --session ID [--format md|jsonl] [-o PATH]",
		Short:              "Write a session's transcript as Markdown or JSONL (vehicle export -h for its flags)",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if code := runExport(cmd.Context(), a.Env, args, a.Out, a.ErrOut); code != cli.ExitOK {
				return cli.ExitError{Code: code}
			}
			return nil
		},
	}
}

// configCmd is vehicle config and its subcommands.
func (a *app) configCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "The configuration file: vehicle config path prints where it is",
		Long: `The configuration file, config.toml, holds defaults: gardend, graph, mount,
theme (auto, dark or light), bell (true or false) and notifications (osc9,
osc777 or off). Flags beat environment variables, which beat the file. It
never holds a secret: tokens go to the OS keyring (vehicle login).`,
		Args: cli.NoArgs,
		RunE: showHelp,
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "path",
		Short: "Print where the configuration file is (it may not exist yet)",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := config.ConfigPath(a.Env)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), p)
			return nil
		},
	})
	return cmd
}

// versionCmd is vehicle version: the same as --version, and the Go release.
func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the commit and date it was built from, and the Go release",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "vehicle version %s\n%s %s/%s\n", a.Build, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		},
	}
}

// manCmd is vehicle man: the manual page, in roff, on stdout.
func (a *app) manCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (roff): vehicle man | man -l -",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mcobra.NewManPage(1, cmd.Root())
			if err != nil {
				return fmt.Errorf("cannot build the manual page: %w", err)
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), page.Build(roff.NewDocument()))
			return err
		},
	}
}

// showHelp is the run of a command that only groups others: its help.
func showHelp(cmd *cobra.Command, _ []string) error { return cmd.Help() }
