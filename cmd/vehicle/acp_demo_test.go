//go:build unix

package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

// TestACPDemoGolden runs one exchange as an editor would with the built
// binaries: `vehicle demo --listen --no-tui` serves, `vehicle acp` is asked
// initialize, session/new and one prompt that calls a tool; every line the
// agent writes is the golden, in order.
func TestACPDemoGolden(t *testing.T) {
	t.Parallel() // its own processes, home and host; it waits on them
	bin := buildRideBinary(t)
	home := t.TempDir()
	base := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "PATH=" + os.Getenv("PATH")}
	demoOut := linesink.New()
	demo := exec.Command(bin, "demo", "--listen", "127.0.0.1:0", "--no-tui")
	demo.Env, demo.Stdout, demo.Stderr = base, demoOut, io.Discard
	if err := demo.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = demo.Process.Kill(); _ = demo.Wait() })
	waitSinkLine(t, demoOut, "the demo's stdout", "vehicle demo host: ")
	lines, _ := demoOut.Lines()
	url := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`).FindString(strings.Join(lines, "\n"))

	out, errs := linesink.New(), linesink.New()
	agent := exec.Command(bin, "acp", "--gardend", url, "--graph", "demo")
	agent.Env = append(base, "VEHICLE_TOKEN=ada-token")
	agent.Stdout, agent.Stderr = out, errs
	stdin, _ := agent.StdinPipe()
	if err := agent.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- agent.Wait() }()
	send := func(line string) {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}`)
	waitSinkLine(t, out, "stdout", `"id":1,"result"`)
	send(`{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/home/ada/src","mcpServers":[]}}`)
	waitSinkLine(t, out, "stdout", `"available_commands_update"`)
	lines, _ = out.Lines()
	id := regexp.MustCompile(`"id":2,"result":\{"sessionId":"([^"]+)"`).FindStringSubmatch(strings.Join(lines, "\n"))
	if id == nil {
		t.Fatalf("no session: %q", lines)
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"` + id[1] + `","prompt":[{"type":"text","text":"what do my notes say? #tool"}]}}`)
	waitSinkLine(t, out, "stdout", `"id":3,"result"`)
	_ = stdin.Close()
	if code := waitExit(t, exited, errs); code != 0 {
		t.Fatalf("vehicle acp exited %d:\n%s", code, strings.Join(mustLines(errs), "\n"))
	}
	golden.Check(t, "testdata/TestACPDemoGolden/exchange.golden", strings.Join(mustLines(out), "\n")+"\n", *update)
}
