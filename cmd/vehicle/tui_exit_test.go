package main

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestTUIPrintsLastErrorOnExit opens the TUI in a pty on a session the host
// does not have, with --debug, quits, and finds the error whole on the
// terminal after the UI has left the alternate screen, with the debug log's
// path.
func TestTUIPrintsLastErrorOnExit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	srv, err := vehicletest.Listen("127.0.0.1:0", vehicletest.WithDeterministicIDs())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	env := append(cliEnv(t), "TERM=xterm-256color", "VEHICLE_TOKEN=ada-token", "EDITOR=true")
	term := startTerminal(t, bin, 30, 200, env, "--debug", "--gardend", srv.URL, "--graph", "demo", "--session", "s99")
	term.waitFor("not_found")
	term.typeText("\x03") // ctrl+c
	done := make(chan error, 1)
	go func() { done <- term.cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("vehicle exited with %v", err)
		}
	case <-time.After(e2eLimit):
		t.Fatalf("vehicle did not quit on ctrl+c; the screen:\n%s", term.screen())
	}
	<-term.read
	term.mu.Lock()
	raw := term.raw.String()
	term.mu.Unlock()
	after := raw[strings.LastIndex(raw, "\x1b[?1049l")+1:]
	if !strings.Contains(after, "vehicle: the last error: not_found") {
		t.Errorf("no last error after the UI ended:\n%q", after)
	}
	if !strings.Contains(after, filepath.Join("state", "vehicle", debugLogFile)) {
		t.Errorf("the debug log's path is not named:\n%q", after)
	}
}
