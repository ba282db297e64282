package wire_test

import (
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestStateCountsAcceptedChimesOnce: the command an accepted chime became
// is one of the session's turns, whatever op the host gives it and
// whichever of command.accepted and chime.resolved comes first; the state
// knows whose chime it was and its text (issue 36: "7 turns" against the
// host's 9, and a queue showing a chime's command id).
func TestStateCountsAcceptedChimesOnce(t *testing.T) {
	received := `{"chimeId":"ch1","author":"Bo","text":"look at the census"}`
	resolved := `{"chimeId":"ch1","accepted":true,"commandId":"k1","by":"c1"}`
	for _, tc := range []struct {
		name          string
		op            string
		acceptedFirst bool
	}{
		{"prompt after the resolve", wire.OpPrompt, false},
		{"follow_up after the resolve", wire.OpFollowUp, false},
		{"chime after the resolve", wire.OpChime, false},
		{"chime before the resolve", wire.OpChime, true},
		{"an op of its own before the resolve", "collaborator", true},
		{"an op of its own after the resolve", "collaborator", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := wire.NewState(stMe(), stSnapshot())
			before := s.Session.Turns
			accepted := stEvent(t, 0, 0, wire.EvCommandAccepted,
				`{"commandId":"k1","op":"`+tc.op+`","status":"accepted","disposition":"started"}`)
			evs := []wire.Event{stEvent(t, 0, 0, wire.EvChimeReceived, received)}
			if tc.acceptedFirst {
				evs = append(evs, accepted, stEvent(t, 0, 0, wire.EvChimeResolved, resolved))
			} else {
				evs = append(evs, stEvent(t, 0, 0, wire.EvChimeResolved, resolved), accepted)
			}
			evs = append(evs, stEvent(t, 0, 0, wire.EvCommandDelivered, `{"commandId":"k1"}`))
			for i, ev := range evs {
				ev.Seq, ev.At = int64(11+i), stAt(11+i) // in the order they come
				s.Apply(ev)
			}
			if got := s.Session.Turns - before; got != 1 {
				t.Errorf("the accepted chime counted %d turns, want 1", got)
			}
			c, ok := s.ChimeOf("k1")
			if !ok || c.Author != "Bo" || c.Text != "look at the census" {
				t.Errorf("the chime of k1 is %+v (%v), want Bo's", c, ok)
			}
		})
	}
}
