//go:build unix

package main

import (
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
	defer signal.Stop(hup)
	for _, tc := range []struct {
		name string
		wrap string
		sig  syscall.Signal
	}{{"SIGHUP", "", syscall.SIGHUP}, {"SIGTERM", "", syscall.SIGTERM}, {"nohup", "trap '' HUP", syscall.SIGHUP}} {
		t.Run(tc.name, func(t *testing.T) {
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
