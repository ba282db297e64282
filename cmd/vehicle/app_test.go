package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
)

// testApp is a run with buffers for its streams and env for its
// environment, no keyring, and no vehicle-tui to hand off to: a test that
// expects the handoff sets its own.
func testApp(env map[string]string) (*app, *bytes.Buffer, *bytes.Buffer) {
	var out, errw bytes.Buffer
	a := newApp(strings.NewReader(""), &out, &errw, config.MapEnv(env))
	a.Keyring = nil
	a.handoff = func([]string) error { panic("handed to vehicle-tui in a test that does not expect it") }
	return a, &out, &errw
}

func TestConfigPathCommand(t *testing.T) {
	dir := t.TempDir()
	a, out, _ := testApp(map[string]string{"XDG_CONFIG_HOME": dir, "HOME": "/nowhere"})
	if code := a.execute(context.Background(), []string{"config", "path"}); code != cli.ExitOK {
		t.Fatalf("exit %d", code)
	}
	if got := strings.TrimSpace(out.String()); got != filepath.Join(dir, "vehicle", "config.toml") {
		t.Errorf("config path printed %q", got)
	}
}
