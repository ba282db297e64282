package main

import (
	"context"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// isRideEvent matches a durable event of type typ.
func isRideEvent(typ string) func(client.Frame) bool {
	return func(f client.Frame) bool { return f.Seq > 0 && f.Type == typ }
}

// TestRide runs scripted conversations against the reference host and
// compares each ride's output with testdata/TestRide/<case>.golden.
func TestRide(t *testing.T) {
	cases := []struct {
		name string
		run  func(*testing.T, ...vehicletest.Option)
	}{
		{"new_session", rideNewSession},
		{"prompt_follow", ridePromptFollow},
		{"follow_up_queued", rideFollowUpQueued},
		{"steer", rideSteer},
		{"abort", rideAbort},
		{"abort_queue", rideAbortQueue},
		{"cancel", rideCancel},
		{"not_found", rideNotFound},
		{"chime", rideChime},
		{"co_drive_no_driver", rideCoDriveNoDriver},
		{"rename", rideRename},
		{"delete", rideDelete},
		{"visitor_refused", rideVisitorRefused},
		{"takeover", rideTakeover},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t) })
	}
}

// TestRideUnderOtherChoices runs the cases whose output depends on what
// the seed leaves the host to choose (abort and the queue, the order of the
// settle events, a co-drive chime with nobody driving, the capsule's
// names, when renewals are announced) against a host that makes the other
// choice each time (vehicletest.OtherChoices), compared with
// testdata/TestRideUnderOtherChoices/<case>.golden.
func TestRideUnderOtherChoices(t *testing.T) {
	other := vehicletest.WithChoices(vehicletest.OtherChoices())
	for name, run := range map[string]func(*testing.T, ...vehicletest.Option){
		"prompt_follow": ridePromptFollow, "follow_up_queued": rideFollowUpQueued, "steer": rideSteer,
		"abort": rideAbort, "abort_queue": rideAbortQueue, "cancel": rideCancel, "chime": rideChime,
		"takeover": rideTakeover, "co_drive_no_driver": rideCoDriveNoDriver,
	} {
		t.Run(name, func(t *testing.T) { run(t, other) })
	}
}

// rideNewSession: a new session, read and left at the end of the input.
func rideNewSession(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--title", "First")
	r.send(`{"op":"inspect","requestId":"i1"}`, `{"op":"account","requestId":"a1"}`)
	r.end()
	checkRideShape(t, r, "i1", "a1")
	checkRideGolden(t, "new_session", renderRide(r))
}

// ridePromptFollow: a prompt whose reply streams under --follow.
func ridePromptFollow(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"hello there"}`)
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "p1")
	checkRideDeltas(t, r)
	checkRideGolden(t, "prompt_follow", renderRide(r))
}

// rideFollowUpQueued: a follow_up queued behind a held run.
func rideFollowUpQueued(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold think first"}`)
	r.waitType(client.EvMessageDelta, 1)
	r.send(`{"op":"follow_up","requestId":"f1","text":"and then this"}`)
	r.waitAnswer("f1")
	srv.Proceed("s1")
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "p1", "f1")
	checkRideGolden(t, "follow_up_queued", renderRide(r))
}

// rideSteer: a steer delivered into a held run.
func rideSteer(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold a long answer"}`)
	r.waitType(client.EvMessageDelta, 1)
	r.send(`{"op":"steer","requestId":"s1","text":"keep it short"}`)
	r.waitAnswer("s1")
	srv.Proceed("s1")
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "p1", "s1")
	checkRideGolden(t, "steer", renderRide(r))
}

// rideAbort: an abort of a held run.
func rideAbort(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold never mind"}`)
	r.waitType(client.EvMessageDelta, 1)
	r.send(`{"op":"abort","requestId":"x1"}`)
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "p1", "x1")
	checkRideGolden(t, "abort", renderRide(r))
}

// rideAbortQueue: an abort of a held run with a follow-up queued behind
// it: the host runs the follow-up next, or cancels it with the run.
func rideAbortQueue(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold never mind"}`)
	r.waitType(client.EvMessageDelta, 1)
	r.send(`{"op":"follow_up","requestId":"f1","text":"but do this"}`, `{"op":"abort","requestId":"x1"}`)
	r.waitAnswer("x1")
	r.end()
	checkRideShape(t, r, "p1", "f1", "x1")
	checkRideGolden(t, "abort_queue", renderRide(r))
}

// rideCancel: a queued follow_up cancelled, and cancelled again (refused).
func rideCancel(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold first"}`)
	r.waitType(client.EvMessageDelta, 1)
	r.send(`{"op":"follow_up","requestId":"f1","text":"second"}`,
		`{"op":"cancel","requestId":"c1","commandId":"f1"}`,
		`{"op":"cancel","requestId":"c2","commandId":"f1"}`)
	r.waitAnswer("c2")
	srv.Proceed("s1")
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "p1", "f1", "c1", "c2")
	checkRideGolden(t, "cancel", renderRide(r))
}

// rideNotFound: another person's ride cannot open ada's session.
func rideNotFound(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	a := startRide(t, srv.URL, "ride-a", rideEnv(), "--new")
	a.end()
	b := startRide(t, srv.URL, "ride-b", rideEnv("VEHICLE_TOKEN", "bo-token"), "--session", "s1")
	if code := b.end(); code == 0 {
		t.Error("a ride that could not start exited 0")
	}
	checkRideGolden(t, "not_found", renderRide(a)+renderRide(b))
}

