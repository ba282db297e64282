package reader

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/testexit"
)

// TestMain runs three tests per CPU at once (they wait on a host and on
// leases running out, not on the CPU) and ends the test binary without
// the race detector's second of sleep (internal/testexit).
func TestMain(m *testing.M) {
	testexit.Waiting()
	testexit.Main(m)
}
