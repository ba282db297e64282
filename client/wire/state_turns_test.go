package wire_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// stTurnSteps accepts k1 (a prompt) and k2 (a follow_up, queued), delivers
// k1 with its user turn e5 and its reply, then k2 with its user turn e7.
func stTurnSteps() []stStep {
	return []stStep{
		{11, 11, "command.accepted", `{"commandId":"k1","op":"prompt","status":"accepted","disposition":"started"}`},
		{12, 11, "run.started", `{"runId":"r1"}`},
		{13, 11, "command.accepted", `{"commandId":"k2","op":"follow_up","status":"queued","disposition":"queued"}`},
		{14, 11, "command.delivered", `{"commandId":"k1"}`},
		{15, 11, "message.completed", `{"entryId":"e5","role":"user","text":"first"}`},
		{16, 12, "message.completed", `{"entryId":"e6","messageId":"m1","role":"assistant","text":"one"}`},
		{17, 12, "command.completed", `{"commandId":"k1"}`},
		{18, 12, "command.delivered", `{"commandId":"k2"}`},
		{19, 12, "message.completed", `{"entryId":"e7","role":"user","text":"second"}`},
	}
}

// stEntryByID is the entry with a pi entry id.
func stEntryByID(t *testing.T, s *wire.State, id string) wire.Entry {
	t.Helper()
	for _, e := range s.Entries {
		if e.EntryID == id {
			return e
		}
	}
	t.Fatalf("no entry %s\n%s", id, stDump(s))
	return wire.Entry{}
}

// stCountFailNotices counts the command.failed notices.
func stCountFailNotices(s *wire.State) int {
	n := 0
	for _, e := range s.Entries {
		if e.Kind == wire.EntryNotice && e.Event == wire.EvCommandFailed {
			n++
		}
	}
	return n
}

