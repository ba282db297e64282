package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui"
)

// Demo settings: the graph, the person this terminal rides as, and the pace
// of the scripted model's replies (so streaming shows).
const (
	demoGraph      = "demo"
	demoToken      = "ada-token"
	demoBoToken    = "bo-token"
	demoDeltaDelay = 12 * time.Millisecond
	demoSeedLimit  = 20 * time.Second
)

// demoPrompts are the first turns of the demo's session, so its first
// screen shows a conversation.
var demoPrompts = [...]string{
	"What is vehicle, and what can I do here?",
	"Find the notes about leases #tool",
}

// demoCmd is vehicle demo.
func (a *app) demoCmd() *cobra.Command {
	var listen string
	var noTUI bool
	var deltaDelay time.Duration
	var sr tuiFlags // only --screen-reader
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "The TUI on a built-in demo host with a scripted model: no account needed",
		Long: `vehicle demo starts the reference host in this process with its scripted model,
opens a session with a short conversation and runs the TUI on it as Ada. With
--listen the host stays up for other terminals, and the people, their tokens
and the commands for a second terminal are printed.`,
		Args: cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sr.readerGiven = cmd.Flags().Changed("screen-reader")
			return a.runDemo(cmd.Context(), listen, noTUI, deltaDelay, sr)
		},
	}
	cmd.Flags().StringVar(&listen, "listen", "", "keep the demo host up on this address (e.g. 127.0.0.1:7777) for other terminals")
	cmd.Flags().BoolVar(&noTUI, "no-tui", false, "serve only (with --listen): no UI in this terminal; ctrl+c stops the host")
	cmd.Flags().DurationVar(&deltaDelay, "delta-delay", demoDeltaDelay, "the pause before each streamed piece of a reply")
	cmd.Flags().BoolVar(&sr.reader, "screen-reader", false, screenReaderUsage)
	return cmd
}

// runDemo starts the reference host in-process with its scripted model,
// opens a session with a short conversation, and runs the UI on it as ada.
func (a *app) runDemo(ctx context.Context, listen string, noTUI bool, deltaDelay time.Duration, sr tuiFlags) error {
	if noTUI && listen == "" {
		return cli.UsageError{Err: errors.New("--no-tui serves other terminals: give --listen ADDR as well")}
	}
	file, err := a.configFile()
	if err != nil {
		return err
	}
	lines, err := config.ScreenReader(sr.reader, sr.readerGiven, a.Env, file)
	if err != nil {
		return err
	}
	if !noTUI && !lines && (!isTerminal(a.In) || !isTerminal(a.Out)) {
		return errNoTerminal
	}
	addr := listen
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	srv, err := demoHost(addr, deltaDelay)
	if err != nil {
		return fmt.Errorf("cannot start the demo host on %s: %w; pick another address", addr, err)
	}
	defer srv.Close()
	opts := append([]client.Option{client.WithGraph(demoGraph), client.WithToken(demoToken)}, a.terminalOptions()...)
	c, err := client.New(srv.URL, opts...)
	if err != nil {
		return err
	}
	id, err := seedDemo(ctx, c)
	if err != nil {
		return err
	}
	if noTUI {
		// It serves; it does not ride: Ada's session is hers to open, with
		// nobody driving it.
		if err := c.Release(ctx, id); err != nil {
			return fmt.Errorf("cannot let the demo session's lease go: %w", err)
		}
	}
	if listen != "" {
		printDemo(a.Out, srv.URL, id, noTUI)
	}
	if !noTUI {
		if lines {
			err = a.demoReader(ctx, c, id)
		} else {
			cfg := tui.Config{Client: c, SessionID: id, Principal: "user:ada", Banner: demoBanner(srv.URL, id, listen != "")}
			if file.Bell != nil {
				cfg.NoBell = !*file.Bell
			}
			cfg.Desktop = file.Notifications
			err = a.runProgram(ctx, cfg, file.Theme)
		}
		if err != nil || listen == "" {
			return err
		}
		fmt.Fprintf(a.Out, "\nThe demo host is still up at %s; ctrl+c stops it.\n", srv.URL)
	}
	<-ctx.Done()
	return nil
}

