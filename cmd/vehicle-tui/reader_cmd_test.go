package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/config"
)

// runReaderApp runs vehicle args with input in, the environment env and a
// configuration file holding file, and returns its exit code and output.
func runReaderApp(t *testing.T, in string, env map[string]string, file string, args ...string) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	env["XDG_CONFIG_HOME"], env["XDG_STATE_HOME"] = dir, dir
	if file != "" {
		p, err := config.ConfigPath(config.MapEnv(env))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(file), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var out, errw bytes.Buffer
	a := newApp(strings.NewReader(in), &out, &errw, config.MapEnv(env))
	a.Keyring = nil
	code := a.execute(context.Background(), args)
	return code, out.String(), errw.String()
}

// TestScreenReaderMode: --screen-reader, VEHICLE_SCREEN_READER=1 or the
// file's screen_reader run the line mode through a pipe (which the TUI
// refuses): the prompt and the reply are lines; the flag beats the
// environment, which beats the file.
func TestScreenReaderMode(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t)
	cases := []struct {
		name, env, file string
		args            []string
		on              bool
	}{
		{name: "flag", args: []string{"--screen-reader"}, on: true},
		{name: "environment", env: "1", on: true},
		{name: "file", file: "screen_reader = true\n", on: true},
		{name: "flag beats environment", env: "1", args: []string{"--screen-reader=false"}},
		{name: "environment beats file", env: "0", file: "screen_reader = true\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{config.EnvToken: "ada-token"}
			if tc.env != "" {
				env[config.EnvScreenReader] = tc.env
			}
			args := append([]string{"--gardend", srv.URL, "--graph", "demo", "--new"}, tc.args...)
			code, out, errw := runReaderApp(t, "hello #slow\n", env, tc.file, args...)
			if !tc.on {
				if code == 0 || !strings.Contains(errw, "needs a terminal") {
					t.Fatalf("the TUI ran into a pipe (%d): %s %s", code, out, errw)
				}
				return
			}
			if code != 0 || !strings.Contains(out, "you: hello #slow\n") || strings.Count(out, "assistant: Echo") != 1 ||
				!strings.Contains(out, "released the lease") {
				t.Fatalf("exit %d, out:\n%s\nerr:\n%s", code, out, errw)
			}
			if strings.ContainsRune(out, 0x1b) {
				t.Errorf("an escape sequence in:\n%q", out)
			}
		})
	}
}

// TestScreenReaderBadVariable: a variable that is not a yes or a no says
// what it takes.
func TestScreenReaderBadVariable(t *testing.T) {
	t.Parallel()
	code, _, errw := runReaderApp(t, "", map[string]string{config.EnvScreenReader: "maybe"}, "")
	if code == 0 || !strings.Contains(errw, "VEHICLE_SCREEN_READER=1") {
		t.Fatalf("exit %d: %s", code, errw)
	}
}

// TestDemoScreenReader: vehicle demo --screen-reader runs the line mode on
// the demo's session through a pipe.
func TestDemoScreenReader(t *testing.T) {
	t.Parallel()
	code, out, errw := runReaderApp(t, "hello #tool\n", map[string]string{}, "", "demo", "--screen-reader", "--delta-delay", "0")
	for _, want := range []string{`opened "Welcome to vehicle"`, "you drive from this terminal.", "you: hello #tool",
		"tool search_documents: ok", "released the lease"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s\n%s", want, out, errw)
		}
	}
	if code != 0 || strings.ContainsRune(out, 0x1b) {
		t.Errorf("exit %d, output:\n%q", code, out)
	}
}

// TestWatchScreenReader: vehicle watch --screen-reader reads a session
// along, read-only, through a pipe.
func TestWatchScreenReader(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t)
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := c.Create(context.Background(), client.CreateRequest{Title: "watched"})
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{config.EnvToken: "ada-token"}
	code, out, errw := runReaderApp(t, "let me drive\n", env, "", "watch", "--screen-reader",
		"--gardend", srv.URL, "--graph", "demo", "--session", cr.Session.SessionID)
	if code != 0 || !strings.Contains(out, `opened "watched"`) || !strings.Contains(out, "watching: read-only.") ||
		!strings.Contains(out, "watching is read-only") || strings.Contains(out, "released the lease") {
		t.Fatalf("exit %d, out:\n%s\nerr:\n%s", code, out, errw)
	}
}
