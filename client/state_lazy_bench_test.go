package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// benchExchanges is a snapshot frame of n exchanges as the host writes it: a
// user turn and a markdown reply of about 900 bytes (headings, a list, quotes,
// newlines: escapes on the wire); every tenth reply calls a tool, whose result
// follows it.
func benchExchanges(tb testing.TB, n int) []byte {
	snap := stSnapshot()
	snap.Transcript = make([]client.TranscriptItem, 0, 2*n+n/5)
	para := strings.Repeat("The herd moved to the \"north field\" after the rain; ", 5)
	for i := range n {
		ts := stTS(i)
		reply := fmt.Sprintf("## Answer %d\n\n%s\n\n- first: %s\n- second: %s\n\n%s", i, para, para[:80], para[:120], para)
		snap.Transcript = append(snap.Transcript,
			client.TranscriptItem{EntryID: fmt.Sprintf("%08xu", i), Role: "user", Text: fmt.Sprintf("question %d: where are the cows today?", i), Timestamp: ts})
		if i%10 == 0 {
			call := fmt.Sprintf("call_%08x", i)
			snap.Transcript = append(snap.Transcript,
				client.TranscriptItem{EntryID: fmt.Sprintf("%08xa", i), Role: "assistant", Text: "Let me look.",
					ToolCalls: []client.ToolCall{{ID: call, Name: "search_documents"}}, Timestamp: ts},
				client.TranscriptItem{EntryID: fmt.Sprintf("%08xr", i), Role: "toolResult", ToolName: "search_documents",
					Text: "3 documents: " + para[:100], Timestamp: ts})
		}
		snap.Transcript = append(snap.Transcript,
			client.TranscriptItem{EntryID: fmt.Sprintf("%08xb", i), Role: "assistant", Text: reply, Timestamp: ts})
	}
	raw, err := json.Marshal(client.Frame{Protocol: client.Protocol, Type: client.TypeSessionSnapshot, Value: benchJSON(tb, snap)})
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// lastTexts reads the text of the last n entries, as a first frame draws them.
func lastTexts(s *client.State, n int) int {
	total := 0
	for i := max(len(s.Entries)-n, 0); i < len(s.Entries); i++ {
		total += len(s.EntryText(i))
	}
	return total
}

// serveBytes answers every request with raw, as the host answers inspect.
func serveBytes(tb testing.TB, raw []byte) (*client.Client, string) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(raw)))
		_, _ = w.Write(raw)
	}))
	tb.Cleanup(srv.Close)
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(adaToken))
	if err != nil {
		tb.Fatal(err)
	}
	return c, srv.URL + client.DefaultMount + "/g/demo/sessions/s1"
}

// openRead reads the answer's bytes alone, into one buffer of its length:
// the floor.
func openRead(tb testing.TB, url string) {
	resp, err := http.Get(url)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := io.ReadFull(resp.Body, make([]byte, resp.ContentLength)); err != nil {
		tb.Fatal(err)
	}
}

// openEager is the eager path: Inspect, NewState, the last 40 texts.
func openEager(tb testing.TB, c *client.Client) *client.State {
	snap, err := c.Inspect(context.Background(), "s1")
	if err != nil {
		tb.Fatal(err)
	}
	s := client.NewState(stMe(), snap)
	lastTexts(s, 40)
	return s
}

// openLazy is the lazy path: InspectLazy, NewStateLazy, the last 40 texts.
func openLazy(tb testing.TB, c *client.Client) *client.State {
	snap, err := c.InspectLazy(context.Background(), "s1")
	if err != nil {
		tb.Fatal(err)
	}
	s := client.NewStateLazy(stMe(), snap)
	lastTexts(s, 40)
	return s
}

// timed is how long fn takes.
func timed(fn func()) time.Duration {
	t0 := time.Now()
	fn()
	return time.Since(t0)
}

