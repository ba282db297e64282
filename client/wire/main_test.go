package wire

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/testexit"
)

// TestMain ends the test binary without the race detector's second of
// sleep (internal/testexit).
func TestMain(m *testing.M) { testexit.Main(m) }
