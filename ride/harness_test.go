package ride

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/linesink"
)

// waitLimit bounds every wait of these tests.
const waitLimit = 10 * time.Second

// waitLine waits for a line that contains text.
func waitLine(t *testing.T, s *linesink.Sink, text string) {
	t.Helper()
	deadline := time.After(waitLimit)
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
			t.Fatalf("no line with %q within %v:\n%s", text, waitLimit, strings.Join(lines, "\n"))
		}
	}
}

// testRide is one Run in a goroutine.
type testRide struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *linesink.Sink
	log    *linesink.Sink
	done   chan error
	cancel context.CancelFunc
	stop   chan struct{}
}

// newClient is a client of the host for token, with clientID and numbered
// request ids, and opts.
func newClient(t testing.TB, url, token, clientID string, opts ...client.Option) *client.Client {
	t.Helper()
	var n atomic.Int64
	c, err := client.New(url, append([]client.Option{client.WithMount(""), client.WithGraph("demo"), client.WithToken(token),
		client.WithClientID(clientID), client.WithRetry(client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}),
		client.WithRequestIDs(func() string { return fmt.Sprintf("%s-q%d", clientID, n.Add(1)) })}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// newHost starts a reference host with numbered ids, served at its root.
func newHost(t testing.TB, opts ...vehicletest.Option) *vehicletest.Server {
	t.Helper()
	return vehicletest.NewServer(t, append([]vehicletest.Option{vehicletest.WithDeterministicIDs(), vehicletest.WithMount("")}, opts...)...)
}

// startRun runs cfg on a pipe; cfg.Stop is the ride's stop channel.
func startRun(t *testing.T, cfg Config) *testRide {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	r := &testRide{t: t, in: pw, out: linesink.New(), log: linesink.New(), done: make(chan error, 1), cancel: cancel, stop: make(chan struct{})}
	cfg.Log = r.log
	cfg.Stop = r.stop
	go func() {
		r.done <- Run(ctx, cfg, pr, r.out)
		_ = pr.Close()
	}()
	t.Cleanup(func() {
		cancel()
		_ = pw.Close()
		select {
		case <-r.done:
		case <-time.After(waitLimit):
			t.Errorf("the ride did not end within %v", waitLimit)
		}
	})
	return r
}

// send writes request lines.
func (r *testRide) send(lines ...string) {
	r.t.Helper()
	if _, err := io.WriteString(r.in, strings.Join(lines, "\n")+"\n"); err != nil {
		r.t.Fatalf("cannot send %q: %v", lines, err)
	}
}

// wait waits for Run to return.
func (r *testRide) wait() error {
	r.t.Helper()
	select {
	case err := <-r.done:
		r.done <- err
		return err
	case <-time.After(waitLimit):
		lines, _ := r.out.Lines()
		r.t.Fatalf("the ride did not end within %v:\n%s", waitLimit, strings.Join(lines, "\n"))
		return nil
	}
}

// ended reports whether Run has returned.
func (r *testRide) ended() bool {
	select {
	case err := <-r.done:
		r.done <- err
		return true
	default:
		return false
	}
}

// frames decodes the output so far.
func (r *testRide) frames() []client.Frame {
	lines, _ := r.out.Lines()
	out := make([]client.Frame, 0, len(lines))
	for _, l := range lines {
		var f client.Frame
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			r.t.Fatalf("a line that is not a frame: %q", l)
		}
		out = append(out, f)
	}
	return out
}

// answer is the answer to requestID, waited for.
func (r *testRide) answer(requestID string) client.Frame {
	r.t.Helper()
	waitLine(r.t, r.out, `"requestId":"`+requestID+`"`)
	for _, f := range r.frames() {
		if f.RequestID == requestID && f.Seq == 0 {
			return f
		}
	}
	r.t.Fatalf("no answer to %s", requestID)
	return client.Frame{}
}

// types is the types of the frames so far, events marked by their seq.
func (r *testRide) types() []string {
	var ts []string
	for _, f := range r.frames() {
		ts = append(ts, f.Type)
	}
	return ts
}

// index is the position of the first frame of type typ, or -1.
func index(ts []string, typ string) int {
	for i, s := range ts {
		if s == typ {
			return i
		}
	}
	return -1
}
