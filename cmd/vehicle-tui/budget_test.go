package main

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui"
)

// TestBudgetFlags: --max-turns, --max-cost-usd and --ttl reach the new
// session's request (tui.Config.NewSession), and --ttl every claim the UI
// makes (tui.Config.ClaimTTL), with --session too; they are refused where
// they do not apply, with what to do.
func TestBudgetFlags(t *testing.T) {
	parse := func(args ...string) tuiFlags {
		t.Helper()
		n := tuiFlags{desktop: tui.DesktopOSC9}
		fs := flag.NewFlagSet("vehicle", flag.ContinueOnError)
		n.register(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return n
	}
	a, _, _ := testApp(map[string]string{config.EnvToken: "t"})
	f := config.Flags{New: true, Gardend: "https://g.example", Graph: "notes", Title: "Herd"}
	cfg, err := a.tuiConfig(f, parse("--max-turns", "20", "--max-cost-usd", "1.25", "--ttl", "15m"), config.File{}, false)
	if err != nil {
		t.Fatal(err)
	}
	want := client.CreateRequest{Title: "Herd", MaxTurns: 20, MaxCostUSD: 1.25, TTLMs: 15 * 60 * 1000}
	if cfg.NewSession != want || cfg.ClaimTTL != 15*time.Minute {
		t.Errorf("NewSession %+v, ClaimTTL %v; want %+v, 15m", cfg.NewSession, cfg.ClaimTTL, want)
	}
	if cfg, _ := a.tuiConfig(f, parse(), config.File{}, false); cfg.NewSession != (client.CreateRequest{Title: "Herd"}) {
		t.Errorf("without the flags: %+v", cfg.NewSession)
	}
	open := config.Flags{Session: "s1", Gardend: "https://g.example", Graph: "notes"}
	if cfg, err := a.tuiConfig(open, parse("--ttl", "15m"), config.File{}, false); err != nil || cfg.ClaimTTL != 15*time.Minute {
		t.Errorf("--session ID --ttl 15m: %v, ClaimTTL %v; want it taken", err, cfg.ClaimTTL)
	}
	noClaim := open
	noClaim.NoClaim = true
	for _, c := range []struct {
		f    config.Flags
		args []string
		say  string
	}{
		{open, []string{"--max-turns", "20"}, "--new"},
		{noClaim, []string{"--ttl", "15m"}, "it takes none"},
		{f, []string{"--max-turns", "0"}, "1 or more"},
		{f, []string{"--max-cost-usd", "-1"}, "above 0"},
		{f, []string{"--ttl", "-1s"}, "positive"},
	} {
		if _, err := a.tuiConfig(c.f, parse(c.args...), config.File{}, false); err == nil || !strings.Contains(err.Error(), c.say) {
			t.Errorf("%v: %v, want it to say %q", c.args, err, c.say)
		}
	}
}

// TestContinueFlag: -c and --continue ask the UI for what was open last,
// kept in the state folder per host and graph; they are refused beside
// --session, --new and --chime, with what to do.
func TestContinueFlag(t *testing.T) {
	parse := func(args ...string) tuiFlags {
		t.Helper()
		n := tuiFlags{desktop: tui.DesktopOSC9}
		fs := flag.NewFlagSet("vehicle", flag.ContinueOnError)
		n.register(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return n
	}
	a, _, _ := testApp(map[string]string{config.EnvToken: "t", "XDG_STATE_HOME": t.TempDir()})
	f := config.Flags{Gardend: "https://g.example", Graph: "notes"}
	for _, flag := range []string{"-c", "--continue"} {
		cfg, err := a.tuiConfig(f, parse(flag), config.File{}, false)
		if err != nil {
			t.Fatal(err)
		}
		if !cfg.Continue || cfg.Recent == nil {
			t.Errorf("%s: Continue %v, Recent %v", flag, cfg.Continue, cfg.Recent)
		}
	}
	for _, g := range []config.Flags{
		{Session: "s1", Gardend: "https://g.example", Graph: "notes"},
		{New: true, Gardend: "https://g.example", Graph: "notes"},
	} {
		if _, err := a.tuiConfig(g, parse("-c"), config.File{}, false); err == nil || !strings.Contains(err.Error(), "drop --session, --new or --chime") {
			t.Errorf("%+v with -c: %v", g, err)
		}
	}
}
