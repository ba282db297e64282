package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
)

// runRide runs vehicle ride: the headless JSONL form, reading requests from
// in and writing frames to out and diagnostics to errw. It returns the exit
// code: non-zero only when the ride could not start or out failed (a reader
// that went away included: EPIPE, never death by SIGPIPE). The first SIGINT,
// SIGTERM or SIGHUP ends the ride as the end of the input does; a second one
// closes it at once.
func runRide(ctx context.Context, args []string, in io.Reader, out, errw io.Writer, opts ...client.Option) int {
	return underStopSignals(ctx, func(hard context.Context, stop <-chan struct{}) int {
		return rideCommand(hard, args, rideIO{in: in, out: out, errw: errw, env: os.LookupEnv,
			keyring: config.SystemKeyring(os.LookupEnv, config.DefaultKeyringTimeout), stop: stop, opts: opts})
	})
}

// underStopSignals runs a command that serves its input until it ends
// (vehicle ride, vehicle acp): the first SIGINT, SIGTERM or SIGHUP closes
// stop, which the command takes as the end of its input; a second cancels
// hard. A write to an output whose reader went away fails with EPIPE
// instead of killing the process.
func underStopSignals(ctx context.Context, run func(hard context.Context, stop <-chan struct{}) int) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, cli.StopSignals()...)
	defer signal.Stop(sigs)
	defer cli.CatchBrokenPipe()()
	hard, stop, release := signalStages(ctx, sigs)
	defer release()
	return run(hard, stop)
}

// signalStages turns interrupts into the ride's two ways to end: stop is
// closed by the first (ctx's end, or the first signal on sigs), and the
// returned context is cancelled by the second signal. Call release when the
// ride is over.
func signalStages(ctx context.Context, sigs <-chan os.Signal) (hard context.Context, stop <-chan struct{}, release func()) {
	hard, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stopped := make(chan struct{})
	go func() {
		defer cancel()
		closed := false
		stopOnce := func() {
			if !closed {
				closed = true
				close(stopped)
			}
		}
		done := ctx.Done()
		for n := 0; n < 2; {
			select {
			case <-done:
				done = nil
				stopOnce()
			case _, ok := <-sigs:
				if !ok {
					return
				}
				n++
				stopOnce()
			case <-hard.Done():
				return
			}
		}
	}()
	return hard, stopped, cancel
}
