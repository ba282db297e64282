package client

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/testexit"
)

// TestMain runs more tests at once than there are CPUs (most wait on a
// host, a proxy or a stream's pace) and ends the test binary without the
// race detector's second of sleep (internal/testexit).
func TestMain(m *testing.M) {
	testexit.Waiting()
	testexit.Main(m)
}
