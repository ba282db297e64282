package ride

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// TestFollowWaitsForTheReply: a prompt and then the end of the input; the
// ride that follows prints the reply and run.settled before closed, under
// either order of the settle events.
func TestFollowWaitsForTheReply(t *testing.T) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) { followWaitsForTheReply(t, v) })
	}
}

func followWaitsForTheReply(t *testing.T, v vehicletest.Variant) {
	srv := newHost(t, v.Options()...)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Follow: true, Wait: true})
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold hello"}`)
	r.answer("p1")
	_ = r.in.Close()
	waitLine(t, r.log, "waiting for 1 command(s)")
	waitLine(t, r.out, `"type":"message.delta"`)
	if r.ended() {
		t.Fatal("the ride ended while its prompt was still running")
	}
	srv.Proceed("s1")
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	ts := r.types()
	settled, completed, closed := index(ts, client.EvRunSettled), index(ts, client.EvCommandCompleted), index(ts, client.TypeClosed)
	if index(ts, client.EvMessageCompleted) < 0 || settled < 0 || completed < 0 || closed != len(ts)-1 || settled > closed || completed > closed {
		t.Errorf("the reply is not before closed: %v", ts)
	}
	evs := srv.Events("s1")
	if last := evs[len(evs)-1]; last.Type != client.EvLeaseReleased {
		t.Errorf("the lease was not released: last event %s", last.Type)
	}
}

// TestFollowWaitsForQueuedCommands: a prompt and a follow_up queued behind
// it, the input closed at once: both replies come before closed, under
// either order of the settle events.
func TestFollowWaitsForQueuedCommands(t *testing.T) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) { followWaitsForQueuedCommands(t, v) })
	}
}

func followWaitsForQueuedCommands(t *testing.T, v vehicletest.Variant) {
	srv := newHost(t, v.Options()...)
	c := newClient(t, srv.URL, "ada-token", "ride-a")
	r := startRun(t, Config{Client: c, New: true, Follow: true, Wait: true})
	r.send(`{"op":"prompt","requestId":"p1","text":"first"}`, `{"op":"follow_up","requestId":"f1","text":"second"}`)
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	done := map[string]bool{}
	for _, f := range r.frames() {
		var cv client.CommandValue
		if f.Type == client.EvCommandCompleted && f.Decode(&cv) == nil {
			done[cv.CommandID] = true
		}
	}
	if !done["p1"] || !done["f1"] {
		t.Errorf("completed %v, want p1 and f1: %v", done, r.types())
	}
}

// TestFollowNoWaitClosesAtOnce: with Wait off the end of the input closes
// the ride while the run is held.
func TestFollowNoWaitClosesAtOnce(t *testing.T) {
	srv := newHost(t)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Follow: true})
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold hello"}`)
	r.answer("p1")
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	if ts := r.types(); index(ts, client.EvRunSettled) >= 0 {
		t.Errorf("the ride waited for the run: %v", ts)
	}
	srv.Proceed("s1")
}

// TestStopWaitsThenCancelClosesAtOnce: the first stop (SIGINT) ends the
// input and waits for the held run; cancelling (the second SIGINT) closes
// at once.
func TestStopWaitsThenCancelClosesAtOnce(t *testing.T) {
	srv := newHost(t)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Follow: true, Wait: true})
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold hello"}`)
	r.answer("p1")
	close(r.stop)
	waitLine(t, r.log, "waiting for 1 command(s)")
	if r.ended() {
		t.Fatal("the first stop did not wait")
	}
	r.cancel()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	fs := r.frames()
	var v ClosedValue
	last := fs[len(fs)-1]
	if last.Type != client.TypeClosed || last.Decode(&v) != nil || v.Reason != ReasonShutdown {
		t.Errorf("last frame %+v", last)
	}
	if index(r.types(), client.EvRunSettled) >= 0 {
		t.Errorf("the cancelled ride still waited for the run: %v", r.types())
	}
	srv.Proceed("s1")
}

// TestWithoutFollowNothingWaits: without Follow the end of the input
// closes the ride while its prompt runs.
func TestWithoutFollowNothingWaits(t *testing.T) {
	srv := newHost(t)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Wait: true})
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold hello"}`)
	r.answer("p1")
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	lines, _ := r.log.Lines()
	if strings.Contains(strings.Join(lines, "\n"), "waiting") {
		t.Errorf("a ride without Follow waited: %q", lines)
	}
	srv.Proceed("s1")
}

// TestWaitEndsWhenTheSessionCannotBeRead: the stream is refused midway
// (the rider lost access); at the end of the input the wait goes on by
// long-poll, is refused too, and the ride closes instead of hanging.
func TestWaitEndsWhenTheSessionCannotBeRead(t *testing.T) {
	srv := newHost(t)
	r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Follow: true, Wait: true})
	r.send(`{"op":"prompt","requestId":"p1","text":"#hold hello"}`)
	waitLine(t, r.out, `"type":"message.delta"`)
	srv.SetRole("user:ada", "demo", "")
	srv.CutStreams()
	waitLine(t, r.out, `"code":"not_found"`)
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	waitLine(t, r.log, "stopped waiting for the run to settle")
	srv.Proceed("s1")
}
