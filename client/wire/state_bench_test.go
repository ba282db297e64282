package wire_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/client/wire/wiretest"
)

// benchEvent makes an event with a marshalled value; seq 0 makes a delta.
func benchEvent(seq int64, typ string, value any) wire.Event {
	raw, err := json.Marshal(value)
	if err != nil {
		panic(err)
	}
	ev := wire.Event{Protocol: wire.Protocol, Type: typ, Seq: seq, SessionID: "s1", Value: raw}
	if seq > 0 {
		ev.At = stTS(int(seq)).Format(time.RFC3339)
	}
	return ev
}

// benchTurn is the events of one realistic turn from seq on: a prompt, a
// streamed reply with a tool call, a second streamed reply, the settle.
func benchTurn(turn int, seq int64) []wire.Event {
	var evs []wire.Event
	add := func(typ string, v any) {
		seq++
		evs = append(evs, benchEvent(seq, typ, v))
	}
	deltas := func(mid string, n int) string {
		var b strings.Builder
		for i := range n {
			d := fmt.Sprintf("word%d ", i)
			b.WriteString(d)
			evs = append(evs, benchEvent(0, wire.EvMessageDelta, wire.DeltaValue{RunID: "r", MessageID: mid, Delta: d}))
		}
		return b.String()
	}
	k, r, t := fmt.Sprintf("k%d", turn), fmt.Sprintf("r%d", turn), fmt.Sprintf("t%d", turn)
	m1, m2 := fmt.Sprintf("m%da", turn), fmt.Sprintf("m%db", turn)
	use := &wire.Usage{Turns: 1, CostUSD: 0.001}
	add(wire.EvCommandAccepted, wire.CommandValue{CommandID: k, Op: "prompt", Status: "accepted", Disposition: "started"})
	add(wire.EvRunStarted, wire.RunValue{RunID: r, Tools: []string{"search_documents"}})
	add(wire.EvCommandDelivered, wire.CommandValue{CommandID: k})
	add(wire.EvMessageCompleted, wire.MessageValue{EntryID: k + "u", Role: "user", Text: "tell me about the cows in the north field", Timestamp: stTS(turn)})
	text := deltas(m1, 20)
	add(wire.EvMessageCompleted, wire.MessageValue{EntryID: k + "a", MessageID: m1, Role: "assistant", Text: text,
		ToolCalls: []wire.ToolCall{{ID: t, Name: "search_documents"}}, Usage: use, Timestamp: stTS(turn)})
	add(wire.EvToolStarted, wire.ToolValue{ToolCallID: t, ToolName: "search_documents"})
	add(wire.EvToolResult, wire.ToolValue{ToolCallID: t, ToolName: "search_documents"})
	text = deltas(m2, 30)
	add(wire.EvMessageCompleted, wire.MessageValue{EntryID: k + "b", MessageID: m2, Role: "assistant", Text: text, Usage: use, Timestamp: stTS(turn)})
	add(wire.EvRunEnded, wire.RunValue{RunID: r})
	add(wire.EvRunSettled, wire.RunSettledValue{RunID: r, Usage: wire.Usage{Turns: 2, CostUSD: 0.002}})
	add(wire.EvCommandCompleted, wire.CommandValue{CommandID: k})
	add(wire.EvLeaseRenewed, wire.Lease{Principal: "user:ada", ClientID: "c1", ExpiresAt: stTS(turn + 300)})
	add(wire.EvMirrorWritten, wire.MirrorValue{DocumentID: "sophia-conversation-s1"})
	return evs
}

// benchApplyAll folds events into s, starting over from snap when they run out.
func benchApplyAll(b *testing.B, evs []wire.Event, snap *wire.Snapshot) {
	s := wire.NewState(stMe(), snap)
	for i := 0; i < b.N; i++ {
		k := i % len(evs)
		if k == 0 && i > 0 {
			s = wire.NewState(stMe(), snap)
		}
		s.Apply(evs[k])
	}
}

// BenchmarkApply folds a realistic mix of events (two thirds deltas) and
// reports events per second.
func BenchmarkApply(b *testing.B) {
	var evs []wire.Event
	seq := int64(10)
	for turn := range 200 {
		turnEvs := benchTurn(turn, seq)
		evs = append(evs, turnEvs...)
		seq = turnEvs[len(turnEvs)-1].Seq
	}
	snap := stSnapshot()
	b.ReportAllocs()
	b.ResetTimer()
	benchApplyAll(b, evs, snap)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// benchTranscript is a 10,000-message transcript: user turns, replies with a
// tool call, tool results and final replies, each text its own string. It
// returns the transcript and the bytes of text it holds.
func benchTranscript(n int) ([]wire.TranscriptItem, int) {
	items := make([]wire.TranscriptItem, 0, n)
	textBytes := 0
	para := strings.Repeat("The herd moved to the north field after the rain. ", 6)
	for i := 0; len(items) < n; i++ {
		ts := stTS(i)
		group := []wire.TranscriptItem{
			{EntryID: fmt.Sprintf("%08xu", i), Role: "user", Text: fmt.Sprintf("question %d: where are the cows today?", i), Timestamp: ts},
			{EntryID: fmt.Sprintf("%08xa", i), Role: "assistant", Text: fmt.Sprintf("Let me look (%d).", i),
				ToolCalls: []wire.ToolCall{{ID: fmt.Sprintf("call_%08x", i), Name: "search_documents"}}, Timestamp: ts},
			{EntryID: fmt.Sprintf("%08xr", i), Role: "toolResult", ToolName: "search_documents", Text: fmt.Sprintf("%d documents: %s", i, para[:120]), Timestamp: ts},
			{EntryID: fmt.Sprintf("%08xb", i), Role: "assistant", Text: fmt.Sprintf("Answer %d. %s", i, para), Timestamp: ts},
		}
		for _, it := range group {
			if len(items) < n {
				items = append(items, it)
				textBytes += len(it.Text)
			}
		}
	}
	return items, textBytes
}

// BenchmarkStateMemory10k reports the heap a 10,000-message state holds,
// built from a snapshot as a watch would decode it: bytes in all, the text
// alone, and what each message costs beyond its text.
func BenchmarkStateMemory10k(b *testing.B) {
	const messages = 10000
	items, textBytes := benchTranscript(messages)
	snap := stSnapshot()
	snap.Transcript = items
	raw, err := json.Marshal(wire.Frame{Protocol: wire.Protocol, Type: wire.TypeSessionSnapshot, Value: benchJSON(b, snap)})
	if err != nil {
		b.Fatal(err)
	}
	var held uint64
	for i := 0; i < b.N; i++ {
		held = benchHeld(b, raw)
	}
	b.ReportMetric(float64(held), "bytes")
	b.ReportMetric(float64(textBytes), "text-bytes")
	b.ReportMetric((float64(held)-float64(textBytes))/messages, "overhead-bytes/message")
}

// benchHeld decodes a snapshot frame, folds it into a state, drops everything
// else and returns the heap the state alone holds.
func benchHeld(b *testing.B, raw []byte) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var f wire.Frame
	var snap wire.Snapshot
	if err := json.Unmarshal(raw, &f); err != nil {
		b.Fatal(err)
	}
	if err := f.Decode(&snap); err != nil {
		b.Fatal(err)
	}
	s := wire.NewState(stMe(), &snap)
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	if after.HeapAlloc < before.HeapAlloc {
		return 0
	}
	return after.HeapAlloc - before.HeapAlloc
}

// benchJSON marshals v.
var benchJSON = wiretest.JSON
