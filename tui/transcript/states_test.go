package transcript

import (
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	goldenfile "github.com/sophia-labs/vehicle/internal/golden"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The transcript in the states the root's flows end in (tui's
// TestTranscript, TestScrolling, TestSelection), drawn here from a session's
// state folded as the open session folds it: each event folded tells the
// transcript its entries changed, a flush tick renders the streaming text.
// The root's tests read the same goldens at the end of their flows (tui's
// drawnAs).

// folded is a transcript reading a session's state as its Source.
type folded struct {
	st *wire.State
	tr *Transcript
}

func (f *folded) Entries() []wire.Entry  { return f.st.Entries }
func (f *folded) Decode(int)             {}
func (f *folded) EntryText(i int) string { return f.st.Entries[i].Text }
func (f *folded) FoldEarlier(int) int    { return 0 }
func (f *folded) Hidden() int            { return 0 }

// open is the transcript of snap at w x h, as Ada's terminal cli-me opens it.
func open(snap *wire.Snapshot, w, h int) *folded {
	ctx := uitest.Context()
	ctx.ClientID = "cli-me"
	f := &folded{st: wire.NewState(wire.Me{Principal: "user:ada", ClientID: "cli-me"}, snap), tr: New(ctx)}
	f.tr.Open(f)
	f.tr.SetSize(w, h)
	f.tr.EntriesChanged()
	return f
}

// step is one thing that happens to the transcript in a flow.
type step func(f *folded)

// fold folds an event of s1 numbered seq into the state (0: a delta, which
// has none).
func fold(seq int64, typ, v string) step {
	return func(f *folded) {
		f.st.Apply(wire.Event{Protocol: wire.Protocol, Type: typ, Seq: seq, SessionID: "s1",
			At: uitest.Now.Add(time.Duration(seq) * time.Second).Format(time.RFC3339), Value: json.RawMessage(v)})
		f.tr.EntriesChanged()
	}
}

// delta is a message.delta of run r1's message id.
func delta(id, text string) step {
	v, _ := json.Marshal(map[string]string{"runId": "r1", "messageId": id, "delta": text})
	return fold(0, wire.EvMessageDelta, string(v))
}

// flush is the flush tick: the streaming text rendered.
func flush(f *folded) { f.tr.FlushStreams() }

// keys hands the transcript key presses, as the entries pane has them.
func keys(ks ...tea.KeyPressMsg) step {
	return func(f *folded) {
		for _, k := range ks {
			f.tr.Update(k)
		}
	}
}

// check compares the transcript's window, without styling, with
// testdata/<Test>/<case>.golden.
func check(t *testing.T, f *folded) {
	t.Helper()
	lines := strings.Split(xansi.Strip(f.tr.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	goldenfile.Check(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), strings.Join(lines, "\n")+"\n", *update)
}

// TestTranscriptDrawn is tui's TestTranscript: turns, markdown, streaming,
// chips and notices, at the 80x20 the layout gives an idle session's
// transcript at 80x24 (80x19 while a run's line shows).
func TestTranscriptDrawn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		h     int
		steps []step
	}{
		{"conversation", 20, nil},
		{"user turn", 20, []step{fold(5, wire.EvMessageCompleted,
			`{"entryId":"e4","role":"user","text":"And a takeover?","timestamp":"2026-10-14T09:40:00Z"}`)}},
		{"streaming before flush", 20, []step{delta("m9", "## Take"), delta("m9", "overs\n\nA takeover")}},
		{"streaming after flush", 20, []step{delta("m9", "## Take"), delta("m9", "overs\n\nA takeover"), flush}},
		{"streaming more after flush", 20, []step{delta("m9", "## Takeovers\n\nA takeover"), flush, delta("m9", " moves the lease."), flush}},
		{"resized while streaming", 20, []step{delta("m9", "## Takeovers\n\nA takeover moves the lease to another terminal"), flush,
			func(f *folded) { f.tr.SetSize(50, 20); f.tr.FlushStreams() }}},
		{"completed replaces streaming", 20, []step{delta("m9", "## Takeovers\n\nA takeover"), flush,
			fold(5, wire.EvMessageCompleted, `{"entryId":"e9","messageId":"m9","role":"assistant",`+
				`"text":"## Takeovers\n\nA takeover moves the **lease**.","timestamp":"2026-10-14T09:41:00Z"}`)}},
		{"tool chips", 20, []step{
			fold(5, wire.EvToolStarted, `{"toolCallId":"a","toolName":"read_document"}`),
			fold(6, wire.EvToolStarted, `{"toolCallId":"b","toolName":"search_documents"}`),
			fold(7, wire.EvToolStarted, `{"toolCallId":"c","toolName":"write_document"}`),
			fold(8, wire.EvToolResult, `{"toolCallId":"b","toolName":"search_documents"}`),
			fold(9, wire.EvToolResult, `{"toolCallId":"c","toolName":"write_document","isError":true}`)}},
		{"notices", 20, []step{
			fold(5, wire.EvRunStarted, `{"runId":"r1"}`),
			fold(6, wire.EvBudgetExceeded, `{"reason":"max_turns","turns":12,"costUsd":0.012}`),
			fold(7, wire.EvRunSettled, `{"runId":"r1","aborted":true,"reason":"budget","usage":{"turns":12,"costUsd":0.012}}`),
			fold(8, wire.EvBodyExited, `{"code":1,"stderrTail":"panic: boom\nmore"}`),
			fold(9, wire.EvRunSettled, `{"runId":"r2","aborted":true,"reason":"aborted"}`)}},
		{"collaborator turn", 20, []step{fold(5, wire.EvMessageCompleted,
			`{"entryId":"e4","role":"user","text":"[Bo collaborator]\nTry the other door.","timestamp":"2026-10-14T09:42:00Z"}`)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := open(uitest.Snapshot(uitest.Lease("user:ada", "cli-me")), 80, c.h)
			for _, s := range c.steps {
				s(f)
			}
			check(t, f)
		})
	}
}

