package main

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/ride"
)

func TestRideBadLinesDoNotEndIt(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new")
	r.send(`this is not json`,
		`{"op":"inspect"}`,
		`{"op":"list","requestId":"u1"}`,
		`{"op":"watch","requestId":"w1","since":-1}`,
		`{"op":"prompt","requestId":"p1"}`,
		`{"op":"prompt","requestId":"p2","text":"`+strings.Repeat("x", client.MaxTextBytes+1)+`"}`,
		strings.Repeat("y", ride.MaxLine+1),
		`{"op":"inspect","requestId":"i1"}`)
	if code := r.end(); code != 0 {
		t.Errorf("exit %d", code)
	}
	checkRideShape(t, r, "u1", "w1", "p1", "p2", "i1")
	want := []string{client.CodeInvalidJSON, client.CodeInvalidRequest, client.CodeInvalidRequest, client.CodeInvalidRequest,
		client.CodeInvalidRequest, client.CodeInvalidRequest, client.CodeInvalidRequest}
	var got []string
	for _, f := range r.frames() {
		if f.Type == client.TypeError {
			got = append(got, f.Code)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("error codes %v, want %v", got, want)
	}
	if f := r.waitAnswer("i1"); f.Type != client.TypeSessionSnapshot {
		t.Errorf("the ride did not go on: %+v", f)
	}
}

func TestRidePipelinedAnswersInOrder(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	var lines, ids []string
	ops := []string{`"op":"inspect"`, `"op":"claim"`, `"op":"set_room_policy","policy":"co-drive"`, `"op":"capsule"`, `"op":"watch","since":0`, `"op":"account"`}
	for i := 0; i < 60; i++ {
		id := fmt.Sprintf("q%02d", i)
		ids = append(ids, id)
		lines = append(lines, fmt.Sprintf(`{%s,"requestId":%q}`, ops[i%len(ops)], id))
	}
	r.send(strings.Join(lines, "\n"))
	r.end()
	checkRideShape(t, r, ids...)
}

func TestRideUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	r := startRide(t, "http://"+addr, "ride-a", rideEnv(), "--new")
	if code := r.end(); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	f := r.frames()
	if len(f) != 1 || f[0].Code != ride.CodeUnreachable || !strings.Contains(f[0].Message, addr) || !strings.Contains(f[0].Message, "refused") {
		t.Errorf("frames %+v", f)
	}
	if errs, _ := r.errw.Lines(); len(errs) == 0 || !strings.Contains(errs[0], addr) {
		t.Errorf("stderr %q", errs)
	}
}

func TestRideHostGoneMidway(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new")
	r.waitType(client.TypeReady, 1)
	srv.Close()
	r.send(`{"op":"inspect","requestId":"i1"}`)
	f := r.waitAnswer("i1")
	if f.Code != ride.CodeUnreachable || !strings.Contains(f.Message, srv.URL) {
		t.Errorf("%+v", f)
	}
	if code := r.end(); code != 0 {
		t.Errorf("exit %d: a ride that started exits 0", code)
	}
	checkRideShape(t, r, "i1")
}

func TestRideSignalReleasesWithoutWaiting(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new")
	r.send(`{"op":"watch","requestId":"w1","since":1000,"waitMs":30000}`)
	waitHostRequest(t, srv, "/events")
	start := time.Now()
	r.cancel()
	if code := r.wait(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the ride took %v to stop", d)
	}
	fs := r.frames()
	last := fs[len(fs)-1]
	var v ride.ClosedValue
	_ = last.Decode(&v)
	if last.Type != client.TypeClosed || v.Reason != ride.ReasonShutdown {
		t.Errorf("last frame %+v", last)
	}
	if f := r.waitAnswer("w1"); f.Code != ride.CodeInterrupted {
		t.Errorf("the pending watch: %+v", f)
	}
	evs := srv.Events("s1")
	if evs[len(evs)-1].Type != client.EvLeaseReleased {
		t.Errorf("the lease was not released: last event %s", evs[len(evs)-1].Type)
	}
}

