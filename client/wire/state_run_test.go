package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

func TestStateRun(t *testing.T) {
	started := stStep{11, 1, "run.started", `{"runId":"r1","tools":["search_documents"]}`}
	cases := []stCase{
		{name: "started", snap: true, steps: []stStep{started}, want: wire.ChangeRun | wire.ChangeSession,
			check: func(t *testing.T, s *wire.State) {
				if s.Run != wire.RunRunning || s.RunID != "r1" || s.Session.Status != "running" {
					t.Errorf("run %v %q status %q", s.Run, s.RunID, s.Session.Status)
				}
			}},
		{name: "interrupted by a restart settles the run", snap: true, steps: []stStep{started,
			{12, 2, "tool.started", `{"toolCallId":"t9","toolName":"search_documents"}`},
			{13, 3, "message.delta", `{"runId":"r1","messageId":"m9","delta":"Let me "}`},
			{14, 4, "command.interrupted", `{"commandId":"req-7"}`}},
			want: wire.ChangeCommands | wire.ChangeRun | wire.ChangeSession | wire.ChangeTranscript,
			check: func(t *testing.T, s *wire.State) {
				if s.Run != wire.RunIdle || s.Session.Status != "idle" {
					t.Errorf("after an interrupted command: run %v status %q", s.Run, s.Session.Status)
				}
				for _, e := range s.Entries {
					if e.ToolState == wire.ToolRunning || e.Streaming {
						t.Errorf("an entry still says running: %+v", e)
					}
				}
			}},
		{name: "ended changes nothing shown", snap: true, steps: []stStep{started, {12, 2, "run.ended", `{"runId":"r1"}`}}, want: 0},
		{name: "settled", snap: true,
			steps: []stStep{started, {12, 2, "run.settled", `{"runId":"r1","aborted":false,"usage":{"turns":3,"costUsd":0.003}}`}},
			want:  wire.ChangeRun | wire.ChangeSession, check: func(t *testing.T, s *wire.State) {
				if s.Run != wire.RunIdle || s.Usage.Turns != 3 || s.Session.Status != "idle" || len(s.Entries) != 4 {
					t.Errorf("run %v usage %+v status %q entries %d", s.Run, s.Usage, s.Session.Status, len(s.Entries))
				}
			}},
		{name: "settled aborted with a reason", snap: true,
			steps: []stStep{started, {12, 2, "run.settled", `{"runId":"r1","aborted":true,"reason":"aborted","usage":{"turns":1,"costUsd":0.001}}`}},
			want:  wire.ChangeRun | wire.ChangeSession | wire.ChangeTranscript, check: stWantNotice("run aborted: aborted")},
		{name: "settled aborted with a stop reason", snap: true,
			steps: []stStep{started, {12, 2, "run.settled", `{"runId":"r1","aborted":true,"stopReason":"body_exited","usage":{}}`}},
			want:  wire.ChangeRun | wire.ChangeSession | wire.ChangeTranscript, check: stWantNotice("run aborted: body_exited")},
		{name: "error", snap: true, steps: []stStep{started, {12, 2, "run.error", `{"runId":"r1","message":"model said no"}`}},
			want: wire.ChangeTranscript | wire.ChangeError, check: func(t *testing.T, s *wire.State) {
				stWantNotice("run error: model said no")(t, s)
				if s.LastError != "model said no" {
					t.Errorf("LastError = %q", s.LastError)
				}
			}},
		{name: "budget turns", snap: true, steps: []stStep{{11, 1, "budget.exceeded", `{"reason":"maxTurns","turns":12,"costUsd":0.012}`}},
			want: wire.ChangeTranscript, check: stWantNotice("budget exceeded: 12 turns")},
		{name: "budget cost", snap: true, steps: []stStep{{11, 1, "budget.exceeded", `{"reason":"maxCostUsd","turns":3,"costUsd":0.25}`}},
			want: wire.ChangeTranscript, check: stWantNotice("budget exceeded: $0.2500")},
		{name: "usage adds up while running", snap: true, steps: []stStep{started,
			{12, 2, "message.completed", `{"entryId":"e5","role":"assistant","text":"a","usage":{"turns":1,"costUsd":0.001}}`},
			{13, 3, "message.completed", `{"entryId":"e6","role":"assistant","text":"b","usage":{"turns":1,"costUsd":0.002}}`}},
			want: wire.ChangeTranscript | wire.ChangeRun, check: func(t *testing.T, s *wire.State) {
				if s.Usage.Turns != 2 || s.Usage.CostUSD < 0.0029 || s.Usage.CostUSD > 0.0031 {
					t.Errorf("usage = %+v", s.Usage)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestStateChimes(t *testing.T) {
	received := stStep{11, 3, "chime.received", `{"chimeId":"ch1","author":"Bo","text":"try the barn"}`}
	cases := []stCase{
		{name: "received", snap: true, steps: []stStep{received}, want: wire.ChangeChimes,
			check: func(t *testing.T, s *wire.State) {
				if len(s.Chimes) != 1 || s.Chimes[0].Author != "Bo" || !s.Chimes[0].ReceivedAt.Equal(stTS(3)) {
					t.Errorf("chimes = %+v", s.Chimes)
				}
			}},
		{name: "no duplicates", snap: true,
			steps: []stStep{received, {12, 4, "chime.received", `{"chimeId":"ch1","author":"Bo","text":"try the barn"}`}}, want: 0,
			check: func(t *testing.T, s *wire.State) {
				if len(s.Chimes) != 1 {
					t.Errorf("chimes = %+v", s.Chimes)
				}
			}},
		{name: "resolved removes", snap: true,
			steps: []stStep{received, {12, 4, "chime.resolved", `{"chimeId":"ch1","accepted":false,"by":"c1"}`}}, want: wire.ChangeChimes,
			check: func(t *testing.T, s *wire.State) {
				if len(s.Chimes) != 0 {
					t.Errorf("chimes = %+v", s.Chimes)
				}
			}},
		{name: "resolved unknown", snap: true, steps: []stStep{{11, 4, "chime.resolved", `{"chimeId":"zz","accepted":true}`}}, want: 0},
		{name: "accepted chime's turn is attributed", snap: true,
			steps: []stStep{{11, 4, "message.completed", `{"entryId":"e5","role":"user","text":"[Bo collaborator]\ntry the barn\nnow"}`}},
			want:  wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if e := stLast(t, s); e.Author != "Bo" || e.Text != "try the barn\nnow" {
					t.Errorf("entry = %s", stEntry(e))
				}
			}},
		{name: "brackets that are no attribution", snap: true,
			steps: []stStep{{11, 4, "message.completed", `{"entryId":"e5","role":"user","text":"[ collaborator]\nx"}`}},
			want:  wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if e := stLast(t, s); e.Author != "" || e.Text != "[ collaborator]\nx" {
					t.Errorf("entry = %s", stEntry(e))
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// TestStateCountsTurns: every accepted text command is a turn of the
// session, counted once even when its event comes again.
func TestStateCountsTurns(t *testing.T) {
	s := wire.NewState(wire.Me{ClientID: "c1"}, &wire.Snapshot{Session: wire.Summary{SessionID: "s1", Turns: 2}})
	seq := int64(0)
	accept := func(id, op string) wire.Change {
		seq++
		raw, _ := json.Marshal(wire.CommandValue{CommandID: id, Op: op, Status: "accepted"})
		return s.Apply(wire.Event{Protocol: wire.Protocol, Type: wire.EvCommandAccepted, Seq: seq, SessionID: "s1", Value: raw})
	}
	accept("k1", wire.OpPrompt)
	accept("k2", wire.OpAbort)
	accept("k3", wire.OpFollowUp)
	if ch := accept("k1", wire.OpPrompt); ch.Has(wire.ChangeSession) {
		t.Error("a command seen twice counted twice")
	}
	if s.Session.Turns != 4 {
		t.Errorf("turns %d, want 4", s.Session.Turns)
	}
}
