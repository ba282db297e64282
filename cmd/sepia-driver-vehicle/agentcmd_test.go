package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
)

// TestAgentCommandRides runs the manifest's agentCommand as sepia would: its
// program resolved on PATH, in the driver's environment. It is an agent
// process: a request line in, the reply streamed out, closed at the end of
// the input.
func TestAgentCommandRides(t *testing.T) {
	argv := strings.Fields(driver.DefaultManifest("").AgentCommand)
	if len(argv) == 0 || argv[0] != "vehicle" {
		t.Fatalf("agentCommand %q does not run vehicle", argv)
	}
	dir := filepath.Dir(builtBinary(t, "vehicle"))
	w := newWorld(t)
	home := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	path, err := exec.LookPath(argv[0])
	if err != nil || filepath.Dir(path) != dir {
		t.Fatalf("%s resolves on PATH to %q (%v), not the one built", argv[0], path, err)
	}
	cmd := exec.CommandContext(ctx, path, argv[1:]...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home,
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"VEHICLE_GARDEND=" + w.front.URL, "VEHICLE_GRAPH=demo", "VEHICLE_TOKEN=ada-token"}
	cmd.Stdin = strings.NewReader(`{"op":"prompt","requestId":"p1","text":"hello from sepia"}` + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var types []string
	for _, l := range lines {
		var f client.Frame
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatalf("not a frame: %q", l)
		}
		types = append(types, f.Type)
	}
	if types[0] != "ready" || types[len(types)-1] != client.TypeClosed ||
		!strings.Contains(string(out), `"role":"assistant"`) || !strings.Contains(strings.Join(types, " "), client.EvRunSettled) {
		t.Errorf("%s did not ride a session to its reply: %v", strings.Join(argv, " "), types)
	}
}
