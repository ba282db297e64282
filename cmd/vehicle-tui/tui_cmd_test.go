package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui"
)

// testApp is a run with buffers for its streams and env for its
// environment, and no keyring.
func testApp(env map[string]string) (*app, *bytes.Buffer, *bytes.Buffer) {
	var out, errw bytes.Buffer
	a := newApp(strings.NewReader(""), &out, &errw, config.MapEnv(env))
	a.Keyring = nil
	return a, &out, &errw
}

// TestTUIWithoutGardendNamesTheDemo: a new user who runs plain `vehicle`
// learns how to give an address, and that the demo needs none.
func TestTUIWithoutGardendNamesTheDemo(t *testing.T) {
	a, _, _ := testApp(map[string]string{"XDG_CONFIG_HOME": t.TempDir()})
	_, err := a.tuiConfig(config.Flags{}, tuiFlags{desktop: tui.DesktopOSC9}, config.File{}, false)
	if err == nil || !strings.Contains(err.Error(), "--gardend") || !strings.Contains(err.Error(), "vehicle demo") ||
		!strings.Contains(err.Error(), "config.toml") {
		t.Fatalf("got %v", err)
	}
}

// TestTUIConfigFromFile: the file's gardend, graph, bell and notifications
// apply where flags and environment are silent; a flag beats it.
func TestTUIConfigFromFile(t *testing.T) {
	a, _, _ := testApp(map[string]string{config.EnvToken: "t", config.EnvGraph: "env-graph"})
	off := false
	file := config.File{Gardend: "https://file.example", Graph: "file-graph", Bell: &off, Notifications: "off"}
	cfg, err := a.tuiConfig(config.Flags{New: true}, tuiFlags{desktop: tui.DesktopOSC9}, file, false)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Client.GardendURL() != "https://file.example" || !cfg.NoBell || cfg.Desktop != tui.DesktopOff {
		t.Errorf("got gardend %s, noBell %v, desktop %s", cfg.Client.GardendURL(), cfg.NoBell, cfg.Desktop)
	}
	cfg, err = a.tuiConfig(config.Flags{New: true, Gardend: "https://flag.example"},
		tuiFlags{desktop: tui.DesktopOSC777, noteGiven: true}, file, false)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Client.GardendURL() != "https://flag.example" || cfg.Desktop != tui.DesktopOSC777 {
		t.Errorf("flags lost to the file: %s %s", cfg.Client.GardendURL(), cfg.Desktop)
	}
}

// TestTUIRefusesPipes: the TUI never draws into a pipe; it points to ride.
func TestTUIRefusesPipes(t *testing.T) {
	for _, args := range [][]string{nil, {"demo"}, {"watch", "--session", "s1"}} {
		a, out, errw := testApp(map[string]string{"HOME": t.TempDir()})
		if code := a.execute(context.Background(), args); code != cli.ExitFailed {
			t.Errorf("%v: exit %d", args, code)
		}
		if out.Len() != 0 || !strings.Contains(errw.String(), "vehicle ride") || strings.Count(errw.String(), "\n") != 1 {
			t.Errorf("%v: out %q, err %q", args, out.String(), errw.String())
		}
	}
}

func TestThemeSetting(t *testing.T) {
	if s := themeSet(config.ThemeDark, false); s.Light != s.Dark || !s.Dark.Dark {
		t.Error("theme = dark does not force the dark styles")
	}
	if s := themeSet(config.ThemeLight, false); s.Light != s.Dark || s.Light.Dark {
		t.Error("theme = light does not force the light styles")
	}
	if s := themeSet(config.ThemeAuto, false); s.Light == s.Dark {
		t.Error("theme = auto does not keep both")
	}
	var _ theme.Set = themeSet("", true)
}

// TestNoColor: NO_COLOR and CLICOLOR=0 both turn colour off.
func TestNoColor(t *testing.T) {
	for env, want := range map[string]bool{"NO_COLOR=1": true, "CLICOLOR=0": true, "CLICOLOR=1": false, "": false} {
		m := map[string]string{}
		if k, v, ok := strings.Cut(env, "="); ok {
			m[k] = v
		}
		a, _, _ := testApp(m)
		if a.noColor() != want {
			t.Errorf("%s: noColor %v", env, !want)
		}
	}
}

// TestContextFlag: --context is repeatable on the command line and reaches
// the UI's config in order; an empty one is refused.
func TestContextFlag(t *testing.T) {
	a, _, _ := testApp(map[string]string{config.EnvToken: "t"})
	root := a.rootCmd()
	if err := root.Flags().Parse([]string{"--context", "doc-1", "--context", "node 2"}); err != nil {
		t.Fatal(err)
	}
	if got := root.Flags().Lookup("context").Value.String(); got != "doc-1,node 2" {
		t.Fatalf("--context twice gave %q", got)
	}
	if err := root.Flags().Parse([]string{"--context", " "}); err == nil || !strings.Contains(err.Error(), "--context ID") {
		t.Fatalf("an empty --context: %v", err)
	}
	n := tuiFlags{desktop: tui.DesktopOSC9, context: refList{"doc-1", "doc-2"}}
	cfg, err := a.tuiConfig(config.Flags{New: true, Gardend: "https://g.example", Graph: "notes"}, n, config.File{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(cfg.ContextRefs, ",") != "doc-1,doc-2" {
		t.Fatalf("the config's refs: %q", cfg.ContextRefs)
	}
}
