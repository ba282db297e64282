package wire_test

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
)

// stUpdate rewrites the golden files instead of comparing with them.
var stUpdate = flag.Bool("update", false, "rewrite testdata golden files")

// stStep is one frame of a script: seq 0 for a message.delta.
type stStep struct {
	seq   int64
	sec   int
	typ   string
	value string
}

// stScripts are the golden cases: where each starts and what it folds.
func stScripts() map[string]struct {
	snap  bool
	steps []stStep
} {
	type script = struct {
		snap  bool
		steps []stStep
	}
	return map[string]script{
		"empty":         {},
		"snapshot_only": {snap: true},
		"run_with_tools": {snap: true, steps: []stStep{
			{11, 10, "lease.renewed", `{"principal":"user:ada","clientId":"c1","expiresAt":"2026-10-13T10:10:10Z"}`},
			{12, 10, "command.accepted", `{"commandId":"k1","op":"prompt","status":"accepted","disposition":"started"}`},
			{13, 10, "run.started", `{"runId":"r1","tools":["count_documents"]}`},
			{14, 10, "command.delivered", `{"commandId":"k1"}`},
			{15, 11, "message.completed", `{"entryId":"e5","role":"user","text":"how many cows?","timestamp":"2026-10-13T10:00:11Z"}`},
			{0, 0, "message.delta", `{"runId":"r1","messageId":"m1","delta":"Let me "}`},
			{0, 0, "message.delta", `{"runId":"r1","messageId":"m1","delta":"check."}`},
			{16, 12, "message.completed", `{"entryId":"e6","messageId":"m1","role":"assistant","text":"Let me check.","toolCalls":[{"id":"t2","name":"count_documents"}],"usage":{"turns":1,"costUsd":0.001},"timestamp":"2026-10-13T10:00:12Z"}`},
			{17, 12, "tool.started", `{"toolCallId":"t2","toolName":"count_documents"}`},
			{18, 13, "tool.result", `{"toolCallId":"t2","toolName":"count_documents","isError":false}`},
			{19, 13, "message.completed", `{"entryId":"e7","role":"toolResult","text":"42","toolName":"count_documents","timestamp":"2026-10-13T10:00:13Z"}`},
			{0, 0, "message.delta", `{"runId":"r1","messageId":"m2","delta":"There are "}`},
			{0, 0, "message.delta", `{"runId":"r1","messageId":"m2","delta":"42 cows."}`},
			{20, 14, "message.completed", `{"entryId":"e8","messageId":"m2","role":"assistant","text":"There are 42 cows.","usage":{"turns":1,"costUsd":0.001},"timestamp":"2026-10-13T10:00:14Z"}`},
			{0, 0, "message.delta", `{"runId":"r1","messageId":"m2","delta":"late"}`},
			{21, 14, "run.ended", `{"runId":"r1"}`},
			{22, 14, "run.settled", `{"runId":"r1","aborted":false,"usage":{"turns":2,"costUsd":0.002}}`},
			{23, 14, "command.completed", `{"commandId":"k1"}`},
			{24, 15, "mirror.written", `{"documentId":"sophia-conversation-s1","created":false}`},
		}},
		"takeover": {snap: true, steps: []stStep{
			{11, 20, "lease.revoked", `{"clientId":"c1","by":"c2","reason":"takeover"}`},
			{12, 20, "lease.claimed", `{"principal":"user:ada","clientId":"c2","expiresAt":"2026-10-13T10:05:20Z"}`},
		}},
		"budget_abort": {snap: true, steps: []stStep{
			{11, 30, "command.accepted", `{"commandId":"k2","op":"prompt","status":"accepted","disposition":"started"}`},
			{12, 30, "run.started", `{"runId":"r2"}`},
			{13, 31, "command.accepted", `{"commandId":"k3","op":"follow_up","status":"queued","disposition":"queued"}`},
			{14, 31, "queue.updated", `{"queue":[{"commandId":"k3","op":"follow_up"}]}`},
			{15, 31, "message.completed", `{"entryId":"e5","role":"user","text":"#overrun","timestamp":"2026-10-13T10:00:31Z"}`},
			{16, 32, "tool.started", `{"toolCallId":"t3","toolName":"search_documents"}`},
			{17, 33, "tool.result", `{"toolCallId":"t3","toolName":"search_documents","isError":true}`},
			{0, 0, "message.delta", `{"runId":"r2","messageId":"m3","delta":"Still sear"}`},
			{18, 34, "budget.exceeded", `{"reason":"maxTurns","turns":12,"costUsd":0.012}`},
			{19, 34, "run.settled", `{"runId":"r2","aborted":true,"reason":"budget","usage":{"turns":12,"costUsd":0.012}}`},
			{20, 34, "command.aborted", `{"commandId":"k2"}`},
			{21, 34, "command.cancelled", `{"commandId":"k3"}`},
			{22, 34, "queue.updated", `{"queue":[]}`},
		}},
		"chimes": {snap: true, steps: []stStep{
			{11, 40, "chime.received", `{"chimeId":"ch1","author":"Bo","text":"try the barn"}`},
			{12, 41, "chime.received", `{"chimeId":"ch2","author":"Cy","text":"ignore me"}`},
			{13, 42, "chime.received", `{"chimeId":"ch1","author":"Bo","text":"try the barn"}`},
			{14, 43, "chime.resolved", `{"chimeId":"ch1","accepted":true,"commandId":"k4","by":"c1"}`},
			{15, 43, "command.accepted", `{"commandId":"k4","op":"prompt","status":"accepted","disposition":"started"}`},
			{16, 43, "message.completed", `{"entryId":"e5","role":"user","text":"[Bo collaborator]\ntry the barn","timestamp":"2026-10-13T10:00:43Z"}`},
			{17, 44, "room.policy", `{"policy":"co-drive"}`},
			{18, 45, "chime.received", `{"chimeId":"ch3","author":"Bo","text":"and the field"}`},
		}},
		"rename_exit_delete": {snap: true, steps: []stStep{
			{11, 50, "session.renamed", `{"title":"Barn cows"}`},
			{12, 51, "run.started", `{"runId":"r3"}`},
			{13, 52, "body.exited", `{"code":1,"stderrTail":"panic: out of hay\n"}`},
			{14, 52, "run.settled", `{"runId":"r3","aborted":true,"stopReason":"body_exited","usage":{"turns":0,"costUsd":0}}`},
			{15, 52, "command.failed", `{"commandId":"k5","error":"the body exited"}`},
			{16, 53, "body.notice", `{"message":"extension loaded"}`},
			{17, 54, "mirror.failed", `{"documentId":"sophia-conversation-s1","message":"graph offline"}`},
			{18, 55, "session.renamed", `{"title":null}`},
			{19, 56, "session.deleted", `{"trashedAs":"trash/s1"}`},
		}},
		"robust": {steps: []stStep{
			{1, 1, "lease.claimed", `{"principal":"user:ada","clientId":"c1","expiresAt":"2026-10-13T10:05:00Z"}`},
			{2, 2, "no.such.type", `{"anything":[1,2,3]}`},
			{3, 3, "command.accepted", `"not an object"`},
			{4, 4, "run.started", `null`},
			{4, 5, "run.error", `{"runId":"r1","message":"duplicate seq"}`},
			{3, 6, "run.error", `{"runId":"r1","message":"out of order"}`},
			{5, 7, "tool.result", `{"toolCallId":7}`},
			{6, 8, "message.completed", `{"entryId":"e1","role":"user","text":"hi","timestamp":"yesterday"}`},
			{7, 9, "message.completed", `{"entryId":"e1","role":"user","text":"hi"}`},
			{8, 10, "queue.updated", ``},
			{9, 11, "session.renamed", `{"title":["x"]}`},
			{10, 12, "chime.resolved", `{"chimeId":"nope","accepted":true}`},
			{11, 13, "lease.released", `{"clientId":"someone-else"}`},
			{12, 400, "compaction.started", `{}`},
		}},
	}
}

// TestStateGolden folds each script and compares the state's dump with
// testdata/TestStateGolden/<case>.golden (-update rewrites them).
func TestStateGolden(t *testing.T) {
	for name, sc := range stScripts() {
		t.Run(name, func(t *testing.T) {
			var snap *wire.Snapshot
			if sc.snap {
				snap = stSnapshot()
			}
			s := wire.NewState(stMe(), snap)
			for _, st := range sc.steps {
				s.Apply(stEvent(t, st.seq, st.sec, st.typ, st.value))
			}
			got := stDump(s)
			goldenfile.Check(t, filepath.Join("testdata", "TestStateGolden", name+".golden"), got, *stUpdate)
		})
	}
}
