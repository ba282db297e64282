package tui

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// paragraphs is n numbered paragraphs of about 500 bytes, from the first.
func paragraphs(first, n int) string {
	var b strings.Builder
	for i := first; i < first+n; i++ {
		fmt.Fprintf(&b, "Paragraph %d. %s\n\n", i, strings.Repeat("The lease says who drives, renewed before it runs out. ", 8))
	}
	return b.String()
}

// streamInto streams text into message m-big of the open session, a delta
// of per paragraphs at a time, each followed by a flush tick.
func streamInto(m *Model, first, n, per int) string {
	var whole strings.Builder
	for i := first; i < first+n; i += per {
		d := paragraphs(i, min(per, first+n-i))
		whole.WriteString(d)
		v, _ := json.Marshal(client.DeltaValue{RunID: "r1", MessageID: "m-big", Delta: d})
		m.Update(session.EventMsg{Gen: m.tiles.Gen(), Ev: client.Event{Protocol: client.Protocol, Type: client.EvMessageDelta,
			SessionID: "s1", Value: v}})
		m.Update(session.FlushMsg{})
	}
	return whole.String()
}

// benchKeyWhileStreaming is a delta of 8 paragraphs (4 KB), its flush, a
// key and the frame, in a session at 120x40 into whose reply n paragraphs
// (about 500 bytes each) streamed already. It reports the heap in use
// after those n paragraphs.
func benchKeyWhileStreaming(b *testing.B, n int) {
	m := openBig(b, 20)
	streamInto(m, 1, n, 128)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heap := float64(ms.HeapInuse) / 1e6
	next := n + 1
	for i := 0; b.Loop(); i++ {
		streamInto(m, next, 8, 8)
		next += 8
		if i%2 == 0 {
			m.Update(press('x'))
		} else {
			m.Update(keyBackspace)
		}
		m.View()
	}
	b.ReportMetric(heap, "MB-heap") // after the loop: b.Loop's reset drops metrics reported before it
}

// BenchmarkKeyWhileHugeReplyStreams: 8 MB of the reply streamed.
func BenchmarkKeyWhileHugeReplyStreams(b *testing.B) { benchKeyWhileStreaming(b, 16000) }

// BenchmarkKeyWhileSmallReplyStreams: 16 KB of the reply streamed, the
// baseline.
func BenchmarkKeyWhileSmallReplyStreams(b *testing.B) { benchKeyWhileStreaming(b, 32) }

// BenchmarkKeyWhileEndlessReplyStreams: 64 MB of the reply streamed (the
// tree before client.StreamKeep took minutes to stream it).
func BenchmarkKeyWhileEndlessReplyStreams(b *testing.B) { benchKeyWhileStreaming(b, 128000) }