// rideChime: a collaborator's chime accepted by the driver.
func rideChime(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.waitType(client.TypeReady, 1)
	bo := rideLibraryClient(t, srv, "bo-token", "bo-1")
	if _, err := bo.Chime(context.Background(), "s1", "try the archive"); err != nil {
		t.Fatal(err)
	}
	r.waitFor("chime.received", 1, isRideEvent(client.EvChimeReceived))
	r.send(`{"op":"accept_chime","requestId":"ac1","chimeId":"c1"}`)
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.end()
	checkRideShape(t, r, "ac1")
	checkRideGolden(t, "chime", renderRide(r))
}

// rideCoDriveNoDriver: the driver sets co-drive and lets the lease go; a
// collaborator's chime is then held, or submitted with nobody driving, as
// the host decides, and the ride shows what happened.
func rideCoDriveNoDriver(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"set_room_policy","requestId":"rp1","policy":"co-drive"}`, `{"op":"release","requestId":"rl1"}`)
	r.waitAnswer("rl1")
	bo := rideLibraryClient(t, srv, "bo-token", "bo-1")
	res, err := bo.Chime(context.Background(), "s1", "try the archive")
	if err != nil {
		t.Fatal(err)
	}
	r.waitFor("chime.received", 1, isRideEvent(client.EvChimeReceived))
	if res.Status == "submitted" {
		r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	}
	r.send(`{"op":"inspect","requestId":"i1"}`)
	r.end()
	checkRideShape(t, r, "rp1", "rl1", "i1")
	checkRideGolden(t, "co_drive_no_driver", renderRide(r))
}

// rideRename: a rename, then a rename to null.
func rideRename(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new")
	r.send(`{"op":"rename","requestId":"n1","title":"  Cows   of\tUruguay "}`,
		`{"op":"rename","requestId":"n2","title":null}`)
	r.end()
	checkRideShape(t, r, "n1", "n2")
	checkRideGolden(t, "rename", renderRide(r))
}

// rideDelete: a delete ends the ride with closed and trashes the mirror.
func rideDelete(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	r := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	r.send(`{"op":"prompt","requestId":"p1","text":"remember this"}`)
	r.waitFor("run.settled", 1, isRideEvent(client.EvRunSettled))
	r.send(`{"op":"delete","requestId":"d1"}`, `{"op":"inspect","requestId":"after"}`)
	if code := r.wait(); code != 0 {
		t.Errorf("exit %d", code)
	}
	checkRideShape(t, r, "p1", "d1")
	if tr := srv.Trashed(); len(tr) != 1 || tr[0].DocumentID != "sophia-conversation-s1" {
		t.Errorf("the mirrored document was not trashed: %+v", tr)
	}
	checkRideGolden(t, "delete", renderRide(r))
}

// rideVisitorRefused: a visitor with no model key is refused with the doors.
func rideVisitorRefused(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, append(opts, vehicletest.WithPublicGraphs("demo"))...)
	r := startRide(t, srv.URL, "ride-v", map[string]string{}, "--new", "--anonymous")
	if code := r.end(); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	f := r.frames()
	if len(f) != 1 || f[0].Code != client.CodeModelKeyRequired || !strings.Contains(string(f[0].Details), "doors") {
		t.Errorf("frames %+v", f)
	}
	checkRideGolden(t, "visitor_refused", renderRide(r))
}

// rideTakeover: a second ride of the same person takes the lease over; the
// first sees lease.revoked and its next mutation is lease_held.
func rideTakeover(t *testing.T, opts ...vehicletest.Option) {
	srv := newRideHost(t, opts...)
	a := startRide(t, srv.URL, "ride-a", rideEnv(), "--new", "--follow")
	a.waitType(client.TypeReady, 1)
	b := startRide(t, srv.URL, "ride-b", rideEnv(), "--session", "s1")
	b.waitType(client.TypeReady, 1)
	b.send(`{"op":"claim","requestId":"t1","takeover":true}`)
	b.waitAnswer("t1")
	a.waitFor("lease.revoked", 1, isRideEvent(client.EvLeaseRevoked))
	a.send(`{"op":"prompt","requestId":"p1","text":"still mine?"}`)
	a.waitAnswer("p1")
	b.end()
	a.end()
	checkRideShape(t, a, "p1")
	checkRideShape(t, b, "t1")
	checkRideGolden(t, "takeover", renderRide(a)+renderRide(b))
}

// rideLibraryClient is a client of the reference host for a person.
func rideLibraryClient(t testing.TB, srv *vehicletest.Server, token, clientID string) *client.Client {
	t.Helper()
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(clientID))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// checkRideDeltas asserts the streamed deltas of each message join into its
// completed text.
func checkRideDeltas(t *testing.T, r *rideRun) {
	t.Helper()
	joined := map[string]string{}
	completed := 0
	for _, f := range r.frames() {
		switch f.Type {
		case client.EvMessageDelta:
			var d client.DeltaValue
			_ = f.Decode(&d)
			joined[d.MessageID] += d.Delta
		case client.EvMessageCompleted:
			var m client.MessageValue
			_ = f.Decode(&m)
			if m.Role == "assistant" && m.MessageID != "" {
				completed++
				if joined[m.MessageID] != m.Text {
					t.Errorf("message %s: deltas %q, completed %q", m.MessageID, joined[m.MessageID], m.Text)
				}
			}
		}
	}
	if completed == 0 {
		t.Error("no assistant message completed")
	}
}
