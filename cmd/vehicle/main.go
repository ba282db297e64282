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
	"syscall"

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
	cli.Main(func(ctx context.Context, args []string) int {
		return newApp(os.Stdin, os.Stdout, os.Stderr, os.LookupEnv).execute(ctx, args)
	}, os.Interrupt, syscall.SIGTERM)
}

// app is one run of the command: cli.App (where it reads and writes, the
// environment, the keyring, the debug log) and how it becomes vehicle-tui.
type app struct {
	cli.App
	handoff func(args []string) error // becomes vehicle-tui with args
}

// newApp is a run that reads in, writes out and errw, and looks variables up
// in env, with the system keyring.
func newApp(in io.Reader, out, errw io.Writer, env config.Env) *app {
	return &app{App: cli.NewApp(in, out, errw, env, config.ReadBuild(version, commit, date)), handoff: execTUI}
}

// execute runs the command line args and returns the exit code.
func (a *app) execute(ctx context.Context, args []string) int {
	return a.Execute(ctx, a.rootCmd(args), args)
}
