package drivertest

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Agent says how the suite runs the manifest's agentCommand: its program
// resolved in Dir, then on PATH, with the environment Env. The command is an
// Agent Client Protocol agent (the wire's example names `cline --acp`): the
// suite checks that it answers initialize.
type Agent struct {
	Dir string
	Env []string
}

// initializeLine is the first request an editor sends an ACP agent.
const initializeLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}` + "\n"

// agentAnswersInitialize runs the agentCommand and checks that it answers
// initialize with protocol version 1, then ends at the end of its input.
func (s *suite) agentAnswersInitialize(t *testing.T) {
	if s.fx.Agent == nil {
		t.Skip("the fixture names no way to run the agent")
	}
	c := Start(t, s.spawn)
	m := result[manifest](t, c.Call("driver.manifest", map[string]any{}))
	c.Close()
	argv := strings.Fields(m.AgentCommand)
	if len(argv) == 0 {
		t.Fatal("the manifest names no agentCommand")
	}
	cmd, stdin, stdout, stderr := startAgent(t, s.fx.Agent, argv)
	if _, err := io.WriteString(stdin, initializeLine); err != nil {
		t.Fatal(err)
	}
	first := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		first <- line
	}()
	var line string
	select {
	case line = <-first:
	case <-time.After(Timeout):
		t.Fatalf("%q did not answer initialize within %v; stderr:\n%s", m.AgentCommand, Timeout, stderr)
	}
	var r struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  *struct {
			ProtocolVersion int `json:"protocolVersion"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" || string(r.ID) != "1" || r.Result == nil || r.Result.ProtocolVersion != 1 {
		t.Fatalf("%q answered initialize with %q, want a result with protocolVersion 1; stderr:\n%s", m.AgentCommand, line, stderr)
	}
	_ = stdin.Close()
	done := make(chan error, 1)
	go func() { _, _ = io.Copy(io.Discard, stdout); done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("%q ended with %v at the end of its input; stderr:\n%s", m.AgentCommand, err, stderr)
		}
	case <-time.After(Timeout):
		t.Errorf("%q did not end at the end of its input", m.AgentCommand)
	}
}

// startAgent starts the agent's program (resolved in a.Dir, then on PATH)
// with its arguments, in a.Env; the cleanup kills it.
func startAgent(t *testing.T, a *Agent, argv []string) (*exec.Cmd, io.WriteCloser, io.ReadCloser, *lockedBuffer) {
	t.Helper()
	path := filepath.Join(a.Dir, argv[0])
	if _, err := os.Stat(path); err != nil {
		if path, err = exec.LookPath(argv[0]); err != nil {
			t.Fatalf("the agentCommand's program %q is neither in %s nor on PATH", argv[0], a.Dir)
		}
	}
	cmd := exec.Command(path, argv[1:]...)
	cmd.Env = a.Env
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start the agent %q: %v", strings.Join(argv, " "), err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd, stdin, stdout, stderr
}
