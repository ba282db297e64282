package vehicletest

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

func TestChoiceAbortAndTheQueue(t *testing.T) {
	for _, c := range []struct {
		cancels bool
		want    string // the follow-up's end
	}{{false, client.EvCommandCompleted}, {true, client.EvCommandCancelled}} {
		t.Run(map[bool]string{false: "queue runs next", true: "queue cancelled"}[c.cancels], func(t *testing.T) {
			h := newHarness(t, WithChoices(Choices{AbortCancelsQueue: c.cancels}))
			s := h.create(ada, "demo").Session.SessionID
			held := make(chan string, 4)
			h.srv.OnHold(func(id string) { held <- id })
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "#hold first"), client.TypeCommandAccepted)
			<-held
			ok(t, h.verb(ada, "demo", s, "follow_up", "requestId", "f1", "text", "second"), client.TypeCommandAccepted)
			ok(t, h.verb(ada, "demo", s, "abort"), client.TypeCommandAccepted)
			e := h.waitEvent(s, c.want, 1)
			var v client.CommandValue
			decodeEv(e, &v)
			if c.want == client.EvCommandCompleted && v.CommandID != "f1" {
				// the abort itself completes too; wait for the follow-up's
				decodeEv(h.waitEvent(s, c.want, 2), &v)
			}
			if v.CommandID != "f1" {
				t.Fatalf("%s of %q, want f1; log: %s", c.want, v.CommandID, types(h.srv.Events(s)))
			}
			runs := strings.Count(typesOf(h.srv.Events(s), client.EvRunSettled), client.EvRunSettled)
			if c.cancels && runs != 1 || !c.cancels && runs != 2 {
				t.Fatalf("%d runs settled: %s", runs, types(h.srv.Events(s)))
			}
		})
	}
}

func TestChoiceSettleOrder(t *testing.T) {
	for _, runFirst := range []bool{false, true} {
		t.Run(map[bool]string{false: "commands first", true: "run first"}[runFirst], func(t *testing.T) {
			h := newHarness(t, WithChoices(Choices{SettleRunFirst: runFirst}))
			s := h.create(ada, "demo").Session.SessionID
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "hello"), client.TypeCommandAccepted)
			h.settled(s, 1)
			got := typesOf(h.srv.Events(s), client.EvCommandCompleted, client.EvRunEnded, client.EvRunSettled)
			want := "command.completed run.ended run.settled"
			if runFirst {
				want = "run.ended run.settled command.completed"
			}
			if got != want {
				t.Fatalf("settle order %q, want %q", got, want)
			}
			// the budget guard's settle too: aborted and cancelled after the run
			ok(t, h.verb(ada, "demo", s, "prompt", "text", "#overrun #hold"), client.TypeCommandAccepted)
			ok(t, h.verb(ada, "demo", s, "follow_up", "text", "queued"), client.TypeCommandAccepted)
			h.srv.Proceed(s)
			h.settled(s, 2)
			evs := h.srv.Events(s)
			last := typesOf(evs[len(evs)-8:], client.EvCommandAborted, client.EvCommandCancelled, client.EvRunSettled)
			want = "command.aborted command.cancelled run.settled"
			if runFirst {
				want = "run.settled command.aborted command.cancelled"
			}
			if last != want {
				t.Fatalf("budget settle order %q, want %q", last, want)
			}
		})
	}
}

func TestChoiceCoDriveWithNobodyDriving(t *testing.T) {
	for _, c := range []struct {
		answer CoDriveAnswer
		typ    string
		status string
	}{
		{CoDrivePending, client.TypeChimeAccepted, "pending"},
		{CoDriveSubmitted, client.TypeChimeAccepted, "submitted"},
		{CoDriveRejected, client.TypeChimeRejected, ""},
	} {
		t.Run(c.status+c.typ, func(t *testing.T) {
			h := newHarness(t, WithChoices(Choices{CoDriveWithoutLease: c.answer}))
			s := h.create(ada, "demo").Session.SessionID
			ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", client.PolicyCoDrive), client.TypeRoomPolicy)
			ok(t, h.verb(ada, "demo", s, "release"), client.TypeDriverReleased)
			r := h.verb(bo, "demo", s, "chime", "text", "try the barn")
			ok(t, r, c.typ)
			var res client.ChimeResult
			r.decode(t, &res)
			if res.Status != c.status {
				t.Fatalf("chime answer %s", r.raw)
			}
			switch c.answer {
			case CoDriveSubmitted:
				h.settled(s, 1)
				var v client.ChimeResolvedValue
				decodeEv(h.waitEvent(s, client.EvChimeResolved, 1), &v)
				if !v.Accepted || v.By != "" || v.CommandID != res.CommandID {
					t.Fatalf("resolved %+v", v)
				}
			case CoDriveRejected:
				if res.Reason == "" || len(h.snapshot(ada, "demo", s).Chimes) != 0 {
					t.Fatalf("refusal %s", r.raw)
				}
			default:
				if len(h.snapshot(ada, "demo", s).Chimes) != 1 {
					t.Fatal("not pending")
				}
			}
		})
	}
}

