package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/cli"
	"github.com/sophia-labs/vehicle/internal/config"
)

// TestACPCommandLine: vehicle acp lists the shared flags but those that
// pick a session (the editor does) and refuses those, and bad values, with
// exit 2 before it reads anything.
func TestACPCommandLine(t *testing.T) {
	cases := []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"-h"}, cli.ExitOK, "-takeover"},
		{[]string{"--new"}, cli.ExitUsage, "not defined: -new"},
		{[]string{"--session", "s1"}, cli.ExitUsage, "not defined: -session"},
		{[]string{"--gardend", "http://127.0.0.1:1", "--graph", "demo", "--request-timeout", "0s"}, cli.ExitUsage, "--request-timeout"},
		{[]string{"--gardend", "http://127.0.0.1:1", "--graph", "demo", "stray"}, cli.ExitUsage, "unexpected argument"},
		{[]string{"--graph", "demo"}, cli.ExitUsage, "no gardend address"},
	}
	for _, c := range cases {
		var errw bytes.Buffer
		rio := rideIO{in: strings.NewReader(""), out: &bytes.Buffer{}, errw: &errw, env: config.MapEnv(map[string]string{"HOME": t.TempDir()})}
		code := acpCommand(context.Background(), c.args, rio, "v0")
		if code != c.code || !strings.Contains(errw.String(), c.say) {
			t.Errorf("vehicle acp %q: exit %d, want %d; stderr:\n%s", c.args, code, c.code, errw.String())
		}
		if c.args[0] == "-h" && strings.Contains(errw.String(), "-no-claim") {
			t.Errorf("vehicle acp -h lists --no-claim:\n%s", errw.String())
		}
	}
}
