package keep

import (
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/internal/testexit"
)

// waitLimit bounds a wait for something that should come at once.
const waitLimit = 30 * time.Second

// TestMain ends the test binary without the race detector's second of
// sleep (internal/testexit).
func TestMain(m *testing.M) { testexit.Main(m) }