func TestChoiceCapsuleNames(t *testing.T) {
	for _, seed := range []bool{false, true} {
		h := newHarness(t, WithChoices(Choices{CapsuleSeedWords: seed}))
		s := h.create(ada, "demo").Session.SessionID
		r := h.do("GET", "/g/demo/sessions/"+s+"/capsule", ada, nil)
		ok(t, r, client.TypeSessionCapsule)
		var v map[string]map[string]json.RawMessage
		_ = json.Unmarshal(r.frame.Value, &v)
		names := map[bool][]string{false: {"identity.sessionId", "identity.graphId", "posture.leaseHolder", "commands.counts"},
			true: {"identity.session", "identity.graph", "posture.lease", "commandSummary.counts"}}
		for _, n := range names[seed] {
			obj, field, _ := strings.Cut(n, ".")
			if _, ok := v[obj][field]; !ok {
				t.Fatalf("seed words %v: no %s in %s", seed, n, r.frame.Value)
			}
		}
		for _, n := range names[!seed] {
			obj, field, _ := strings.Cut(n, ".")
			if _, ok := v[obj][field]; ok {
				t.Fatalf("seed words %v: %s in %s", seed, n, r.frame.Value)
			}
		}
	}
}

func TestChoiceRenewals(t *testing.T) {
	for _, c := range []struct {
		name string
		r    Renewals
		want int // lease.renewed after three uses in one second, then one 30 s later
	}{{"every second", RenewalsEverySecond, 2}, {"every use", RenewalsEveryUse, 4}, {"unannounced", RenewalsUnannounced, 0}} {
		t.Run(c.name, func(t *testing.T) {
			clk := newFakeClock()
			h := newHarness(t, WithClock(clk.Now), WithChoices(Choices{Renewals: c.r}))
			s := h.create(ada, "demo", "ttlMs", 60000).Session.SessionID
			clk.Advance(2 * time.Second)
			for _, p := range []string{"mute", "suggest", "mute"} {
				ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", p), client.TypeRoomPolicy)
			}
			clk.Advance(30 * time.Second)
			ok(t, h.verb(ada, "demo", s, "set_room_policy", "policy", "suggest"), client.TypeRoomPolicy)
			got := strings.Count(typesOf(h.srv.Events(s), client.EvLeaseRenewed), client.EvLeaseRenewed)
			if got != c.want {
				t.Fatalf("%d renewals announced, want %d: %s", got, c.want, types(h.srv.Events(s)))
			}
			if l := h.snapshot(ada, "demo", s).Session.Lease; l == nil || !l.ExpiresAt.Equal(clk.Now().Add(time.Minute)) {
				t.Fatalf("lease %+v, want it renewed to %v", l, clk.Now().Add(time.Minute))
			}
			// a claim by the holder is always announced
			ok(t, h.verb(ada, "demo", s, "claim"), client.TypeDriverClaimed)
			if n := strings.Count(typesOf(h.srv.Events(s), client.EvLeaseRenewed), client.EvLeaseRenewed); n != got+1 {
				t.Fatalf("the holder's claim was not announced: %s", types(h.srv.Events(s)))
			}
		})
	}
}

func TestVariantsCoverEveryChoice(t *testing.T) {
	vs := Variants()
	if len(vs) != 2 || vs[0].Choices != (Choices{}) || vs[1].Choices != OtherChoices() {
		t.Fatalf("variants %+v", vs)
	}
	o := OtherChoices()
	if !o.AbortCancelsQueue || !o.SettleRunFirst || o.CoDriveWithoutLease == CoDrivePending || !o.CapsuleSeedWords || o.Renewals == RenewalsEverySecond {
		t.Fatalf("OtherChoices leaves a choice at the host's answer: %+v", o)
	}
}
