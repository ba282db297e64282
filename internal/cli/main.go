package cli

import (
	"context"
	"os"
	"os/signal"
)

// Main is the main of vehicle and vehicle-tui: it says NO_COLOR=1 to the
// libraries when the environment turns colour off (SayNoColor, before
// anything reads the environment), runs run with the command line's
// arguments and a context that ends at the first of the stop signals, and
// exits with the code run returns. It does not return.
func Main(run func(ctx context.Context, args []string) int, stop ...os.Signal) {
	SayNoColor(os.LookupEnv, os.Setenv) // CLICOLOR=0 as NO_COLOR, for the help and the UI alike
	ctx, cancel := signal.NotifyContext(context.Background(), stop...)
	code := run(ctx, os.Args[1:])
	cancel()
	os.Exit(code)
}