func TestRideFollowWhileInputIsIdle(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.waitType(client.TypeReady, 1)
	srv.Emit("s1", "something.new", map[string]any{"n": 1})
	f := r.waitFor("something.new", 1, isRideEvent("something.new"))
	if string(f.Value) != `{"n":1}` {
		t.Errorf("%s", f.Value)
	}
	r.end()
	checkRideShape(t, r)
}

func TestRideShutdownEndsIt(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"shutdown","requestId":"x1"}`, `{"op":"inspect","requestId":"late"}`)
	if code := r.wait(); code != 0 {
		t.Errorf("exit %d", code)
	}
	fs := r.frames()
	last := fs[len(fs)-1]
	if last.Type != client.TypeClosed || last.RequestID != "x1" {
		t.Errorf("last frame %+v", last)
	}
	for _, f := range fs {
		if f.RequestID == "late" {
			t.Error("a request after shutdown was answered")
		}
	}
	evs := srv.Events("s1")
	if evs[len(evs)-1].Type != client.EvLeaseReleased {
		t.Errorf("the lease was not released: last event %s", evs[len(evs)-1].Type)
	}
}

func TestRideReleasesBranches(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new")
	r.send(`{"op":"prompt","requestId":"p1","text":"hello"}`)
	r.waitAnswer("p1")
	c := rideLibraryClient(t, srv, "ada-token", "watcher")
	waitSettledN(t, c, "s1", 1)
	r.send(`{"op":"clone","requestId":"k1"}`, `{"op":"fork","requestId":"f1","entryId":"e2"}`)
	r.waitAnswer("f1")
	r.end()
	for _, id := range []string{"s2", "s3"} {
		evs := srv.Events(id)
		if len(evs) == 0 || evs[len(evs)-1].Type != client.EvLeaseReleased {
			t.Errorf("%s: the branch's lease was not released: %v", id, evs)
		}
	}
}

// waitHostRequest waits until the host has seen a request whose path ends with
// suffix.
func waitHostRequest(t *testing.T, srv *vehicletest.Server, suffix string) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(rideWaitLimit)
	for {
		for _, rq := range srv.Requests() {
			if strings.HasSuffix(rq.Path, suffix) {
				return
			}
		}
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("the host saw no request to ...%s within %v", suffix, rideWaitLimit)
		}
	}
}

func TestRideDeletedElsewhere(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.waitType(client.TypeReady, 1)
	other := rideLibraryClient(t, srv, "ada-token", "tab-2")
	if _, err := other.Delete(context.Background(), "s1"); err != nil {
		t.Fatal(err)
	}
	if code := r.wait(); code != 0 {
		t.Errorf("exit %d", code)
	}
	fs := r.frames()
	var v ride.ClosedValue
	_ = fs[len(fs)-1].Decode(&v)
	if v.Reason != ride.ReasonDeleted || fs[len(fs)-2].Type != client.EvSessionDeleted {
		t.Errorf("the ride did not end with the delete: %+v", fs[len(fs)-2:])
	}
}

func TestRideStartRefusals(t *testing.T) {
	srv := newRideHost(t)
	cases := []struct {
		name string
		env  map[string]string
		args []string
		exit int
		code string
		says string
	}{
		{"neither new nor session", rideEnv(), nil, 2, client.CodeInvalidRequest, "--session ID"},
		{"an argument", rideEnv(), []string{"--new", "extra"}, 2, client.CodeInvalidRequest, "unexpected argument"},
		{"no token for a local host", map[string]string{}, []string{"--new"}, 1, client.CodeUnauthenticated, "vehicle login"},
		{"a bad token", rideEnv("VEHICLE_TOKEN", "nobody"), []string{"--new"}, 1, client.CodeUnauthenticated, ""},
		{"a graph of no role", rideEnv(), []string{"--new", "--graph", "other"}, 1, client.CodeNotFound, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := startRide(t, srv.URL, "ride-a", tc.env, tc.args...)
			if code := r.end(); code != tc.exit {
				t.Errorf("exit %d, want %d", code, tc.exit)
			}
			fs := r.frames()
			if len(fs) != 1 || fs[0].Code != tc.code || !strings.Contains(fs[0].Message, tc.says) {
				t.Errorf("frames %+v", fs)
			}
		})
	}
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--bogus")
	if code := r.end(); code != 2 {
		t.Errorf("a bad flag: exit %d", code)
	}
	r = startRide(t, srv.URL, "ride-a", rideEnv(), "-h")
	if code := r.end(); code != 0 || len(r.frames()) != 0 {
		t.Errorf("-h: exit %d", code)
	}
}

func TestRideVisitorWithKey(t *testing.T) {
	srv := newRideHost(t, vehicletest.WithPublicGraphs("demo"))
	env := map[string]string{"MY_KEY": "sk-visitor-key"}
	r := startRide(t, srv.URL, "ride-v", env, "--new", "--anonymous", "--model-key-env", "MY_KEY")
	ready := r.waitType(client.TypeReady, 1)
	if !strings.Contains(string(ready.Value), `"identity":{"kind":"visitor","modelKey":true}`) {
		t.Errorf("ready %s", ready.Value)
	}
	r.send(`{"op":"account","requestId":"a1"}`)
	if a := r.waitAnswer("a1"); !strings.Contains(string(a.Value), `"kind":"anonymous"`) {
		t.Errorf("account %s", a.Value)
	}
	r.end()
	for _, rq := range srv.Requests() {
		if rq.Authorization || !rq.ModelKey || rq.VisitorID == "" {
			t.Errorf("%s %s: authorization %v, model key %v, visitor %q", rq.Method, rq.Path, rq.Authorization, rq.ModelKey, rq.VisitorID)
		}
	}
	lines, _ := r.out.Lines()
	if strings.Contains(strings.Join(lines, "\n"), "sk-visitor-key") {
		t.Error("the model key is in the output")
	}
}

// rideFailingWriter fails every write after the first n lines.
type rideFailingWriter struct{ n int }

func (w *rideFailingWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, fmt.Errorf("broken pipe")
	}
	w.n--
	return len(p), nil
}

func TestRideEndsWhenStdoutFails(t *testing.T) {
	srv := newRideHost(t)
	in := strings.NewReader(`{"op":"inspect","requestId":"i1"}` + "\n" + `{"op":"inspect","requestId":"i2"}` + "\n")
	var errw strings.Builder
	rio := rideIO{in: in, out: &rideFailingWriter{n: 1}, errw: &errw, env: config.MapEnv(rideEnv())}
	code := rideCommand(context.Background(), []string{"--gardend", srv.URL, "--graph", "demo", "--new"}, rio)
	if code != 1 || !strings.Contains(errw.String(), "broken pipe") {
		t.Errorf("exit %d, stderr %q", code, errw.String())
	}
	evs := srv.Events("s1")
	if evs[len(evs)-1].Type != client.EvLeaseReleased {
		t.Errorf("the lease was not released: last event %s", evs[len(evs)-1].Type)
	}
}

func TestRideFollowResumesAfterCut(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold cut me"}`)
	r.waitType(client.EvMessageDelta, 1)
	srv.CutStreams()
	r.send(`{"op":"follow_up","requestId":"f1","text":"after the cut"}`)
	r.waitAnswer("f1")
	srv.Proceed("s1")
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "p1", "f1")
}

func TestRideFollowRefusedMidway(t *testing.T) {
	srv := newRideHost(t)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.waitType(client.TypeReady, 1)
	srv.SetRole("user:ada", "demo", "")
	srv.CutStreams()
	f := r.waitFor("the stream's refusal", 1, func(f client.Frame) bool { return f.Type == client.TypeError && f.RequestID == "" })
	if f.Code != client.CodeNotFound {
		t.Errorf("%+v", f)
	}
	r.send(`{"op":"inspect","requestId":"i1"}`)
	if a := r.waitAnswer("i1"); a.Code != client.CodeNotFound {
		t.Errorf("%+v", a)
	}
	if code := r.end(); code != 0 {
		t.Errorf("exit %d", code)
	}
	checkRideShape(t, r, "i1")
}