func TestStateTurnCommands(t *testing.T) {
	failK2 := stStep{20, 13, "command.failed", `{"commandId":"k2","error":"the model failed"}`}
	cases := []stCase{
		{name: "each user turn learns its command, in order", snap: true, steps: stTurnSteps(),
			want: wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if e := stEntryByID(t, s, "e1"); e.CommandID != "c0" {
					t.Errorf("snapshot turn e1 command %q, want c0", e.CommandID)
				}
				if e := stEntryByID(t, s, "e5"); e.CommandID != "k1" {
					t.Errorf("e5 command %q, want k1", e.CommandID)
				}
				if e := stEntryByID(t, s, "e7"); e.CommandID != "k2" {
					t.Errorf("e7 command %q, want k2", e.CommandID)
				}
			}},
		{name: "the second of two queued commands fails on its own turn", snap: true,
			steps: append(stTurnSteps(), failK2), want: wire.ChangeCommands | wire.ChangeError | wire.ChangeTranscript,
			check: func(t *testing.T, s *wire.State) {
				e5, e7 := stEntryByID(t, s, "e5"), stEntryByID(t, s, "e7")
				if e5.Failure != "" || e7.Failure != "the model failed" || e7.Rev != 2 {
					t.Errorf("e5 failure %q, e7 failure %q rev %d; want only e7 failed, rev 2", e5.Failure, e7.Failure, e7.Rev)
				}
				if stCountFailNotices(s) != 0 || stLast(t, s).EntryID != "e7" {
					t.Errorf("a failure on a known turn made a notice:\n%s", stDump(s))
				}
				if s.LastError != "the model failed" {
					t.Errorf("LastError = %q", s.LastError)
				}
			}},
		{name: "a failure before delivery stays a notice at the end", snap: true,
			steps: append(stTurnSteps()[:3], stStep{14, 12, "command.failed", `{"commandId":"k2","error":"no delegation"}`}),
			want:  wire.ChangeCommands | wire.ChangeError | wire.ChangeTranscript,
			check: func(t *testing.T, s *wire.State) {
				e := stLast(t, s)
				if e.Event != wire.EvCommandFailed || e.Subject != "k2" || e.Text != "no delegation" {
					t.Errorf("last entry %s, want the failure of k2", stEntry(e))
				}
				for _, e := range s.Entries {
					if e.Failure != "" {
						t.Errorf("entry %s carries a failure", stEntry(e))
					}
				}
			}},
		{name: "a user turn with no delivered command gets none", snap: true,
			steps: []stStep{{11, 11, "message.completed", `{"entryId":"e5","role":"user","text":"from elsewhere"}`}},
			want:  wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if e := stEntryByID(t, s, "e5"); e.CommandID != "" {
					t.Errorf("e5 command %q, want none", e.CommandID)
				}
			}},
		{name: "a settled run forgets commands whose turn never came", snap: true,
			steps: []stStep{
				{11, 11, "command.accepted", `{"commandId":"k1","op":"prompt","status":"accepted"}`},
				{12, 11, "command.delivered", `{"commandId":"k1"}`},
				{13, 12, "run.settled", `{"runId":"r1","usage":{}}`},
				{14, 13, "message.completed", `{"entryId":"e5","role":"user","text":"later"}`},
			},
			want: wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if e := stEntryByID(t, s, "e5"); e.CommandID != "" {
					t.Errorf("e5 command %q, want none", e.CommandID)
				}
			}},
		{name: "an abort is not a text command", snap: true,
			steps: []stStep{
				{11, 11, "command.accepted", `{"commandId":"a1","op":"abort","status":"accepted"}`},
				{12, 11, "command.delivered", `{"commandId":"a1"}`},
				{13, 12, "message.completed", `{"entryId":"e5","role":"user","text":"next"}`},
			},
			want: wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				if e := stEntryByID(t, s, "e5"); e.CommandID != "" {
					t.Errorf("e5 command %q, want none", e.CommandID)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// stTurnSnapshot is the test snapshot with two more turns: k1 (completed)
// and k2 (failed), a chime's turn in between from the collaborator Bo, and
// k3 still queued.
func stTurnSnapshot() *wire.Snapshot {
	snap := stSnapshot()
	snap.Commands = append(snap.Commands,
		wire.Command{CommandID: "k1", Op: wire.OpPrompt, Status: wire.StatusCompleted},
		wire.Command{CommandID: "chime-x", Op: wire.OpFollowUp, Status: wire.StatusCompleted},
		wire.Command{CommandID: "k2", Op: wire.OpFollowUp, Status: wire.StatusFailed, Error: "the model failed"},
		wire.Command{CommandID: "k3", Op: wire.OpFollowUp, Status: wire.StatusQueued})
	snap.Transcript = append(snap.Transcript,
		wire.TranscriptItem{EntryID: "e5", Role: "user", Text: "first", Timestamp: stTS(5)},
		wire.TranscriptItem{EntryID: "e6", Role: "assistant", Text: "one", Timestamp: stTS(6)},
		wire.TranscriptItem{EntryID: "e7", Role: "user", Text: "[Bo collaborator]\ntry the barn", Timestamp: stTS(7)},
		wire.TranscriptItem{EntryID: "e8", Role: "user", Text: "second", Timestamp: stTS(8)})
	return snap
}

func TestStateTurnCommandsSnapshot(t *testing.T) {
	t.Run("pairs from the end and puts a failed command's error on its turn", func(t *testing.T) {
		s := wire.NewState(stMe(), stTurnSnapshot())
		want := map[string][2]string{"e1": {"c0", ""}, "e5": {"k1", ""}, "e7": {"chime-x", ""}, "e8": {"k2", "the model failed"}}
		for id, w := range want {
			if e := stEntryByID(t, s, id); e.CommandID != w[0] || e.Failure != w[1] {
				t.Errorf("%s: command %q failure %q, want %q %q", id, e.CommandID, e.Failure, w[0], w[1])
			}
		}
		if stCountFailNotices(s) != 0 {
			t.Errorf("a snapshot failure made a notice:\n%s", stDump(s))
		}
	})
	t.Run("a live failure of a snapshot turn lands on it", func(t *testing.T) {
		snap := stTurnSnapshot()
		snap.Commands[3].Status, snap.Commands[3].Error = wire.StatusDelivered, ""
		s := wire.NewState(stMe(), snap)
		ch := s.Apply(stEvent(t, 11, 11, wire.EvCommandFailed, `{"commandId":"k2","error":"late failure"}`))
		if e := stEntryByID(t, s, "e8"); e.Failure != "late failure" || !ch.Has(wire.ChangeTranscript) {
			t.Errorf("e8 failure %q (change %v), want the late failure", e.Failure, ch)
		}
	})
	t.Run("stops at a mismatch it can tell", func(t *testing.T) {
		snap := stTurnSnapshot()
		snap.Commands[2].Op = wire.OpSteer // a chime's turn is never a steer
		s := wire.NewState(stMe(), snap)
		if e := stEntryByID(t, s, "e8"); e.CommandID != "k2" {
			t.Errorf("e8 command %q, want k2", e.CommandID)
		}
		for _, id := range []string{"e7", "e5", "e1"} {
			if e := stEntryByID(t, s, id); e.CommandID != "" {
				t.Errorf("%s command %q past the mismatch, want none", id, e.CommandID)
			}
		}
	})
	t.Run("fewer commands than turns: the earliest turns get none", func(t *testing.T) {
		snap := stTurnSnapshot()
		snap.Commands = snap.Commands[3:]
		s := wire.NewState(stMe(), snap)
		if e := stEntryByID(t, s, "e8"); e.CommandID != "k2" {
			t.Errorf("e8 command %q, want k2", e.CommandID)
		}
		for _, id := range []string{"e7", "e5", "e1"} {
			if e := stEntryByID(t, s, id); e.CommandID != "" {
				t.Errorf("%s command %q, want none", id, e.CommandID)
			}
		}
	})
	t.Run("the lazy fold pairs the same, folding earlier items later", func(t *testing.T) {
		snap := stTurnSnapshot()
		old := make([]wire.TranscriptItem, wire.LazyTail)
		for i := range old {
			old[i] = wire.TranscriptItem{EntryID: fmt.Sprintf("p%d", i), Role: "assistant", Text: "old"}
		}
		snap.Transcript = append(snap.Transcript[:4:4], append(old, snap.Transcript[4:]...)...)
		data, err := json.Marshal(snap)
		if err != nil {
			t.Fatal(err)
		}
		ls, err := wire.DecodeLazySnapshot(data)
		if err != nil {
			t.Fatal(err)
		}
		if s := wire.NewStateLazy(stMe(), ls); s.Earlier() == 0 || s.Entries[len(s.Entries)-1].CommandID != "k2" {
			t.Fatalf("the lazy state folded everything at once, or did not pair its tail:\n%s", stDump(s))
		}
		_, lazy := foldBoth(t, data)
		if e := stEntryByID(t, lazy, "e1"); e.CommandID != "c0" {
			t.Errorf("e1 folded late: command %q, want c0", e.CommandID)
		}
	})
}
