package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/config"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

var update = flag.Bool("update", false, "rewrite the golden files (and the examples of docs/ride.md)")

// rideWaitLimit bounds every wait of these tests.
const rideWaitLimit = 10 * time.Second

// rideFixedNow is the reference host's clock in the golden tests.
func rideFixedNow() time.Time { return time.Date(2026, 10, 14, 9, 30, 0, 0, time.UTC) }

// newRideHost starts a reference host with numbered ids and a fixed clock.
func newRideHost(t testing.TB, opts ...vehicletest.Option) *vehicletest.Server {
	t.Helper()
	base := []vehicletest.Option{vehicletest.WithDeterministicIDs(), vehicletest.WithClock(rideFixedNow)}
	return vehicletest.NewServer(t, append(base, opts...)...)
}

// rideRun is one ride running in-process.
type rideRun struct {
	t      testing.TB
	name   string
	in     *io.PipeWriter
	out    *linesink.Sink
	errw   *linesink.Sink
	code   chan int
	cancel context.CancelFunc
	exit   *int
}

// rideEnv is the environment of a test ride: ada's token.
func rideEnv(kv ...string) map[string]string {
	m := map[string]string{"VEHICLE_TOKEN": "ada-token"}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// startRide runs `vehicle ride --gardend <gardend> --graph demo args...`
// with the client id name and numbered request ids.
func startRide(t testing.TB, gardend string, name string, env map[string]string, args ...string) *rideRun {
	t.Helper()
	return startRideWith(t, gardend, name, env, nil, args...)
}

// startRideWith is startRide with kr as the keyring.
func startRideWith(t testing.TB, gardend string, name string, env map[string]string, kr config.Keyring, args ...string) *rideRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	r := &rideRun{t: t, name: name, in: pw, out: linesink.New(), errw: linesink.New(), code: make(chan int, 1), cancel: cancel}
	var n atomic.Int64
	rio := rideIO{in: pr, out: r.out, errw: r.errw, env: config.MapEnv(env), keyring: kr,
		stateDir: filepath.Join(t.TempDir(), "state"),
		opts: []client.Option{client.WithClientID(name), client.WithRetry(client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}),
			client.WithRequestIDs(func() string { return fmt.Sprintf("%s-q%d", name, n.Add(1)) })}}
	all := append([]string{"--gardend", gardend, "--graph", "demo"}, args...)
	go func() {
		r.code <- rideCommand(ctx, all, rio)
		_ = pr.Close()
	}()
	t.Cleanup(func() {
		cancel()
		_ = pw.Close()
		r.wait()
	})
	return r
}

// send writes request lines, all in one write.
func (r *rideRun) send(lines ...string) {
	r.t.Helper()
	if _, err := io.WriteString(r.in, strings.Join(lines, "\n")+"\n"); err != nil {
		r.t.Fatalf("%s: cannot send %q: %v", r.name, lines, err)
	}
}

// frames decodes the output so far.
func (r *rideRun) frames() []client.Frame {
	lines, _ := r.out.Lines()
	out := make([]client.Frame, 0, len(lines))
	for _, l := range lines {
		var f client.Frame
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			r.t.Fatalf("%s: stdout has a line that is not a frame: %q", r.name, l)
		}
		out = append(out, f)
	}
	return out
}

// waitFor waits until n frames match and returns the nth.
func (r *rideRun) waitFor(what string, n int, match func(client.Frame) bool) client.Frame {
	r.t.Helper()
	deadline := time.After(rideWaitLimit)
	for {
		_, changed := r.out.Lines()
		seen := 0
		for _, f := range r.frames() {
			if match(f) {
				if seen++; seen == n {
					return f
				}
			}
		}
		select {
		case <-changed:
		case <-deadline:
			lines, _ := r.out.Lines()
			errs, _ := r.errw.Lines()
			r.t.Fatalf("%s: no %s within %v; stdout:\n%s\nstderr:\n%s", r.name, what, rideWaitLimit, strings.Join(lines, "\n"), strings.Join(errs, "\n"))
		}
	}
}

