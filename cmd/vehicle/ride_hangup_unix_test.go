//go:build unix

package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

// startBinaryRide runs the built binary's ride --new on srv as ada, through
// sh when wrap is given (e.g. to ignore SIGHUP as nohup does), and waits for
// ready. It returns the command, its stdin and a channel of its exit.
func startBinaryRide(t *testing.T, bin string, srv *vehicletest.Server, wrap string, stdout io.Writer, stderr *linesink.Sink) (*exec.Cmd, io.WriteCloser, <-chan error) {
	t.Helper()
	return startBinary(t, bin, srv, wrap, stdout, stderr, "ride", "--new")
}

// startBinary runs the built binary with args on srv as ada, through sh
// when wrap is given. It returns the command, its stdin and a channel of its
// exit.
func startBinary(t *testing.T, bin string, srv *vehicletest.Server, wrap string, stdout io.Writer, stderr *linesink.Sink, command ...string) (*exec.Cmd, io.WriteCloser, <-chan error) {
	t.Helper()
	args := append([]string{bin}, command...)
	if wrap != "" {
		args = append([]string{"/bin/sh", "-c", wrap + `; exec "$@"`, "sh"}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), "VEHICLE_TOKEN=ada-token", "VEHICLE_GARDEND="+srv.URL, "VEHICLE_GRAPH=demo")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	stdin, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	return cmd, stdin, exited
}

// waitExit waits for the ride's exit and returns its code (-1 for a death
// by signal), failing the test past rideWaitLimit.
func waitExit(t *testing.T, exited <-chan error, stderr *linesink.Sink) int {
	t.Helper()
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(rideWaitLimit):
		t.Fatalf("the ride did not end within %v; stderr:\n%s", rideWaitLimit, strings.Join(mustLines(stderr), "\n"))
		return -1
	}
}

// leaseReleased reports whether the last of s1's lease events is
// lease.released (a run the ride started may go on after it, as the seed has it).
func leaseReleased(srv *vehicletest.Server) bool {
	evs := srv.Events("s1")
	for i := len(evs) - 1; i >= 0; i-- { // the last of the lease's events: a run the ride started goes on after it
		if strings.HasPrefix(evs[i].Type, "lease.") {
			return evs[i].Type == client.EvLeaseReleased
		}
	}
	return false
}

// TestBinaryHangupEndsTheRide: SIGHUP (the terminal closed) ends a ride as
// SIGTERM does: the lease released, closed written, exit 0. Started with
// SIGHUP ignored (nohup), the ride rides on until its input ends.
func TestBinaryHangupEndsTheRide(t *testing.T) {
	bin := buildRideBinary(t)
	// Tests run under nohup would hand SIGHUP ignored to the rides they
	// start; handled here, it starts as it does under a terminal (a program
	// started gets a handled signal's default).
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	for _, nohup := range []bool{false, true} {
		srv := newRideHost(t)
		out, errs := linesink.New(), linesink.New()
		wrap := ""
		if nohup {
			wrap = "trap '' HUP"
		}
		cmd, stdin, exited := startBinaryRide(t, bin, srv, wrap, out, errs)
		waitSinkLine(t, out, "stdout", `"type":"ready"`)
		_ = cmd.Process.Signal(syscall.SIGHUP)
		if nohup {
			_, _ = io.WriteString(stdin, `{"op":"inspect","requestId":"i1"}`+"\n")
			waitSinkLine(t, out, "stdout", `"requestId":"i1"`) // still riding after the hangup
			_ = stdin.Close()
		}
		if code := waitExit(t, exited, errs); code != 0 {
			t.Fatalf("nohup %v: exit %d\n%s", nohup, code, strings.Join(mustLines(errs), "\n"))
		}
		lines := mustLines(out)
		reason := `"reason":"shutdown"`
		if nohup {
			reason = `"reason":"eof"`
		}
		if last := lines[len(lines)-1]; !strings.Contains(last, `"type":"closed"`) || !strings.Contains(last, reason) {
			t.Errorf("nohup %v: the last line is %s, want closed with %s", nohup, last, reason)
		}
		if !leaseReleased(srv) {
			t.Errorf("nohup %v: the lease was not released", nohup)
		}
	}
}

// TestBinaryReaderGoneEndsTheRide: the reader of the ride's stdout goes
// away; the next frame's write fails with EPIPE, and the ride ends as
// documented (exit 1, the lease released, the reason on stderr) instead of
// dying of SIGPIPE (exit 141) with the lease held.
func TestBinaryReaderGoneEndsTheRide(t *testing.T) {
	bin := buildRideBinary(t)
	srv := newRideHost(t)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	errs := linesink.New()
	_, stdin, exited := startBinaryRide(t, bin, srv, "", pw, errs)
	_ = pw.Close()
	first, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil || !strings.Contains(first, `"type":"ready"`) {
		t.Fatalf("no ready: %q %v", first, err)
	}
	_ = pr.Close() // the reader goes away
	_, _ = io.WriteString(stdin, `{"op":"inspect","requestId":"i1"}`+"\n")
	if code := waitExit(t, exited, errs); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, strings.Join(mustLines(errs), "\n"))
	}
	waitSinkLine(t, errs, "stderr", "cannot write to the output")
	if !leaseReleased(srv) {
		t.Error("the lease was not released")
	}
}