// seedDemo makes the demo's session and plays its first turns to the end.
func seedDemo(ctx context.Context, c *client.Client) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, demoSeedLimit)
	defer cancel()
	cr, err := c.Create(ctx, client.CreateRequest{Title: "Welcome to vehicle"})
	if err != nil {
		return "", fmt.Errorf("the demo host refused a session: %w", err)
	}
	id := cr.Session.SessionID
	st, err := c.Stream(ctx, id, client.StreamOptions{Since: cr.Cursor})
	if err != nil {
		return "", fmt.Errorf("cannot watch the demo session: %w", err)
	}
	defer st.Close()
	for _, p := range demoPrompts {
		if _, err := c.Prompt(ctx, id, p); err != nil {
			return "", fmt.Errorf("the demo host refused a prompt: %w", err)
		}
		if err := waitSettled(st); err != nil {
			return "", err
		}
	}
	return id, nil
}

// waitSettled reads the stream until a run settles.
func waitSettled(st *client.Stream) error {
	for st.Next() {
		if st.Current().Type == client.EvRunSettled {
			return nil
		}
	}
	return fmt.Errorf("the demo session's stream ended before its run settled: %v", st.Err())
}

// demoBanner is the UI's lines under the header in the demo: with --listen,
// the commands for Ada's second terminal, for Bo to chime in and for Dee to
// run out of credit.
func demoBanner(url, id string, listening bool) string {
	if !listening {
		return "demo: try a prompt; #tool, #slow, #hold, #fail or #long 20 pick other paths · ctrl+c twice quits"
	}
	at := " vehicle --gardend " + url + " --graph " + demoGraph + " --session " + id
	return "ada: VEHICLE_TOKEN=" + demoToken + at + "\n" + "bo: VEHICLE_TOKEN=" + demoBoToken + at + " --chime\n" +
		"dee: VEHICLE_TOKEN=" + demoCreditToken + " vehicle --gardend " + url + " --graph " + demoPublicGraph + " --new"
}

// demoHost starts the demo's reference host on addr: Ada's graph, and a
// public graph where visitors and Dee (demoCreditPerson) may make sessions.
func demoHost(addr string, deltaDelay time.Duration) (*vehicletest.Server, error) {
	return vehicletest.Listen(addr, vehicletest.WithDeterministicIDs(), vehicletest.WithPublicGraphs(demoPublicGraph),
		vehicletest.WithPeople(demoPeople()...),
		vehicletest.WithLimits(vehicletest.Limits{DeltaDelay: deltaDelay, SignupGrantUSD: demoCreditUSD}))
}

// demoPublicGraph is the demo host's public graph: visitors may make
// sessions there.
const demoPublicGraph = "public"

// printDemo prints the demo host's address, people and the commands for a
// second terminal.
func printDemo(w io.Writer, url, id string, noTUI bool) {
	fmt.Fprintf(w, "vehicle demo host: %s (graph %q)\n\n", url, demoGraph)
	fmt.Fprintln(w, "People (tokens for VEHICLE_TOKEN):")
	for _, p := range demoPeople() {
		fmt.Fprintf(w, "  %-4s %-10s %s\n", p.Name, p.Token, personLine(p))
	}
	at := "--gardend " + url + " --graph " + demoGraph
	if noTUI {
		fmt.Fprintf(w, "\nThis terminal only serves: Ada's session %s has nobody driving it.\n\n", id)
		fmt.Fprintf(w, "Ada's terminal (it takes the lease):\n  VEHICLE_TOKEN=%s vehicle %s --session %s\n", demoToken, at, id)
	} else {
		fmt.Fprintf(w, "\nThis terminal rides as Ada, on session %s.\n\n", id)
		fmt.Fprintf(w, "Second terminal, the same person (take over, or watch):\n  VEHICLE_TOKEN=%s vehicle %s --session %s\n", demoToken, at, id)
	}
	fmt.Fprintf(w, "Watch it read-only:\n  VEHICLE_TOKEN=%s vehicle watch %s --session %s\n", demoToken, at, id)
	fmt.Fprintf(w, "Another person (Bo, editor of graph %s) chimes into Ada's room:\n  VEHICLE_TOKEN=%s vehicle %s --session %s --chime\n",
		demoGraph, demoBoToken, at, id)
	fmt.Fprintf(w, "Bo's own sessions, headless:\n  VEHICLE_TOKEN=%s vehicle ride %s --new\n", demoBoToken, at)
	printDemoPublic(w, url)
}

// roles words a demo person's roles.
func roles(p vehicletest.Person) string {
	s := ""
	for g, r := range p.Roles {
		if s != "" {
			s += ", "
		}
		s += r + " of graph " + g
	}
	return s
}
