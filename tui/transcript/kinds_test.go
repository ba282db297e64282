package transcript

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// drawn is es drawn by a transcript 60 cells wide and tall enough for
// them, the lines' right ends trimmed, without the blank lines under them.
func drawn(es ...wire.Entry) string {
	tr := New(uitest.Context())
	tr.Open(&fakeSource{es: es})
	tr.SetSize(60, 40)
	var out []string
	for _, l := range strings.Split(plain(tr), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return strings.TrimRight(strings.Join(out, "\n"), "\n")
}

// TestEntryKinds draws each kind of entry: turns by the person, a
// collaborator and another role, replies with and without text, a tool
// result, notices with their detail, what to do next and a dead body's
// stderr, a reply cut off by an abort, a reply whose start was not kept,
// an item that did not decode.
func TestEntryKinds(t *testing.T) {
	at := uitest.Now
	cases := []struct {
		name string
		es   []wire.Entry
		want string
	}{
		{"a collaborator's turn", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleUser, Author: "Bo", Text: "a chime", Time: at, Rev: 1}},
			"\nBo (collaborator) · 09:30\n  a chime"},
		{"another role", []wire.Entry{{Kind: wire.EntryMessage, Role: "system", Text: "be brief", Rev: 1}},
			"\nsystem\n  be brief"},
		{"a reply that only calls tools", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleAssistant, Rev: 1,
			ToolCalls: []wire.ToolCall{{ID: "t1"}}}}, ""},
		{"a reply with no text", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleAssistant, Time: at, Rev: 1}},
			"\nassistant · 09:30 · no text"},
		{"a tool result", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleToolResult, ToolName: "", IsError: true, Rev: 1}},
			"  ⚙ tool ✗ error"},
		{"a tool result that worked", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleToolResult, ToolName: "read", Rev: 1}},
			"  ⚙ read ✓ ok"},
		{"a fork", []wire.Entry{{Kind: wire.EntryNotice, Event: wire.EvSessionForked, Subject: "s2", Text: "e4\nmore", Time: at, Rev: 1}},
			"  · forked as s2 — e4 · 09:30"},
		{"a dead body", []wire.Entry{{Kind: wire.EntryNotice, Event: wire.EvBodyExited, Subject: "code 1", Rev: 1,
			Text: "starting\nline 1\n\nline 2\nline 3\npanic: boom\n\n"}},
			"  · body exited (code 1)\n    │ line 1\n    │ line 2\n    │ line 3\n    │ panic: boom"},
		{"a failed turn", []wire.Entry{{Kind: wire.EntryNotice, Event: wire.EvCommandFailed, Subject: "c1", Rev: 1,
			Text: "the delegation was refused by the host because the graph is read only"}},
			"  · ✗ the turn failed\n    │ the delegation was refused by the host because the\n    │ graph is read only"},
		{"a run the budget stopped", []wire.Entry{{Kind: wire.EntryNotice, Notice: "run aborted: max_turns", Rev: 1}},
			"  · run aborted: max_turns\n    → what now: send a message to go on where it stopped (a\n" +
				"      new run, with the budget again), or start a session\n      with a bigger budget per run (/new, or vehicle --new -\n" +
				"      -max-turns N --max-cost-usd D)"},
		{"a reply cut off", []wire.Entry{
			{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, Text: "So the lea", Rev: 1},
			{Key: 2, Kind: wire.EntryNotice, Notice: "run aborted: aborted", Rev: 1}},
			"\nassistant\n  So the lea\n  ✂ cut off: the run was aborted before this reply ended\n  · run aborted"},
		{"a reply that called a tool, then the abort", []wire.Entry{
			{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, Text: "Let me look.", Rev: 1, ToolCalls: []wire.ToolCall{{ID: "t"}}},
			{Key: 2, Kind: wire.EntryNotice, Notice: "run aborted", Rev: 1}},
			"\nassistant\n  Let me look.\n  · run aborted"},
		{"a reply whose start is not kept", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleAssistant, Text: "the end.", Cut: 84_000, Rev: 1}},
			"\nassistant\n  … 83 KiB earlier not kept: the reply ended before its who…\n  the end."},
		{"a streaming reply whose start is not drawn", []wire.Entry{{Kind: wire.EntryMessage, Role: wire.RoleAssistant,
			MessageID: "m1", Streaming: true, Text: "more", Cut: 1_900_000, Rev: 1}},
			"\nassistant · streaming…\n  … 1.9 MiB earlier not shown: the whole reply is in the se…\n  …"},
		{"an item that did not decode", []wire.Entry{{Kind: wire.EntryMessage, Unreadable: true, Time: at, Text: `{"role":3`, Rev: 1}},
			"\nunreadable item · 09:30 · the host sent what this client ca…\n  {\"role\":3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := drawn(c.es...); got != c.want {
				t.Errorf("drawn as\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestNoticeWordsForOthers: the words other front ends say for a notice
// are the transcript's, with what to do next.
func TestNoticeWordsForOthers(t *testing.T) {
	if got := NoticeWords(&wire.Entry{Kind: wire.EntryNotice, Notice: "run aborted: budget"}); !strings.HasPrefix(got, "run aborted: budget — what now: send a message") {
		t.Errorf("a run the budget stopped: %q", got)
	}
	if got := NoticeWords(&wire.Entry{Kind: wire.EntryNotice, Notice: "run aborted: aborted"}); got != "run aborted" {
		t.Errorf("a run aborted: %q", got)
	}
	for _, c := range []struct {
		e    wire.Entry
		want string
	}{
		{wire.Entry{Event: wire.EvLeaseRevoked, Subject: "cli-laptop-pts3-ab12", Text: wire.ReasonTakeover}, "lease revoked: taken over by laptop, pts/3"},
		{wire.Entry{Event: wire.EvSessionDeleted}, "session deleted"},
		{wire.Entry{Event: wire.EvSessionCloned, Subject: "s3"}, "cloned as s3"},
		{wire.Entry{Event: wire.EvSessionShutdown}, "session shut down"},
		{wire.Entry{Event: wire.EvQueueStranded}, "queued commands were stranded"},
		{wire.Entry{Event: wire.EvBodyNotice}, "the body sent a notice"},
		{wire.Entry{Event: wire.EvAbortSlow}, "the run is slow to abort"},
		{wire.Entry{Event: wire.EvCompactionStarted}, "compacting the conversation"},
		{wire.Entry{Event: wire.EvCompactionEnded}, "conversation compacted"},
		{wire.Entry{Event: wire.EvRetryStarted}, "retrying the model request"},
		{wire.Entry{Event: wire.EvBodyMaterialized}, "body started"},
		{wire.Entry{Event: wire.EvBodyDormant}, "body went dormant: the next message wakes it"},
		{wire.Entry{Event: wire.EvMirrorFailed}, "the record was not written to the graph: no message · tried again after the next run"},
		{wire.Entry{Event: wire.EvSessionRevived}, "the host restarted: open commands were interrupted"},
	} {
		if got := NoticeWords(&c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.Event, got, c.want)
		}
	}
}

// TestStreamsBehindAndJumps: a task list streaming in (which glamour draws)
// is drawn at every third flush and the transcript says when it is behind; jump
// scrolling is on when set.
func TestStreamsBehindAndJumps(t *testing.T) {
	tr := New(uitest.Context())
	if tr.FlushStreams() || tr.StreamsBehind() {
		t.Fatal("with no session something streams")
	}
	src := &fakeSource{es: []wire.Entry{{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, MessageID: "m1",
		Streaming: true, Text: "- [ ] one\n", Rev: 1}}}
	tr.Open(src)
	tr.SetSize(60, 10)
	if !tr.FlushStreams() || tr.StreamsBehind() || !strings.Contains(plain(tr), "one") {
		t.Fatalf("the first flush:\n%s", plain(tr))
	}
	src.es[0].Text += "- [ ] two\n"
	if tr.FlushStreams() || !tr.StreamsBehind() || strings.Contains(plain(tr), "two") {
		t.Fatalf("the second flush drew the list again, or is not behind:\n%s", plain(tr))
	}
	if !tr.FlushStreams() || tr.StreamsBehind() || !strings.Contains(plain(tr), "two") {
		t.Fatalf("a flush with nothing new did not draw what was behind:\n%s", plain(tr))
	}
	if tr.Jumps() {
		t.Error("a new transcript jumps")
	}
	tr.SetJump(true)
	if !tr.Jumps() {
		t.Error("SetJump(true) did not take")
	}
}
