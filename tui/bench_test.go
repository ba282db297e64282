package tui

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// bigSnapshot is a session of n messages: user turns and markdown replies
// with a tool call now and then.
func bigSnapshot(n int) *client.Snapshot {
	title := "A long conversation"
	items := make([]client.TranscriptItem, 0, n)
	for i := 0; i < n; i++ {
		it := client.TranscriptItem{EntryID: fmt.Sprintf("e%d", i+1), Timestamp: t0.Add(time.Duration(i) * time.Second)}
		if i%2 == 0 {
			it.Role, it.Text = "user", fmt.Sprintf("Question %d: how do leases and takeovers work together?", i/2)
		} else {
			it.Role = "assistant"
			it.Text = fmt.Sprintf("## Answer %d\n\nA lease gives **one driver** at a time; a takeover moves it "+
				"between terminals of the *same person*.\n\n- claim\n- renew by use\n- release\n", i/2)
			if i%10 == 1 {
				it.ToolCalls = []client.ToolCall{{ID: fmt.Sprintf("t%d", i), Name: "search_documents"}}
			}
		}
		items = append(items, it)
	}
	return &client.Snapshot{Session: client.Summary{SessionID: "s1", GraphID: "demo", Title: &title,
		Status: "idle", Budget: client.Budget{MaxTurns: 12, MaxCostUSD: 0.25},
		Lease: &client.Lease{Principal: "user:ada", ClientID: "cli-me", ExpiresAt: t0.Add(time.Hour)}},
		Cursor: int64(n), Transcript: items}
}

// openBig opens a session of n messages in a 120x40 model, its first frame
// drawn.
func openBig(tb testing.TB, n int) *Model {
	m := New(testConfig(tb))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	open(m, "s1")
	m.Update(session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: bigSnapshot(n)})
	m.View()
	return m
}

// frame scrolls one line up or down (alt+↑, alt+↓) and draws the screen:
// the key through Update, which lays out, then View, which draws.
func frame(m *Model, i int) {
	k := tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModAlt}
	if i%2 == 0 {
		k.Code = tea.KeyUp
	}
	m.Update(k)
	m.View()
}

func benchFrame(b *testing.B, n int) {
	m := openBig(b, n)
	frame(m, 0)
	i := 0
	for b.Loop() {
		frame(m, i)
		i++
	}
}

// BenchmarkFrame10k draws the screen of a 10,000-message session at 120x40.
func BenchmarkFrame10k(b *testing.B) { benchFrame(b, 10000) }

// BenchmarkFrame20 is the same screen with 20 messages: the baseline.
func BenchmarkFrame20(b *testing.B) { benchFrame(b, 20) }

// deltaFrame applies one message.delta and draws the frame with the streamed tail
// rendered again (the work of a flush).
func deltaFrame(m *Model, i int) {
	ev := client.Event{Protocol: client.Protocol, Type: client.EvMessageDelta, SessionID: "s1",
		Value: []byte(`{"runId":"r1","messageId":"m-stream","delta":"more words "}`)}
	if i%40 == 39 {
		ev.Value = []byte(`{"runId":"r1","messageId":"m-stream","delta":"end.\n\n"}`)
	}
	m.Update(session.EventMsg{Gen: m.tiles.Gen(), Ev: ev})
	m.Update(session.FlushMsg{})
	m.View()
}

// BenchmarkDelta applies one message.delta to a 10,000-message session and
// draws the frame, the streaming tail rendered.
func BenchmarkDelta(b *testing.B) {
	m := openBig(b, 10000)
	deltaFrame(m, 0)
	i := 1
	for b.Loop() {
		deltaFrame(m, i)
		i++
	}
}

// BenchmarkDeltaBetweenFlushes applies one message.delta and draws the
// frame between two flush ticks: the tail is not rendered again.
func BenchmarkDeltaBetweenFlushes(b *testing.B) {
	m := openBig(b, 10000)
	deltaFrame(m, 0)
	ev := client.Event{Protocol: client.Protocol, Type: client.EvMessageDelta, SessionID: "s1",
		Value: []byte(`{"runId":"r1","messageId":"m-stream","delta":"more words "}`)}
	for b.Loop() {
		m.Update(session.EventMsg{Gen: m.tiles.Gen(), Ev: ev})
		m.View()
	}
}

// BenchmarkFirstFrame10k opens a 10,000-message session from its snapshot
// and draws the first frame: the state built, the visible entries rendered.
func BenchmarkFirstFrame10k(b *testing.B) {
	snap := bigSnapshot(10000)
	cfg := testConfig(b)
	for b.Loop() {
		firstFrame(cfg, snap)
	}
}

func firstFrame(cfg Config, snap *client.Snapshot) {
	m := New(cfg)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	open(m, "s1")
	m.Update(session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snap})
	m.View()
}

// BenchmarkMemory10k reports the heap a 10,000-message session holds, its
// screen drawn.
func BenchmarkMemory10k(b *testing.B) {
	var keep *Model
	for b.Loop() {
		keep = memory(b)
	}
	_ = keep
}

func memory(b *testing.B) *Model {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := openBig(b, 10000)
	for i := 0; i < 50; i++ {
		frame(m, 2*i)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MiB")
	if !strings.Contains(m.View().Content, "Answer") {
		b.Fatal("the screen shows no answer")
	}
	return m
}
