package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

// TestRideTakesGardendFromTheFile: with neither --gardend nor
// VEHICLE_GARDEND, vehicle ride rides the gardend and graph config.toml
// names, as every other command does; a flag still wins over the file.
func TestRideTakesGardendFromTheFile(t *testing.T) {
	srv := newRideHost(t)
	home := t.TempDir()
	dir := filepath.Join(home, "config", "vehicle")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	text := "gardend = \"" + srv.URL + "\"\ngraph = \"demo\"\n"
	if err := os.WriteFile(filepath.Join(dir, config.ConfigFileName), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	env := config.MapEnv(map[string]string{"VEHICLE_TOKEN": "ada-token", "XDG_CONFIG_HOME": filepath.Join(home, "config")})
	for _, args := range [][]string{{"--new"}, {"--new", "--gardend", "http://127.0.0.1:1"}} {
		out, errw := linesink.New(), linesink.New()
		rio := rideIO{in: strings.NewReader(""), out: out, errw: errw, env: env, stateDir: filepath.Join(home, "state"),
			opts: []client.Option{client.WithRetry(client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond})}}
		code := rideCommand(context.Background(), args, rio)
		lines, _ := out.Lines()
		fromFile := len(args) == 1
		if got := code == 0 && len(lines) > 0 && strings.Contains(lines[0], `"type":"ready"`); got != fromFile {
			errs, _ := errw.Lines()
			t.Errorf("%v: exit %d, rode the file's gardend: %v\n%s\n%s", args, code, got, strings.Join(lines, "\n"), strings.Join(errs, "\n"))
		}
	}
}
