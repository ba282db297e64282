package main

import (
	"flag"
	"testing"

	"github.com/sophia-labs/vehicle/internal/testbin"
	"github.com/sophia-labs/vehicle/internal/testexit"
)

// stampFlags are a release build's -ldflags (TestVersionStamped reads them
// back).
const stampFlags = "-X main.version=v3.2.1 -X main.commit=feedfacecafebeef -X main.date=2026-11-30"

// built is the driver and vehicle, built once per run of this package's
// tests with a release's -ldflags, side by side.
var built = testbin.NewSet("sepia-driver-test", stampFlags, ".", "../vehicle")

func TestMain(m *testing.M) {
	flag.Parse()
	testexit.Exit(built.Main(m))
}

// builtBinary waits for the build and returns the path of the program
// named name in it: sepia-driver-vehicle or vehicle.
func builtBinary(t *testing.T, name string) string { return built.Path(t, name) }