// BenchmarkOpenSnapshot opens a session of N exchanges over loopback HTTP and
// reads its last 40 entries' texts, three ways in each iteration: the bytes
// alone (read), Inspect and NewState (eager), InspectLazy and NewStateLazy
// (lazy). It reports each one's milliseconds and the ratios lazy/read and
// eager/lazy.
func BenchmarkOpenSnapshot(b *testing.B) {
	for _, n := range []int{1000, 10000, 50000} {
		b.Run(fmt.Sprintf("exchanges=%d", n), func(b *testing.B) {
			raw := benchExchanges(b, n)
			c, url := serveBytes(b, raw)
			var read, eager, lazy time.Duration
			for b.Loop() {
				read += timed(func() { openRead(b, url) })
				eager += timed(func() { openEager(b, c) })
				lazy += timed(func() { openLazy(b, c) })
			}
			k := float64(b.N)
			b.ReportMetric(float64(len(raw))/(1<<20), "snapshot-MiB")
			b.ReportMetric(read.Seconds()*1000/k, "read-ms")
			b.ReportMetric(eager.Seconds()*1000/k, "eager-ms")
			b.ReportMetric(lazy.Seconds()*1000/k, "lazy-ms")
			b.ReportMetric(lazy.Seconds()/read.Seconds(), "lazy/read")
			b.ReportMetric(eager.Seconds()/lazy.Seconds(), "eager/lazy")
		})
	}
}

// BenchmarkOpenUnmarshal is the plain baseline: json.Unmarshal of the same
// frame into the eager types, in memory, per exchange.
func BenchmarkOpenUnmarshal(b *testing.B) {
	const n = 10000
	raw := benchExchanges(b, n)
	for b.Loop() {
		benchUnmarshal(b, raw)
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/n, "ns/exchange")
}

// benchUnmarshal decodes a frame and its snapshot with encoding/json.
func benchUnmarshal(tb testing.TB, raw []byte) *client.Snapshot {
	var f client.Frame
	var snap client.Snapshot
	if err := json.Unmarshal(raw, &f); err != nil {
		tb.Fatal(err)
	}
	if err := f.Decode(&snap); err != nil {
		tb.Fatal(err)
	}
	return &snap
}

// BenchmarkOpenMemory reports the heap a state of 10,000 exchanges holds after
// its first 40 entries are drawn, eager and lazy, per exchange and against
// the snapshot's size (the bytes the lazy state keeps).
func BenchmarkOpenMemory(b *testing.B) {
	const n = 10000
	raw := benchExchanges(b, n)
	c, _ := serveBytes(b, raw)
	var eager, lazy uint64
	for b.Loop() {
		eager = heldBy(func() any { return openEager(b, c) })
		lazy = heldBy(func() any { return openLazy(b, c) })
	}
	b.ReportMetric(float64(len(raw))/n, "snapshot-B/exchange")
	b.ReportMetric(float64(eager)/n, "eager-B/exchange")
	b.ReportMetric(float64(lazy)/n, "lazy-B/exchange")
	b.ReportMetric(float64(lazy)/float64(len(raw)), "lazy/snapshot")
	b.ReportMetric(float64(eager)/float64(lazy), "eager/lazy")
}

// heldBy is the heap what open returns holds, after a GC.
func heldBy(open func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := open()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	if after.HeapAlloc < before.HeapAlloc {
		return 0
	}
	return after.HeapAlloc - before.HeapAlloc
}

// BenchmarkFoldToTop opens 50,000 exchanges lazily, then folds every earlier
// item as a scroll to the top would, 2,048 items at a time, and reports the
// folds, the longest one and the whole.
func BenchmarkFoldToTop(b *testing.B) {
	raw := benchExchanges(b, 50000)
	c, _ := serveBytes(b, raw)
	var folds int
	var longest, total time.Duration
	for b.Loop() {
		s := openLazy(b, c)
		folds, longest, total = foldToTop(s)
	}
	b.ReportMetric(float64(folds), "folds")
	b.ReportMetric(longest.Seconds()*1000, "longest-fold-ms")
	b.ReportMetric(total.Seconds()*1000, "all-folds-ms")
}

// foldToTop folds every earlier item of s, 2,048 at a time.
func foldToTop(s *client.State) (folds int, longest, total time.Duration) {
	for s.Earlier() > 0 {
		d := timed(func() { s.FoldEarlier(2048) })
		folds++
		longest, total = max(longest, d), total+d
	}
	return folds, longest, total
}