// long is session s1 with n numbered turns, a minute apart.
func long(n int) *wire.Snapshot {
	s := uitest.Snapshot(uitest.Lease("user:ada", "cli-me"))
	s.Transcript = nil
	for i := 1; i <= n; i++ {
		s.Transcript = append(s.Transcript, wire.TranscriptItem{EntryID: fmt.Sprintf("e%d", i), Role: "user",
			Text: fmt.Sprintf("turn %d", i), Timestamp: uitest.Now.Add(time.Duration(i) * time.Minute)})
	}
	s.Cursor = int64(n)
	return s
}

// TestScrollingDrawn is tui's TestScrolling: 40 turns at the 60x12 the
// layout gives the transcript at 60x16, pinned to the bottom while it
// follows, new messages marked while scrolled up.
func TestScrollingDrawn(t *testing.T) {
	t.Parallel()
	next := func(seq int64) step {
		return fold(seq, wire.EvMessageCompleted, fmt.Sprintf(
			`{"entryId":"n%d","role":"user","text":"new turn %d","timestamp":"2026-10-14T11:00:00Z"}`, seq, seq))
	}
	page := func(d int) step { return func(f *folded) { f.tr.Page(d) } }
	wheel := func(d int) step { return func(f *folded) { f.tr.Scroll(d * WheelLines) } }
	bottom := func(f *folded) { f.tr.ToBottom() }
	top := make([]step, 30)
	for i := range top {
		top[i] = page(-1)
	}
	cases := map[string][]step{
		"pinned to the bottom":           nil,
		"following takes new turns":      {next(41)},
		"page up":                        {page(-1)},
		"page up twice then down":        {page(-1), page(-1), page(1)},
		"scrolled up with new messages":  {page(-1), next(41), next(42)},
		"back to the bottom":             {page(-1), next(41), bottom},
		"paging down to the end follows": {page(-1), next(41), page(1), page(1), next(42)},
		"mouse wheel":                    {wheel(-1), wheel(-1), wheel(1)},
		"top of the transcript":          top,
	}
	for name, steps := range cases {
		t.Run(name, func(t *testing.T) {
			f := open(long(40), 60, 12)
			for _, s := range steps {
				s(f)
			}
			check(t, f)
		})
	}
}

// TestSelectionDrawn is tui's TestSelection: an entry selected in the
// entries pane (its bar), the pane left after a copy, and a fork's new,
// empty session.
func TestSelectionDrawn(t *testing.T) {
	t.Parallel()
	enter := func(f *folded) {
		f.tr.SetMarked(true)
		f.tr.EnterEntries()
	}
	leave := func(f *folded) { f.tr.SetMarked(false) }
	up := keys(uitest.Key(tea.KeyUp), uitest.Key(tea.KeyUp))
	cases := map[string][]step{
		"entry selected": {enter, up},
		"copied":         {enter, up, keys(uitest.Key(tea.KeyUp), uitest.Press('y'), uitest.Key(tea.KeyEnter)), leave},
		"mouse off":      nil,
	}
	for name, steps := range cases {
		t.Run(name, func(t *testing.T) {
			f := open(uitest.Snapshot(uitest.Lease("user:ada", "cli-me")), 80, 20)
			for _, s := range steps {
				s(f)
			}
			check(t, f)
		})
	}
	t.Run("fork with selectedText", func(t *testing.T) {
		forked := uitest.Summary("s2", "", uitest.Now, uitest.Lease("user:ada", "cli-me"))
		check(t, open(&wire.Snapshot{Session: forked}, 80, 20))
	})
}
