package main

import (
	"flag"
	"testing"

	"github.com/sophia-labs/vehicle/internal/testbin"
	"github.com/sophia-labs/vehicle/internal/testexit"
)

// cliVersion is the version the binaries under test are stamped with.
const cliVersion = "v9.8.7-cli-test"

// built is vehicle and vehicle-tui, built once per run of this package's
// tests, as they ship (one folder, the release's -ldflags).
var built = testbin.NewSet("vehicle-test",
	"-X main.version="+cliVersion+" -X main.commit=0123456789abcdef -X main.date=2026-11-30T12:00:00Z",
	".", "../"+tuiProgram)

func TestMain(m *testing.M) {
	flag.Parse()
	testexit.Exit(built.Main(m))
}

// builtBinaries waits for vehicle and vehicle-tui and returns vehicle's path.
func builtBinaries(t testing.TB) string { return built.Path(t, "vehicle") }

// buildStamped is vehicle's path in the folder built once (builtBinaries).
func buildStamped(t *testing.T) string { return builtBinaries(t) }