// waitType waits for the nth frame of type typ.
func (r *rideRun) waitType(typ string, n int) client.Frame {
	r.t.Helper()
	return r.waitFor(typ, n, func(f client.Frame) bool { return f.Type == typ })
}

// waitAnswer waits for the answer to requestID.
func (r *rideRun) waitAnswer(requestID string) client.Frame {
	r.t.Helper()
	return r.waitFor("the answer to "+requestID, 1, func(f client.Frame) bool { return f.RequestID == requestID && f.Seq == 0 })
}

// wait waits for the ride's exit code.
func (r *rideRun) wait() int {
	r.t.Helper()
	if r.exit != nil {
		return *r.exit
	}
	select {
	case c := <-r.code:
		r.exit = &c
		return c
	case <-time.After(rideWaitLimit):
		r.t.Fatalf("%s: the ride did not end within %v", r.name, rideWaitLimit)
		return -1
	}
}

// end closes the input and returns the exit code.
func (r *rideRun) end() int {
	r.t.Helper()
	_ = r.in.Close()
	return r.wait()
}

// rideTimeRE matches ISO 8601 times, masked in goldens.
var rideTimeRE = regexp.MustCompile(`"\d{4}-\d\d-\d\dT[0-9:.]+(Z|[+-]\d\d:\d\d)"`)

// maskTimes hides what changes from run to run: times.
func maskTimes(line string) string { return rideTimeRE.ReplaceAllString(line, `"<time>"`) }

// renderRide is the golden text of a ride's output: its answers in order, then
// its events in the order they came. The two interleave differently from
// run to run; each on its own does not.
func renderRide(r *rideRun) string {
	lines, _ := r.out.Lines()
	var answers, events []string
	for _, l := range lines {
		var f client.Frame
		_ = json.Unmarshal([]byte(l), &f)
		if f.Seq > 0 || f.Type == client.EvMessageDelta {
			events = append(events, maskTimes(l))
		} else {
			answers = append(answers, maskTimes(l))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: exit %d\n# answers, in order\n", r.name, r.wait())
	for _, l := range answers {
		b.WriteString(l + "\n")
	}
	if len(events) > 0 {
		b.WriteString("# events, as they came\n")
		for _, l := range events {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// checkRideGolden compares got with testdata/<test>/<name>.golden.
func checkRideGolden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", strings.Split(t.Name(), "/")[0], name+".golden"), got, *update)
}

// checkRideShape asserts what every ride's output must be: frames only, ready
// (or an error, for a ride that could not start) first, closed last, the
// answers in the order of requestIDs, the durable events in seq order with
// no gap and no duplicate.
func checkRideShape(t *testing.T, r *rideRun, requestIDs ...string) {
	t.Helper()
	fs := r.frames()
	if len(fs) == 0 {
		t.Fatalf("%s: no output", r.name)
	}
	if fs[0].Type != client.TypeReady {
		t.Fatalf("%s: the first frame is %s, not ready", r.name, fs[0].Type)
	}
	if last := fs[len(fs)-1]; last.Type != client.TypeClosed {
		t.Fatalf("%s: the last frame is %s, not closed", r.name, last.Type)
	}
	var ready struct{ Cursor int64 }
	_ = fs[0].Decode(&ready)
	seq, answered := ready.Cursor, []string{}
	for _, f := range fs {
		switch {
		case f.Seq > 0:
			if f.Seq != seq+1 {
				t.Errorf("%s: event seq %d after %d", r.name, f.Seq, seq)
			}
			seq = f.Seq
		case f.RequestID != "":
			answered = append(answered, f.RequestID)
		}
	}
	if requestIDs != nil && strings.Join(answered, " ") != strings.Join(requestIDs, " ") {
		t.Errorf("%s: answers came for %v, want %v", r.name, answered, requestIDs)
	}
}
