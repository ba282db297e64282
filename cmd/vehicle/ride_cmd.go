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
		keyring: config.OSKeyring(config.DefaultKeyringTimeout)})
}

// runLogin runs vehicle login: it stores a token for a gardend in the OS
// keyring, read from the terminal without echo or from stdin.
func runLogin(ctx context.Context, args []string) error {
	return login(ctx, args, loginIO{in: os.Stdin, errw: os.Stderr, env: os.LookupEnv,
		keyring: config.OSKeyring(config.DefaultKeyringTimeout)})
}

// runLogout runs vehicle logout: it removes a gardend's token from the OS
// keyring.
func runLogout(ctx context.Context, args []string) error {
	return logout(ctx, args, loginIO{in: os.Stdin, errw: os.Stderr, env: os.LookupEnv,
		keyring: config.OSKeyring(config.DefaultKeyringTimeout)})
}
