package main

import (
	"context"
	"io"
	"os"

	"github.com/sophia-labs/vehicle/internal/config"
)

// runRide runs vehicle ride: the headless JSONL form, reading requests from
// in and writing frames to out and diagnostics to errw. It returns the exit
// code: non-zero only when the ride could not start.
func runRide(ctx context.Context, args []string, in io.Reader, out, errw io.Writer) int {
	return ride(ctx, args, rideIO{in: in, out: out, errw: errw, env: os.LookupEnv,
		keyring: config.SystemKeyring(os.LookupEnv, config.DefaultKeyringTimeout)})
}
