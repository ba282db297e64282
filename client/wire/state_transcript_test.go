package wire_test

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/sophia-labs/vehicle/client/wire"
)

// stApplyAll folds events and returns the last Change.
func stApplyAll(s *wire.State, evs ...wire.Event) wire.Change {
	var ch wire.Change
	for _, ev := range evs {
		ch = s.Apply(ev)
	}
	return ch
}

// stCompletedM1 is the completed assistant message m1, entry e5.
const stCompletedM1 = `{"entryId":"e5","messageId":"m1","role":"assistant","text":"Hello there.","timestamp":"2026-10-13T10:00:09Z"}`

func TestStateStreaming(t *testing.T) {
	completed := stCompletedM1
	t.Run("deltas build a streaming entry, completed replaces it", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		if ch := s.Apply(stDelta(t, "m1", "Hel")); ch != wire.ChangeTranscript {
			t.Fatalf("delta changed %v", ch)
		}
		s.Apply(stDelta(t, "m1", "lo"))
		e := stLast(t, s)
		if !e.Streaming || e.Text != "Hello" || e.Rev != 2 || e.Role != wire.RoleAssistant || e.MessageID != "m1" {
			t.Fatalf("streaming entry = %s", stEntry(e))
		}
		n := len(s.Entries)
		if ch := s.Apply(stEvent(t, 11, 9, wire.EvMessageCompleted, completed)); ch != wire.ChangeTranscript {
			t.Fatalf("completed changed %v", ch)
		}
		e = stLast(t, s)
		if len(s.Entries) != n || e.Streaming || e.Text != "Hello there." || e.EntryID != "e5" || e.Rev != 3 || !e.Time.Equal(stTS(9)) {
			t.Fatalf("completed entry = %s (%d entries, want %d)", stEntry(e), len(s.Entries), n)
		}
	})
	t.Run("completed without deltas is appended", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		s.Apply(stEvent(t, 11, 9, wire.EvMessageCompleted, completed))
		if e := stLast(t, s); len(s.Entries) != 5 || e.EntryID != "e5" || e.Rev != 1 {
			t.Fatalf("entries %d, last %s", len(s.Entries), stEntry(e))
		}
	})
}

func TestStateDuplicates(t *testing.T) {
	completed := stCompletedM1
	t.Run("a duplicate completed is not duplicated", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		s.Apply(stEvent(t, 11, 9, wire.EvMessageCompleted, completed))
		if ch := s.Apply(stEvent(t, 12, 9, wire.EvMessageCompleted, completed)); ch != 0 || len(s.Entries) != 5 {
			t.Fatalf("duplicate changed %v, %d entries", ch, len(s.Entries))
		}
		changed := `{"entryId":"e5","messageId":"m1","role":"assistant","text":"Hello again."}`
		if ch := s.Apply(stEvent(t, 13, 9, wire.EvMessageCompleted, changed)); ch != wire.ChangeTranscript || len(s.Entries) != 5 {
			t.Fatalf("changed duplicate changed %v, %d entries", ch, len(s.Entries))
		}
		if e := stLast(t, s); e.Text != "Hello again." || e.Rev != 2 {
			t.Fatalf("entry = %s", stEntry(e))
		}
	})
	t.Run("a snapshot entry completed again is not duplicated", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		ch := s.Apply(stEvent(t, 11, 9, wire.EvMessageCompleted, `{"entryId":"e4","role":"assistant","text":"Found three."}`))
		if ch != 0 || len(s.Entries) != 4 {
			t.Fatalf("changed %v, %d entries", ch, len(s.Entries))
		}
	})
	t.Run("a delta after completed is dropped", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		s.Apply(stDelta(t, "m1", "Hel"))
		s.Apply(stEvent(t, 11, 9, wire.EvMessageCompleted, completed))
		if ch := s.Apply(stDelta(t, "m1", "lo")); ch != 0 || len(s.Entries) != 5 || stLast(t, s).Text != "Hello there." {
			t.Fatalf("late delta changed %v\n%s", ch, stDump(s))
		}
	})
}

