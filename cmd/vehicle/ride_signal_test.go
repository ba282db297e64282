package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

// waitSinkLine waits until a line of s contains text.
func waitSinkLine(t *testing.T, s *linesink.Sink, what, text string) {
	t.Helper()
	deadline := time.After(rideWaitLimit)
	for {
		lines, changed := s.Lines()
		for _, l := range lines {
			if strings.Contains(l, text) {
				return
			}
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("no %s line with %q within %v:\n%s", what, text, rideWaitLimit, strings.Join(lines, "\n"))
		}
	}
}

// TestBinaryInterruptWaitsThenClosesAtOnce runs the built binary with
// --follow on a held run: the first SIGINT stops reading and waits for the
// prompt to settle, the second closes at once, releasing the lease.
func TestBinaryInterruptWaitsThenClosesAtOnce(t *testing.T) {
	bin := buildRideBinary(t)
	srv := newRideHost(t)
	defer srv.Proceed("s1")
	cmd := exec.Command(bin, "ride", "--new", "--follow")
	cmd.Env = append(os.Environ(), "VEHICLE_TOKEN=ada-token", "VEHICLE_GARDEND="+srv.URL, "VEHICLE_GRAPH=demo")
	out, errs := linesink.New(), linesink.New()
	cmd.Stdout, cmd.Stderr = out, errs
	stdin, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() { _ = cmd.Process.Kill() }()
	_, _ = io.WriteString(stdin, `{"op":"prompt","requestId":"p1","text":"#hold hello"}`+"\n")
	waitSinkLine(t, out, "stdout", `"type":"message.delta"`)
	// The prompt's own answer, too: a request still in flight at the first
	// SIGINT is answered interrupted, and there is then nothing to wait for.
	waitSinkLine(t, out, "stdout", `"type":"command.accepted","requestId":"p1"`)
	_ = cmd.Process.Signal(syscall.SIGINT)
	waitSinkLine(t, errs, "stderr", "stopping: waiting for 1 command(s)")
	select {
	case err := <-exited:
		t.Fatalf("the first SIGINT ended the ride (%v)", err)
	default:
	}
	_ = cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, strings.Join(mustLines(errs), "\n"))
		}
	case <-time.After(rideWaitLimit):
		t.Fatal("the second SIGINT did not close the ride")
	}
	lines := mustLines(out)
	last := lines[len(lines)-1]
	if !strings.Contains(last, `"type":"closed"`) || !strings.Contains(last, `"reason":"shutdown"`) {
		t.Errorf("last line %s", last)
	}
	evs := srv.Events("s1")
	if evs[len(evs)-1].Type != client.EvLeaseReleased {
		t.Errorf("the lease was not released: last event %s", evs[len(evs)-1].Type)
	}
}

// mustLines is the complete lines of s.
func mustLines(s *linesink.Sink) []string {
	lines, _ := s.Lines()
	return lines
}
