//go:build unix

package main

import (
	"bufio"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"github.com/sophia-labs/vehicle/internal/linesink"
)

// acpOpening is what an editor sends first: initialize, then session/new.
const acpOpening = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}
{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}
`

// TestBinaryACPHangupReleasesTheLease: vehicle acp ends on SIGHUP (the
// editor's terminal closed) and on SIGTERM as at the end of its input: the
// lease released, exit 0. Started with SIGHUP ignored (nohup), it serves on
// until its input ends, and releases the lease then.
func TestBinaryACPHangupReleasesTheLease(t *testing.T) {
	bin := buildRideBinary(t)
	hup := make(chan os.Signal, 1) // see TestBinaryHangupEndsTheRide
	signal.Notify(hup, syscall.SIGHUP)
	t.Cleanup(func() { signal.Stop(hup) }) // after the parallel cases end
	for _, tc := range []struct {
		name string
		wrap string
		sig  syscall.Signal
	}{{"SIGHUP", "", syscall.SIGHUP}, {"SIGTERM", "", syscall.SIGTERM}, {"nohup", "trap '' HUP", syscall.SIGHUP}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // its own host and program; it waits on them
			srv := newRideHost(t)
			out, errs := linesink.New(), linesink.New()
			cmd, stdin, exited := startBinary(t, bin, srv, tc.wrap, out, errs, "acp")
			if _, err := io.WriteString(stdin, acpOpening); err != nil {
				t.Fatal(err)
			}
			waitSinkLine(t, out, "stdout", `"id":2,"result":{"sessionId":"s1"}`)
			_ = cmd.Process.Signal(tc.sig)
			if tc.wrap != "" {
				_, _ = io.WriteString(stdin, `{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":1}}`+"\n")
				waitSinkLine(t, out, "stdout", `"id":3,"result"`) // still serving after the hangup
				if leaseReleased(srv) {
					t.Fatal("the lease was released under nohup before the input ended")
				}
				_ = stdin.Close()
			}
			if code := waitExit(t, exited, errs); code != 0 {
				t.Fatalf("exit %d\n%s", code, strings.Join(mustLines(errs), "\n"))
			}
			if !leaseReleased(srv) {
				t.Errorf("the lease was not released; events %v", srv.Events("s1"))
			}
		})
	}
}

// TestBinaryACPReaderGone: the editor stops reading the agent's stdout; the
// next write fails with EPIPE, and the agent ends (exit 1, the reason on
// stderr, the lease released) instead of dying of SIGPIPE with the lease held.
func TestBinaryACPReaderGone(t *testing.T) {
	bin := buildRideBinary(t)
	srv := newRideHost(t)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	errs := linesink.New()
	_, stdin, exited := startBinary(t, bin, srv, "", pw, errs, "acp")
	_ = pw.Close()
	if _, err := io.WriteString(stdin, acpOpening); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(pr)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("no answer to session/new: %v", err)
		}
		if strings.Contains(line, `"id":2,"result"`) {
			break
		}
	}
	_ = pr.Close() // the editor goes away
	_, _ = io.WriteString(stdin, `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s1","prompt":[{"type":"text","text":"hello"}]}}`+"\n")
	if code := waitExit(t, exited, errs); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, strings.Join(mustLines(errs), "\n"))
	}
	waitSinkLine(t, errs, "stderr", "cannot write the output")
	if !leaseReleased(srv) {
		t.Errorf("the lease was not released; events %v", srv.Events("s1"))
	}
}