func TestStateDeltas(t *testing.T) {
	t.Run("deltas have no seq and are applied at any cursor", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		s.Apply(stEvent(t, 500, 9, "no.such.type", `{}`))
		if ch := s.Apply(stDelta(t, "m1", "x")); ch != wire.ChangeTranscript || s.Cursor != 500 {
			t.Fatalf("delta changed %v, cursor %d", ch, s.Cursor)
		}
	})
	t.Run("a settled run ends open streams", func(t *testing.T) {
		s := wire.NewState(stMe(), stSnapshot())
		stApplyAll(s, stEvent(t, 11, 1, wire.EvRunStarted, `{"runId":"r1"}`), stDelta(t, "m1", "partial"))
		ch := s.Apply(stEvent(t, 12, 2, wire.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"aborted","usage":{}}`))
		if !ch.Has(wire.ChangeTranscript) {
			t.Fatalf("settle changed %v", ch)
		}
		e := s.Entries[4]
		if e.Streaming || e.Text != "partial" {
			t.Fatalf("streamed entry = %s", stEntry(e))
		}
		stWantNotice("run aborted: aborted")(t, s)
	})
	t.Run("open streams are bounded", func(t *testing.T) {
		s := wire.NewState(stMe(), nil)
		for i := range 20 {
			s.Apply(stDelta(t, fmt.Sprintf("m%d", i), "x"))
		}
		open := 0
		for _, e := range s.Entries {
			if e.Streaming {
				open++
			}
		}
		if len(s.Entries) != 20 || open > 8 || !s.Entries[19].Streaming {
			t.Fatalf("%d entries, %d streaming", len(s.Entries), open)
		}
	})
}

func TestStateToolChips(t *testing.T) {
	started := stStep{11, 5, "tool.started", `{"toolCallId":"t2","toolName":"count_documents"}`}
	wantChip := func(state string, isError bool) func(t *testing.T, s *wire.State) {
		return func(t *testing.T, s *wire.State) {
			t.Helper()
			e := stLast(t, s)
			if e.Kind != wire.EntryTool || e.ToolState != state || e.IsError != isError || e.ToolName != "count_documents" {
				t.Errorf("chip = %s, want %s", stEntry(e), state)
			}
		}
	}
	cases := []stCase{
		{name: "started", snap: true, steps: []stStep{started}, want: wire.ChangeTranscript, check: wantChip(wire.ToolRunning, false)},
		{name: "started twice", snap: true, steps: []stStep{started, {12, 5, "tool.started", `{"toolCallId":"t2","toolName":"count_documents"}`}},
			want: 0, check: func(t *testing.T, s *wire.State) {
				if len(s.Entries) != 5 {
					t.Errorf("%d entries", len(s.Entries))
				}
			}},
		{name: "result ok", snap: true, steps: []stStep{started, {12, 6, "tool.result", `{"toolCallId":"t2","toolName":"count_documents","isError":false}`}},
			want: wire.ChangeTranscript, check: wantChip(wire.ToolOK, false)},
		{name: "result error", snap: true, steps: []stStep{started, {12, 6, "tool.result", `{"toolCallId":"t2","toolName":"count_documents","isError":true}`}},
			want: wire.ChangeTranscript, check: wantChip(wire.ToolError, true)},
		{name: "result twice", snap: true, steps: []stStep{started,
			{12, 6, "tool.result", `{"toolCallId":"t2","toolName":"count_documents"}`},
			{13, 6, "tool.result", `{"toolCallId":"t2","toolName":"count_documents"}`}},
			want: 0, check: wantChip(wire.ToolOK, false)},
		{name: "result without a start", snap: true, steps: []stStep{{11, 6, "tool.result", `{"toolCallId":"t2","toolName":"count_documents"}`}},
			want: wire.ChangeTranscript, check: wantChip(wire.ToolOK, false)},
		{name: "result by name only", snap: true, steps: []stStep{started, {12, 6, "tool.result", `{"toolName":"count_documents","isError":true}`}},
			want: wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				wantChip(wire.ToolError, true)(t, s)
				if len(s.Entries) != 5 {
					t.Errorf("%d entries", len(s.Entries))
				}
			}},
		{name: "tool result messages pair with chips in order", snap: true, steps: []stStep{
			{11, 5, "tool.started", `{"toolCallId":"t2","toolName":"count_documents"}`},
			{12, 5, "tool.started", `{"toolCallId":"t3","toolName":"count_documents"}`},
			{13, 6, "message.completed", `{"entryId":"e5","role":"toolResult","toolName":"count_documents","text":"first"}`},
			{14, 6, "message.completed", `{"entryId":"e6","role":"toolResult","toolName":"count_documents","text":"second","isError":true}`}},
			want: wire.ChangeTranscript, check: func(t *testing.T, s *wire.State) {
				a, b := s.Entries[4], s.Entries[5]
				if len(s.Entries) != 6 || a.EntryID != "e5" || a.Text != "first" || b.EntryID != "e6" || b.ToolState != wire.ToolError {
					t.Errorf("chips:\n%s", stDump(s))
				}
			}},
		{name: "no id and no name", snap: true, steps: []stStep{{11, 5, "tool.started", `{}`}}, want: 0},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestStateFromSnapshot(t *testing.T) {
	t.Run("tool results fold into chips", func(t *testing.T) {
		snap := stSnapshot()
		snap.Transcript[2].IsError = true
		s := wire.NewState(stMe(), snap)
		if len(s.Entries) != 4 {
			t.Fatalf("entries:\n%s", stDump(s))
		}
		chip := s.Entries[2]
		if chip.Kind != wire.EntryTool || chip.ToolState != wire.ToolError || chip.EntryID != "e3" || chip.ToolCallID != "t1" {
			t.Fatalf("chip = %s", stEntry(chip))
		}
	})
	t.Run("a tool result with no call becomes its own chip", func(t *testing.T) {
		snap := stSnapshot()
		snap.Transcript = snap.Transcript[2:3]
		s := wire.NewState(stMe(), snap)
		if e := stLast(t, s); len(s.Entries) != 1 || e.Kind != wire.EntryTool || e.ToolState != wire.ToolOK || e.EntryID != "e3" {
			t.Fatalf("entries:\n%s", stDump(s))
		}
	})
	t.Run("repeated entry ids are skipped", func(t *testing.T) {
		snap := stSnapshot()
		snap.Transcript = append(snap.Transcript, snap.Transcript[0], snap.Transcript[2])
		if s := wire.NewState(stMe(), snap); len(s.Entries) != 4 {
			t.Fatalf("entries:\n%s", stDump(s))
		}
	})
	t.Run("a running session", func(t *testing.T) {
		snap := stSnapshot()
		snap.Session.Status = "running"
		if s := wire.NewState(stMe(), snap); s.Run != wire.RunRunning {
			t.Fatalf("run = %v", s.Run)
		}
	})
	t.Run("the snapshot is not changed", func(t *testing.T) {
		snap := stSnapshot()
		s := wire.NewState(stMe(), snap)
		stApplyAll(s,
			stEvent(t, 11, 1, wire.EvCommandFailed, `{"commandId":"c0","error":"x"}`),
			stEvent(t, 12, 1, wire.EvLeaseRenewed, `{"principal":"user:ada","clientId":"c1","expiresAt":"2026-10-13T11:00:00Z"}`),
			stEvent(t, 13, 1, wire.EvSessionRenamed, `{"title":"New"}`))
		if snap.Commands[0].Status != wire.StatusCompleted || !snap.Session.Lease.ExpiresAt.Equal(stTS(300)) || *snap.Session.Title != "Cows" {
			t.Fatalf("snapshot changed: %+v %+v %q", snap.Commands[0], snap.Session.Lease, *snap.Session.Title)
		}
	})
	t.Run("tool names and roles share one copy", func(t *testing.T) {
		s := wire.NewState(stMe(), nil)
		for i := range 3 {
			s.Apply(stEvent(t, int64(2*i+1), 1, wire.EvToolStarted, fmt.Sprintf(`{"toolCallId":"t%d","toolName":"search_documents"}`, i)))
			s.Apply(stEvent(t, int64(2*i+2), 1, wire.EvMessageCompleted, fmt.Sprintf(`{"entryId":"e%d","role":"assistant","text":"x"}`, i)))
		}
		if unsafe.StringData(s.Entries[0].ToolName) != unsafe.StringData(s.Entries[4].ToolName) ||
			unsafe.StringData(s.Entries[1].Role) != unsafe.StringData(s.Entries[5].Role) {
			t.Fatal("equal tool names or roles are held as separate copies")
		}
	})
}

func TestStateUserTurnDuringStream(t *testing.T) {
	s := wire.NewState(stMe(), nil)
	s.Apply(stDelta(t, "", "streamed "))
	s.Apply(stEvent(t, 1, 1, wire.EvMessageCompleted, `{"entryId":"e1","role":"user","text":"steer this way"}`))
	if len(s.Entries) != 2 || !s.Entries[0].Streaming || s.Entries[1].Role != wire.RoleUser {
		t.Fatalf("a user turn took the assistant's stream:\n%s", stDump(s))
	}
	s.Apply(stEvent(t, 2, 1, wire.EvMessageCompleted, `{"entryId":"e2","role":"assistant","text":"streamed text"}`))
	if len(s.Entries) != 2 || s.Entries[0].Streaming || s.Entries[0].EntryID != "e2" {
		t.Fatalf("the assistant message did not replace its stream:\n%s", stDump(s))
	}
}
