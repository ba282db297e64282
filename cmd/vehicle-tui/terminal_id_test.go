package main

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/clientid"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui"
)

// TestTUIClaimsWithATerminalID: the TUI's client claims with an id that
// names this computer and terminal, which other terminals show by its label.
func TestTUIClaimsWithATerminalID(t *testing.T) {
	a, _, _ := testApp(map[string]string{config.EnvToken: "t", config.EnvGraph: "g"})
	cfg, err := a.tuiConfig(config.Flags{New: true, Gardend: "https://example.test"}, tuiFlags{desktop: tui.DesktopOSC9}, config.File{}, false)
	if err != nil {
		t.Fatal(err)
	}
	id := cfg.Client.ClientID()
	if !strings.HasPrefix(id, "cli-") || clientid.Label(id) == id {
		t.Fatalf("the client id %q is not one clientid made", id)
	}
}
