package main

import (
	"flag"
	"fmt"
	"runtime"

	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/ride"
)

// rootLong is the root command's description in vehicle -h and the man page.
const rootLong = `vehicle is a terminal client for Vehicle ride v2 sessions: conversations with
an AI agent hosted by vehicle-host behind gardend.

Without a command it opens the TUI: the session picker, or --session ID, or
--new. vehicle demo runs it on a built-in demo host, no account needed.
vehicle ride is the headless JSONL form, for scripts and agents.

Settings come from flags, else VEHICLE_* environment variables, else the
configuration file (vehicle config path). Exit codes: 0 ok, 1 failed, 2 the
command line was wrong.`

// rootCmd builds the command tree.
func (a *app) rootCmd() *cobra.Command {
	var f config.Flags
	var n tuiFlags
	root := &cobra.Command{
		Use:   "vehicle",
		Short: "A terminal client for Vehicle ride v2 sessions",
		Long:  rootLong,
		Example: `  vehicle demo
  vehicle --gardend https://sophia.example.com --graph notes --new
  vehicle ride --new < prompts.jsonl`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.runTUI(cmd.Context(), f, n.withFile(cmd), false)
		},
		PersistentPreRunE: func(*cobra.Command, []string) error { return a.startDebugLog() },
	}
	root.SetFlagErrorFunc(flagError)
	root.PersistentFlags().BoolVar(&a.debug, "debug", false, "write a debug log (requests, streams, leases) to a file in the state folder (or $"+envDebug+"=1)")
	addGoFlags(root, func(fs *flag.FlagSet) { f.Register(fs); n.register(fs) })
	root.AddCommand(a.demoCmd(), a.watchCmd(), a.rideCmd(), a.exportCmd(), a.loginCmd(), a.logoutCmd(),
		a.configCmd(), a.versionCmd(), a.manCmd())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args, c.RunE = noArgs, showHelp // an unknown shell is refused, not answered with help
		}
	}
	return root
}

// addGoFlags adds the flags that register puts in a standard flag set to
// cmd's own flags; with keep, only those named.
func addGoFlags(cmd *cobra.Command, register func(*flag.FlagSet), keep ...string) {
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

// watchCmd is vehicle watch: the TUI on one session, read-only.
func (a *app) watchCmd() *cobra.Command {
	var f config.Flags
	var n tuiFlags
	cmd := &cobra.Command{
		Use:   "watch --session ID",
		Short: "Watch a session read-only: never claims the lease, never sends",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.runTUI(cmd.Context(), f, n.withFile(cmd), true)
		},
	}
	addGoFlags(cmd, func(fs *flag.FlagSet) { f.Register(fs); n.register(fs) },
		"gardend", "graph", "mount", "session", "anonymous", "visitor-id", "key-file", "model-key-env", "no-bell", "notify", "screen-reader")
	return cmd
}

// rideCmd is vehicle ride, which parses its own flags: -h lists them.
func (a *app) rideCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "ride [flags]",
		Short:              "The headless JSONL form, for scripts and agents (vehicle ride -h for its flags)",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			args = a.takeDebugFlag(args)
			if err := a.startDebugLog(); err != nil {
				return err
			}
			var opts []client.Option
			if a.log != nil {
				opts = append(opts, client.WithHTTPClient(a.logging(ride.NewHTTPClient(ride.DefaultWindow))))
			}
			if code := runRide(cmd.Context(), args, a.in, a.out, a.errw, opts...); code != exitOK {
				return exitError{code}
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
			a.debug = true
		case "--debug=false", "-debug=false":
			a.debug = false
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
			if code := runExport(cmd.Context(), args, a.out, a.errw); code != exitOK {
				return exitError{code}
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
		Args: noArgs,
		RunE: showHelp,
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "path",
		Short: "Print where the configuration file is (it may not exist yet)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := config.ConfigPath(a.env)
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
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "vehicle version %s\n%s %s/%s\n", a.build, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		},
	}
}

// manCmd is vehicle man: the manual page, in roff, on stdout.
func (a *app) manCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (roff): vehicle man | man -l -",
		Args:  noArgs,
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
