package ride

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// Where the seed leaves the host a choice, the ride must work with either
// answer: these run under each of vehicletest.Variants, or each answer.

// TestFollowWaitsThroughAnAbort: a held prompt, a follow-up queued behind
// it, an abort, then the end of the input. The ride waits until the
// follow-up has ended too, whether the host runs it next (completed) or
// cancels it with the run (cancelled), and whichever way round the settle
// events come.
func TestFollowWaitsThroughAnAbort(t *testing.T) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			srv := newHost(t, v.Options()...)
			r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Follow: true, Wait: true})
			r.send(`{"op":"prompt","requestId":"p1","text":"#hold first"}`)
			r.answer("p1")
			waitLine(t, r.out, `"type":"message.delta"`)
			r.send(`{"op":"follow_up","requestId":"f1","text":"second"}`, `{"op":"abort","requestId":"x1"}`)
			r.answer("x1")
			_ = r.in.Close()
			if err := r.wait(); err != nil {
				t.Fatal(err)
			}
			ends := map[string]string{}
			for _, f := range r.frames() {
				var cv client.CommandValue
				if st, ok := strings.CutPrefix(f.Type, "command."); ok && f.Seq > 0 && finalStatus(st) && f.Decode(&cv) == nil {
					ends[cv.CommandID] = f.Type
				}
			}
			want := client.EvCommandCompleted
			if v.Choices.AbortCancelsQueue {
				want = client.EvCommandCancelled
			}
			if ends["p1"] != client.EvCommandAborted || ends["f1"] != want || ends["x1"] != client.EvCommandCompleted {
				t.Errorf("command ends %v, want p1 aborted, f1 %s, x1 completed: %v", ends, want, r.types())
			}
			ts := r.types()
			if last := len(ts) - 1; ts[last] != client.TypeClosed || index(ts, client.EvRunSettled) > last {
				t.Errorf("closed is not last after the settle: %v", ts)
			}
		})
	}
}

// TestChimerCoDriveWithNobodyDriving: a chimer's chime into a co-drive
// room nobody drives is held, submitted or refused as the host decides;
// the ride prints the host's answer and goes on.
func TestChimerCoDriveWithNobodyDriving(t *testing.T) {
	for _, c := range []struct {
		name   string
		answer vehicletest.CoDriveAnswer
		typ    string
		status string
	}{
		{"pending", vehicletest.CoDrivePending, client.TypeChimeAccepted, "pending"},
		{"submitted", vehicletest.CoDriveSubmitted, client.TypeChimeAccepted, "submitted"},
		{"rejected", vehicletest.CoDriveRejected, client.TypeChimeRejected, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := newHost(t, vehicletest.WithChoices(vehicletest.Choices{CoDriveWithoutLease: c.answer}))
			ada := newClient(t, srv.URL, "ada-token", "ada-1")
			ctx := context.Background()
			if _, err := ada.Create(ctx, client.CreateRequest{}); err != nil {
				t.Fatal(err)
			}
			if _, err := ada.SetRoomPolicy(ctx, "s1", client.PolicyCoDrive); err != nil {
				t.Fatal(err)
			}
			if err := ada.Release(ctx, "s1"); err != nil {
				t.Fatal(err)
			}
			r := startRun(t, Config{Client: newClient(t, srv.URL, "bo-token", "bo-1"), Session: "s1", Chime: true})
			r.send(`{"op":"chime","requestId":"c1","text":"look at the fences"}`, `{"op":"chime","requestId":"c2","text":"and the gate"}`)
			for _, id := range []string{"c1", "c2"} {
				f := r.answer(id)
				var res client.ChimeResult
				if f.Type != c.typ || f.Decode(&res) != nil || res.Status != c.status {
					t.Errorf("%s: %s %s, want %s %q", id, f.Type, f.Value, c.typ, c.status)
				}
			}
			_ = r.in.Close()
			if err := r.wait(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestCapsuleAsTheHostNamesIt: the ride's capsule is the host's frame,
// whatever names the host gives the capsule's fields.
func TestCapsuleAsTheHostNamesIt(t *testing.T) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			srv := newHost(t, v.Options()...)
			c := newClient(t, srv.URL, "ada-token", "ride-a")
			r := startRun(t, Config{Client: c, New: true})
			r.send(`{"op":"capsule","requestId":"k1"}`)
			f := r.answer("k1")
			direct, err := c.Call(context.Background(), client.OpCapsule, "s1", nil)
			if err != nil {
				t.Fatal(err)
			}
			var got, want map[string]json.RawMessage
			_ = json.Unmarshal(f.Value, &got)
			_ = json.Unmarshal(direct.Value, &want)
			for k := range want {
				if k != "posture" && string(got[k]) != string(want[k]) { // the cursor moves
					t.Errorf("capsule %s: ride %s, host %s", k, got[k], want[k])
				}
			}
			if len(got) != len(want) || f.Type != client.TypeSessionCapsule {
				t.Errorf("capsule %s, host %s", f.Value, direct.Value)
			}
			_ = r.in.Close()
			_ = r.wait()
		})
	}
}

// TestLeaseKeptWhateverTheRenewals: a ride that follows and uses its lease
// keeps it, whether the host announces renewals every second, at every use
// or never, and releases it at the end.
func TestLeaseKeptWhateverTheRenewals(t *testing.T) {
	for _, rn := range []vehicletest.Renewals{vehicletest.RenewalsEverySecond, vehicletest.RenewalsEveryUse, vehicletest.RenewalsUnannounced} {
		t.Run(map[vehicletest.Renewals]string{0: "every second", 1: "every use", 2: "unannounced"}[rn], func(t *testing.T) {
			srv := newHost(t, vehicletest.WithChoices(vehicletest.Choices{Renewals: rn}))
			r := startRun(t, Config{Client: newClient(t, srv.URL, "ada-token", "ride-a"), New: true, Follow: true, Wait: true})
			r.send(`{"op":"set_room_policy","requestId":"a","policy":"mute"}`, `{"op":"set_room_policy","requestId":"b","policy":"suggest"}`,
				`{"op":"prompt","requestId":"p1","text":"hello"}`)
			for _, id := range []string{"a", "b", "p1"} {
				if f := r.answer(id); f.Type == client.TypeError {
					t.Fatalf("%s refused: %+v", id, f)
				}
			}
			_ = r.in.Close()
			if err := r.wait(); err != nil {
				t.Fatal(err)
			}
			evs := srv.Events("s1")
			if last := evs[len(evs)-1]; last.Type != client.EvLeaseReleased {
				t.Errorf("the ride did not release its lease: last event %s", last.Type)
			}
		})
	}
}
