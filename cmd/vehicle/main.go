// Command vehicle is a terminal client for Vehicle ride v2 sessions: the TUI,
// the headless JSONL form (vehicle ride), watching, and a demo on an embedded
// host.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

const usage = `vehicle: a terminal client for Vehicle ride v2 sessions

Usage:
  vehicle [flags]                 open the TUI (the session picker, or --session ID / --new)
  vehicle demo [--listen ADDR]    the TUI on an embedded demo host; no account needed
  vehicle watch --session ID      watch a session read-only
  vehicle ride [flags]            the headless JSONL form, for agents
  vehicle login --gardend URL     store a token for a gardend in the OS keyring
  vehicle logout --gardend URL    remove it
  vehicle help                    this text

Run 'vehicle <command> -h' for a command's flags.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the exit code.
func run(ctx context.Context, args []string) int {
	sub, rest := "", args
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		sub, rest = args[0], args[1:]
	}
	var err error
	switch sub {
	case "":
		err = runTUI(ctx, rest)
	case "demo":
		err = runDemo(ctx, rest)
	case "watch":
		err = runWatch(ctx, rest)
	case "ride":
		return runRide(ctx, rest, os.Stdin, os.Stdout, os.Stderr)
	case "login":
		err = runLogin(ctx, rest)
	case "logout":
		err = runLogout(ctx, rest)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return 0
	default:
		fmt.Fprintf(os.Stderr, "vehicle: unknown command %q\n\n%s", sub, usage)
		return 2
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "vehicle:", err)
		return 1
	}
	return 0
}
