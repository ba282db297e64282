package main

import (
	"flag"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui"
)

// TestTUINewAgentNoClaim: `vehicle --new --profile agent --no-claim` asks the
// TUI for a new agent session made without the lease.
func TestTUINewAgentNoClaim(t *testing.T) {
	a, _, _ := testApp(map[string]string{config.EnvToken: "t", config.EnvGardend: "https://g.example", config.EnvGraph: "demo"})
	var f config.Flags
	fs := flag.NewFlagSet("vehicle", flag.ContinueOnError)
	f.Register(fs)
	if err := fs.Parse([]string{"--new", "--profile", "agent", "--model", "openrouter/openai/gpt-6-luna", "--no-claim"}); err != nil {
		t.Fatal(err)
	}
	cfg, err := a.tuiConfig(f, tuiFlags{desktop: tui.DesktopOSC9}, config.File{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.New || !cfg.NoClaim || cfg.NewSession.Profile != client.ProfileAgent || cfg.NewSession.Model != "openrouter/openai/gpt-6-luna" {
		t.Errorf("config %+v", cfg)
	}
}
