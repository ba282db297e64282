package tui

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// openBigLazy is openBig opened as the host path opens it: data, the
// snapshot, is served as an inspect answer and read by client.InspectLazy,
// its transcript kept as the answer's bytes in compressed blocks.
func openBigLazy(tb testing.TB, data []byte) *Model {
	frame, err := json.Marshal(client.Frame{Protocol: client.Protocol, Type: client.TypeSessionSnapshot, Value: data})
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(frame)))
		_, _ = w.Write(frame)
	}))
	defer srv.Close()
	c, err := client.New(srv.URL, client.WithGraph("demo"))
	if err != nil {
		tb.Fatal(err)
	}
	ls, err := c.InspectLazy(context.Background(), "s1")
	if err != nil {
		tb.Fatal(err)
	}
	m := New(testConfig(tb))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	open(m, "s1")
	m.Update(session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: &ls.Snapshot, Lazy: ls})
	m.View()
	m.tiles.Focused().Hidden() // the count of the entries not folded, which the open runs off the loop
	return m
}

// pageToTop pages up (pgup, then the frame drawn) until the first line of
// the first entry shows; it returns the pages, the longest one and which it
// was.
func pageToTop(b *testing.B, m *Model) (pages int, longest time.Duration, at int) {
	for {
		first, line := m.transcript.Window()
		if !m.transcript.Following() && first == 0 && line == 0 && m.tiles.Focused().State().Earlier() == 0 {
			return pages, longest, at
		}
		start := time.Now()
		m.Update(keyPgUp)
		m.View()
		if d := time.Since(start); d > longest {
			longest, at = d, pages
		}
		if pages++; pages > 1e6 {
			b.Fatal("paging up never reached the top")
		}
	}
}

// BenchmarkPageToTop pages up through a 10,000-message session at 120x40,
// from its end to its first line, opened eagerly and lazily: the time per
// page, the longest page, and the pages.
func BenchmarkPageToTop(b *testing.B) {
	open := openWays(b, 10000)
	for _, way := range ways {
		b.Run(way, func(b *testing.B) {
			var pages, at int
			var longest, total time.Duration
			for b.Loop() {
				b.StopTimer()
				m := open[way]()
				b.StartTimer()
				start := time.Now()
				p, l, a := pageToTop(b, m)
				total += time.Since(start)
				if pages = p; l > longest {
					longest, at = l, a
				}
			}
			b.ReportMetric(float64(pages), "pages")
			b.ReportMetric(float64(total.Microseconds())/float64(b.N*pages), "µs/page")
			b.ReportMetric(float64(longest.Microseconds())/1000, "longest-ms")
			b.ReportMetric(float64(at), "longest-page")
		})
	}
}

// BenchmarkSearchFirst opens the search on a 10,000-message session at
// 120x40 and types a word, eagerly and lazily opened: the first search
// indexes every message, and opened lazily it first folds every item.
func BenchmarkSearchFirst(b *testing.B) {
	open := openWays(b, 10000)
	for _, way := range ways {
		b.Run(way, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				m := open[way]()
				b.StartTimer()
				m.Update(tea.KeyPressMsg{Code: 'f', Mod: tea.ModCtrl})
				m.View()
				for _, r := range "Question 4999:" {
					m.Update(press(r)) // each key drawn, as the program asks for the view after every message
					m.View()
				}
				if m.transcript.Search().Status() != "1 of 1" {
					b.Fatalf("search: %q", m.transcript.Search().Status())
				}
			}
		})
	}
}

// BenchmarkFoldStep is what one step of the fold after the first frame
// holds the keys for: foldStep items of a 10,000-message session folded,
// the kept indexes moved and the frame drawn.
func BenchmarkFoldStep(b *testing.B) {
	data, err := json.Marshal(bigSnapshot(10000))
	if err != nil {
		b.Fatal(err)
	}
	steps := 0
	for b.Loop() {
		b.StopTimer()
		m := openBigLazy(b, data)
		b.StartTimer()
		for m.tiles.Focused().State().Earlier() > 0 {
			m.Update(session.FoldStepMsg{Gen: m.tiles.Focused().Gen()})
			m.View()
			steps++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
}

// ways are the ways openWays opens a session, in the order benchmarks run
// them.
var ways = []string{"eager", "lazy", "lazy, folded after the first frame"}

// openWays makes each of ways' openings of an n-message session at 120x40:
// eager (Inspect, NewState), lazy (InspectLazy, NewStateLazy), and lazy
// with every item folded as the steps after the first frame fold them.
func openWays(b *testing.B, n int) map[string]func() *Model {
	data, err := json.Marshal(bigSnapshot(n))
	if err != nil {
		b.Fatal(err)
	}
	return map[string]func() *Model{
		"eager": func() *Model { return openBig(b, n) },
		"lazy":  func() *Model { return openBigLazy(b, data) },
		"lazy, folded after the first frame": func() *Model {
			m := openBigLazy(b, data)
			for m.tiles.Focused().State().Earlier() > 0 {
				m.onData(session.FoldStepMsg{Gen: m.tiles.Focused().Gen()})
			}
			return m
		},
	}
}
