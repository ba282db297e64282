package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/debuglog"
	"github.com/sophia-labs/vehicle/internal/ptytest"
)

// TestTUIPrintsLastErrorOnExit opens the TUI in a pty on a session the host
// does not have, with --debug, quits, and finds the error whole on the
// terminal after the UI has left the alternate screen, with the debug log's
// path.
func TestTUIPrintsLastErrorOnExit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	srv := testHost(t)
	env := adaEnv(t)
	term := ptytest.Start(t, bin, 30, 200, env, "--debug", "--gardend", srv.URL, "--graph", "demo", "--session", "s99")
	term.WaitFor("not_found")
	term.Type("\x03") // ctrl+c asks for a second one
	term.WaitFor("ctrl+c again quits")
	term.Type("\x03")
	term.WaitExit() // ctrl+c twice quits
	raw := term.Raw()
	after := raw[strings.LastIndex(raw, "\x1b[?1049l")+1:]
	if !strings.Contains(after, "vehicle: the last error: not_found") {
		t.Errorf("no last error after the UI ended:\n%q", after)
	}
	logPath := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			logPath = filepath.Join(v, "vehicle", debuglog.FileName)
		}
	}
	if !strings.Contains(after, logPath) {
		t.Errorf("the debug log's path %s is not named:\n%q", logPath, after)
	}
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"status=404", "the UI ended on an error"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the debug log lacks %q:\n%s", want, b)
		}
	}
}

// TestDebugLogOfTheTUI runs the demo with --debug in a pty and finds the
// UI's stream in the log: its connection state and its requests.
func TestDebugLogOfTheTUI(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVehicle(t)
	env := append(cliEnv(t), "TERM=xterm-256color", "EDITOR=true")
	term := ptytest.Start(t, bin, 36, 100, env, "demo", "--debug")
	term.WaitFor("Welcome to vehicle", "you drive from this terminal")
	term.Type("\x03") // ctrl+c asks for a second one
	term.WaitFor("ctrl+c again quits")
	term.Type("\x03")
	if err := term.Wait(); err != nil {
		t.Fatalf("vehicle demo: %v", err)
	}
	<-term.Done()
	var logPath string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			logPath = filepath.Join(v, "vehicle", debuglog.FileName)
		}
	}
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`msg="stream state" mode=streaming`, "stream=sse", "answer=driver.claimed", "ada-token"} {
		if got := strings.Contains(string(b), want); got != (want != "ada-token") {
			t.Errorf("the log has %q: %v\n%s", want, got, b)
		}
	}
}
