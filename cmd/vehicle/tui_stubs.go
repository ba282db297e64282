package main

import (
	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/internal/cli"
)

// tuiCommand is one of vehicle-tui's commands as vehicle parses and shows
// it: the root (Use "vehicle"), demo or watch. tuiCommands lists them.
type tuiCommand struct {
	Use, Short, Long, Example string
	Flags                     []tuiFlag
}

// tuiFlag is one flag of a tuiCommand, as pflag describes it.
type tuiFlag struct {
	Name, Shorthand, Type, Default, NoOptDefault, Usage string
	Hidden                                              bool
}

// tuiAnnotation marks the commands vehicle-tui runs.
const tuiAnnotation = "vehicle-tui"

// tuiCmd is c as a command of vehicle: its help and flags, and a run that
// hands args, whole, to vehicle-tui.
func (a *app) tuiCmd(c tuiCommand, args []string) *cobra.Command {
	cmd := &cobra.Command{
		Use:     c.Use,
		Short:   c.Short,
		Long:    c.Long,
		Example: c.Example,
		Args:    cli.NoArgs,
		RunE:    func(*cobra.Command, []string) error { return a.handoff(args) },
	}
	addTUIFlags(cmd, c)
	return cmd
}

// addTUIFlags gives cmd c's flags and marks it as run by vehicle-tui. The
// flags only parse: vehicle-tui reads their values from the arguments.
func addTUIFlags(cmd *cobra.Command, c tuiCommand) {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[tuiAnnotation] = "1"
	for _, f := range c.Flags {
		fl := cmd.Flags().VarPF(&passedValue{typ: f.Type, val: f.Default}, f.Name, f.Shorthand, f.Usage)
		fl.NoOptDefVal = f.NoOptDefault
		fl.Hidden = f.Hidden
	}
}

// isTUICommand reports whether vehicle-tui runs cmd.
func isTUICommand(cmd *cobra.Command) bool { return cmd.Annotations[tuiAnnotation] != "" }

// passedValue is a flag's value that vehicle takes as given: vehicle-tui
// checks it.
type passedValue struct{ typ, val string }

func (v *passedValue) String() string     { return v.val }
func (v *passedValue) Set(s string) error { v.val = s; return nil }
func (v *passedValue) Type() string       { return v.typ }
