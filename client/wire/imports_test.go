package wire_test

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/importwalk"
)

// noIO are the packages wire must never reach: the network and processes.
var noIO = []string{"net", "net/http", "crypto/tls", "os/exec"}

// TestImportsNoNetwork fails when wire, or any package of the module or the
// standard library it imports (its non-test files, transitively), imports
// one of noIO. Packages outside the module and the standard library are not
// followed.
func TestImportsNoNetwork(t *testing.T) {
	root, err := importwalk.Root()
	if err != nil {
		t.Fatal(err)
	}
	via, err := importwalk.New(root).Reach(importwalk.Module+"/client/wire", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range noIO {
		if chain, ok := via[p]; ok {
			t.Errorf("client/wire reaches %s: %s", p, chain)
		}
	}
	if _, ok := via["encoding/json"]; !ok {
		t.Fatalf("the walk found %d packages but not encoding/json: it follows nothing", len(via))
	}
}
