// Command sepia-driver-vehicle serves vehicle sessions to sepia: ndjson
// JSON-RPC 2.0 on stdin and stdout (the sepia driver wire), configured from
// its environment like vehicle ride. See docs/sepia-driver.md.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
	"github.com/sophia-labs/vehicle/internal/config"
)

const usage = `sepia-driver-vehicle: vehicle sessions on the sepia driver wire

Usage:
  sepia-driver-vehicle               serve JSON-RPC 2.0 lines on stdin/stdout
  sepia-driver-vehicle -driver-toml  print vehicle.driver.toml (install it beside the binary)
  sepia-driver-vehicle --version     print the version

Configuration comes from the environment: VEHICLE_GARDEND, VEHICLE_GRAPH,
VEHICLE_MOUNT, and a credential (VEHICLE_KEY_FILE, VEHICLE_TOKEN, the keyring
entry of 'vehicle login', or a visitor id); VEHICLE_MODEL_KEY. Diagnostics go
to stderr.
`

// Set by release builds: -ldflags "-X main.version=v1.2.3 -X main.commit=...
// -X main.date=...". Empty, the binary's build information is used.
var (
	version string
	commit  string
	date    string
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run parses the flags and serves, returning the exit code.
func run(ctx context.Context, args []string, in io.Reader, out, errw io.Writer) int {
	fs := flag.NewFlagSet("sepia-driver-vehicle", flag.ContinueOnError)
	fs.SetOutput(errw)
	fs.Usage = func() { fmt.Fprint(errw, usage) }
	printTOML := fs.Bool("driver-toml", false, "print vehicle.driver.toml and exit")
	printVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errw, "sepia-driver-vehicle: unexpected argument %q: it takes flags only (-h)\n", fs.Arg(0))
		return 2
	}
	build := config.ReadBuild(version, commit, date)
	switch {
	case *printVersion:
		fmt.Fprintln(out, "sepia-driver-vehicle version", build)
		return 0
	case *printTOML:
		return writeTOML(out, errw, build.Version)
	}
	srv := driver.New(driver.Options{
		Resolver: driver.EnvResolver(os.LookupEnv, config.SystemKeyring(os.LookupEnv, 0)),
		Version:  build.Version,
		Log:      errw,
	})
	err := srv.Serve(ctx, in, out)
	switch {
	case err == nil, errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return 0
	default:
		fmt.Fprintln(errw, err)
		return 1
	}
}

// writeTOML prints the manifest of a build of version as vehicle.driver.toml.
func writeTOML(out, errw io.Writer, version string) int {
	m, err := json.Marshal(driver.DefaultManifest(version))
	if err == nil {
		var b []byte
		if b, err = driver.ManifestTOML(m); err == nil {
			_, err = out.Write(b)
		}
	}
	if err != nil {
		fmt.Fprintf(errw, "sepia-driver-vehicle: cannot write the driver's TOML: %v\n", err)
		return 1
	}
	return 0
}
