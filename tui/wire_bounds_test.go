package tui

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/importwalk"
)

// showers are the component packages that only show a session and report
// what happened: they name the protocol's values through client/wire and
// make no request, so neither they nor their tests link client's HTTP.
var showers = []string{"ui", "ui/markdown", "composer", "dialog", "panes", "picker", "transcript", "layout",
	"keep", "mouse", "note", "notify", "refs", "slash", "modelkey"}

// notForShowers are what no shower may reach: the client that makes
// requests, and the network it makes them with.
var notForShowers = []string{importwalk.Module + "/client", "net/http", "crypto/tls"}

// TestShowersLinkNoClient fails when a component that only shows (its
// files, its tests' too), or a package of the module or the standard
// library it reaches, imports client, net/http or crypto/tls. Packages
// outside the module and the standard library are not followed.
func TestShowersLinkNoClient(t *testing.T) {
	t.Parallel()
	root, err := importwalk.Root()
	if err != nil {
		t.Fatal(err)
	}
	w := importwalk.New(root)
	for _, name := range showers {
		via, err := w.Reach(importwalk.Module+"/tui/"+name, true)
		if err != nil {
			t.Fatalf("tui/%s: %v", name, err)
		}
		for _, p := range notForShowers {
			if chain, ok := via[p]; ok {
				t.Errorf("tui/%s (with its tests) reaches %s: %s", name, p, chain)
			}
		}
		if _, ok := via["strings"]; !ok {
			t.Fatalf("tui/%s: the walk reached %d packages, not even strings: it follows nothing", name, len(via))
		}
	}
}
