package importwalk

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/testexit"
)

// TestMain ends the test binary without the race detector's second of
// sleep (internal/testexit).
func TestMain(m *testing.M) { testexit.Main(m) }

// TestReach: this package reaches go/build through its own files, and
// testing only through its tests, each with the chain that reached it; a
// path outside the module is refused.
func TestReach(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	w := New(root)
	self := Module + "/internal/importwalk"
	via, err := w.Reach(self, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := via["go/build"]; got != self+" -> go/build" {
		t.Errorf("go/build reached by %q", got)
	}
	if chain, ok := via["go/parser"]; !ok || !strings.HasPrefix(chain, self+" -> go/build -> ") {
		t.Errorf("go/parser (go/build's own import) reached by %q", chain)
	}
	if _, ok := via["testing"]; ok {
		t.Error("testing reached without the tests")
	}
	withTests, err := w.Reach(self, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := withTests[Module+"/internal/testexit"]; got != self+" -> "+Module+"/internal/testexit" {
		t.Errorf("internal/testexit reached by %q with the tests", got)
	}
	if _, err := w.Reach("strings", false); err == nil {
		t.Error("a standard package was walked as the module's")
	}
}
