package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
)

// TestAgentCommandRides runs the manifest's agentCommand as sepia would: its
// program resolved on PATH, in the driver's environment. It is an Agent
// Client Protocol agent: initialize, a new session, a prompt whose reply
// streams as agent_message_chunk updates before the prompt's end_turn, and
// the end of its input ends it.
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
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	send := func(line string) {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	lines := bufio.NewScanner(stdout)
	var seen []string
	answer := func(id string) string { // the answer to request id; the lines before it are kept
		for lines.Scan() {
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal(lines.Bytes(), &m)
			if m.Method == "" && string(m.ID) == id {
				return lines.Text()
			}
			seen = append(seen, lines.Text())
		}
		t.Fatalf("no answer to request %s; lines: %q", id, seen)
		return ""
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`)
	answer("1")
	send(`{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}`)
	var created struct {
		Result struct {
			SessionID string `json:"sessionId"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(answer("2")), &created); err != nil || created.Result.SessionID == "" {
		t.Fatalf("session/new: %v", err)
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"` + created.Result.SessionID +
		`","prompt":[{"type":"text","text":"hello from sepia"}]}}`)
	if end := answer("3"); !strings.Contains(end, `"stopReason":"end_turn"`) {
		t.Fatalf("the prompt ended %s", end)
	}
	if !strings.Contains(strings.Join(seen, "\n"), `"sessionUpdate":"agent_message_chunk"`) {
		t.Errorf("%s streamed no reply: %q", strings.Join(argv, " "), seen)
	}
	_ = stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("%s at the end of its input: %v", strings.Join(argv, " "), err)
	}
}
