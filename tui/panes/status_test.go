package panes

import (
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestStatus words every connection state.
func TestStatus(t *testing.T) {
	st := theme.New(theme.Options{NoColor: true})
	conn := func(states ...wire.ConnState) string {
		var c Conn
		for _, s := range states {
			c.Update(s)
		}
		return xansi.Strip(c.Text(st))
	}
	streaming := wire.ConnState{Mode: wire.ConnStreaming}
	cases := []struct{ got, want string }{
		{conn(wire.ConnState{Mode: wire.ConnConnecting}), "connecting…"},
		{conn(streaming), "● live"},
		{conn(streaming, wire.ConnState{Mode: wire.ConnReconnecting, Attempt: 3}), "reconnecting 3"},
		{conn(streaming, wire.ConnState{Mode: wire.ConnReconnecting, Attempt: 1},
			wire.ConnState{Mode: wire.ConnStreaming, Replayed: 12}), "● live · resumed, 12 events replayed"},
		// the client says how many events the replay brought in a state of its own
		{conn(streaming, wire.ConnState{Mode: wire.ConnReconnecting, Attempt: 1}, streaming,
			wire.ConnState{Mode: wire.ConnStreaming, Replayed: 5}), "● live · resumed, 5 events replayed"},
		{conn(streaming, wire.ConnState{Mode: wire.ConnPolling}), "polling"},
		{conn(wire.ConnState{Mode: wire.ConnReconnecting, Attempt: 4}, wire.ConnState{Mode: wire.ConnPolling, Replayed: 2}),
			"polling · resumed, 2 events replayed"},
		{conn(streaming, wire.ConnState{Mode: wire.ConnClosed}), "stream closed"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("connection shown as %q, want %q", c.got, c.want)
		}
	}
	// once said long enough, the resume gives way to the link as it is now
	// (issue 36, item 4: "polling (resumed, 0 events replayed)" for good)
	var c Conn
	for _, s := range []wire.ConnState{streaming, {Mode: wire.ConnReconnecting}, {Mode: wire.ConnPolling}} {
		c.Update(s)
	}
	first := c.Resumes()
	if !c.Update(wire.ConnState{Mode: wire.ConnPolling, Replayed: 3}) {
		t.Error("the replay's count was not said")
	}
	c.Settle(first)
	if got := xansi.Strip(c.Text(st)); got != "polling · resumed, 3 events replayed" {
		t.Errorf("an earlier resume's settle ended the later one's words: %q", got)
	}
	c.Settle(c.Resumes())
	if got := xansi.Strip(c.Text(st)); got != "polling" {
		t.Errorf("after the resume was said: %q, want polling", got)
	}
	c.Update(streaming)
	if got := xansi.Strip(c.Text(st)); got != "● live" {
		t.Errorf("streaming again after polling: %q, want ● live", got)
	}
}

// TestRunTime words a run's duration.
func TestRunTime(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", 14*time.Second + 900*time.Millisecond: "14s", 2*time.Minute + 14*time.Second: "2m14s",
		time.Hour + 2*time.Minute + 5*time.Second: "1h02m",
	} {
		if got := runTime(d); got != want {
			t.Errorf("runTime(%v) = %q, want %q", d, got, want)
		}
	}
}

// statusOf draws the status line of v at width, without styling.
func statusOf(v StatusView, width int) string {
	p := NewStatus(uitest.Context())
	p.Set(v)
	p.SetSize(width, 1)
	return xansi.Strip(p.View())
}

// TestStatusLine says the connection, the run and its queue, the last
// error first (with the errors key at the right) or else the note or the
// focused pane's keys, and the budget when asked; the help key at the
// right when it fits.
func TestStatusLine(t *testing.T) {
	live := Conn{State: wire.ConnState{Mode: wire.ConnStreaming}}
	idle := &wire.State{Session: wire.Summary{Budget: wire.Budget{MaxTurns: 12, MaxCostUSD: 0.25}},
		Usage: wire.Usage{Turns: 2, CostUSD: 0.003}}
	busy := &wire.State{Run: wire.RunRunning, Queue: []wire.QueueItem{{CommandID: "c1"}, {CommandID: "c2"}}}
	cases := []struct {
		name       string
		v          StatusView
		want, tail string
	}{
		{"opening", StatusView{}, "connecting…", "f1 help"},
		{"idle with the budget", StatusView{Conn: live, State: idle, Budget: true},
			"● live · idle · run 2/12 turns · $0.0030/$0.25", "f1 help"},
		{"idle without it", StatusView{Conn: live, State: idle}, "● live · idle", "f1 help"},
		{"a budget of nothing", StatusView{Conn: live, State: &wire.State{}, Budget: true}, "● live · idle · run 0 turns · $0.0000", "f1 help"},
		{"running, a queue", StatusView{Conn: live, State: busy, Note: "sending…"}, "● live · running · 2 queued · sending…", "f1 help"},
		{"an error first", StatusView{Conn: live, State: idle, Err: "internal: boom", Note: "sent"}, "✗ internal: boom · ● live · idle", "f3 errors"},
		{"a pane's keys", StatusView{Conn: live, Hint: "queue: ↑↓ select"}, "● live · queue: ↑↓ select", "f1 help"},
		{"a note over a pane's keys", StatusView{Conn: live, Hint: "queue: ↑↓ select", Note: "dropped"}, "● live · dropped", "f1 help"},
		{"mouse off", StatusView{Conn: live, MouseOff: true}, "● live · mouse off (f2)", "f1 help"},
		{"a quit asked", StatusView{Conn: live, Err: "internal: boom", QuitArmed: true, Note: "ctrl+c again quits"},
			"ctrl+c again quits · ● live", "f3 errors"},
		{"a key proposed over an error", StatusView{Conn: live, Err: "x.md already exists", Armed: true,
			Note: "y: enter copies the marked entry"}, "y: enter copies the marked entry · ● live", "f3 errors"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := statusOf(c.v, 100)
			if !strings.HasPrefix(got, c.want) || !strings.HasSuffix(got, c.tail) || xansi.StringWidth(got) != 100 {
				t.Errorf("the status line is\n%q\nwant it to start %q and end %q", got, c.want, c.tail)
			}
		})
	}
	// The help key stays whatever is cut (issue 36: at 80 columns it dropped
	// off): it says where the rest is.
	narrow := statusOf(StatusView{Conn: live, State: idle, Budget: true, Note: "a long note about what happened"}, 40)
	if narrow != "● live · a long note about wha…  f1 help" {
		t.Errorf("at 40 cells the line is %q", narrow)
	}
	quit := statusOf(StatusView{Conn: live, State: idle, Budget: true, QuitArmed: true, Note: "ctrl+c again quits"}, 40)
	if quit != "● live · ctrl+c again quits      f1 help" {
		t.Errorf("at 40 cells a pending quit is %q: what the key does now goes whole, the budget and the run's state first", quit)
	}
	long := StatusView{Conn: live, State: busy, Budget: true, Note: "the host cancelled your follow-up: back in the composer"}
	if got := statusOf(long, 80); !strings.HasSuffix(got, "f1 help") || xansi.StringWidth(got) != 80 {
		t.Errorf("at 80 cells a long line is %q", got)
	}
	long.Err = "lease_held: another terminal of yours holds the lease (ctrl+t takes over)"
	if got := statusOf(long, 80); !strings.HasSuffix(got, "f1 help · f3 errors") || !strings.HasPrefix(got, "✗ lease_held") {
		t.Errorf("at 80 cells a long line after an error is %q", got)
	}
}

// TestStatusNoteAndHintLines: the picker's line says the note alone with
// the help key, and a hint line names the keys given.
func TestStatusNoteAndHintLines(t *testing.T) {
	p := NewStatus(uitest.Context())
	p.SetSize(60, 1)
	p.Set(StatusView{Note: "3 sessions"})
	if got := xansi.Strip(p.NoteLine()); !strings.HasPrefix(got, "3 sessions ") || !strings.HasSuffix(got, "f1 help") || xansi.StringWidth(got) != 60 {
		t.Errorf("the note line is %q", got)
	}
	p.Set(StatusView{Err: "not_found: no such session"})
	if got := xansi.Strip(p.NoteLine()); !strings.HasPrefix(got, "✗ not_found: no such session") || !strings.HasSuffix(got, "f3 errors") {
		t.Errorf("the note line after an error is %q", got)
	}
	ctx := uitest.Context()
	hint := xansi.Strip(p.HintLine([]key.Binding{ctx.Keys.Help, ctx.Keys.Errors}))
	if !strings.Contains(hint, "f1") || !strings.Contains(hint, "f3") || xansi.StringWidth(hint) != 60 {
		t.Errorf("the hint line is %q", hint)
	}
	if b := p.ShortHelp(); len(b) != 2 || len(p.FullHelp()) != 1 {
		t.Errorf("the status line's keys are %v", b)
	}
	if cmd, act := p.Update(uitest.Press('q')); cmd != nil || act != nil {
		t.Errorf("a key acted on the status line: %v", act)
	}
}

// TestStatusLineDrawnAgainWhenItChanges: the line is kept between frames,
// so the same state changed in place (a run starts, a turn is counted, a
// command queued) and a new note must each show at the next frame.
func TestStatusLineDrawnAgainWhenItChanges(t *testing.T) {
	p := NewStatus(uitest.Context())
	s := &wire.State{Session: wire.Summary{Budget: wire.Budget{MaxTurns: 12}}}
	p.Set(StatusView{Conn: Conn{State: wire.ConnState{Mode: wire.ConnStreaming}}, State: s, Budget: true})
	p.SetSize(100, 1)
	line := func() string { return xansi.Strip(p.View()) }
	if got := line(); !strings.Contains(got, "idle") || !strings.Contains(got, "run 0/12 turns") {
		t.Fatalf("the first line: %q", got)
	}
	s.Run, s.Usage.Turns, s.Queue = wire.RunRunning, 3, []wire.QueueItem{{CommandID: "c1"}}
	if got := line(); !strings.Contains(got, "running · 1 queued") || !strings.Contains(got, "run 3/12 turns") {
		t.Errorf("the state changed in place: %q", got)
	}
	p.Set(StatusView{Conn: Conn{State: wire.ConnState{Mode: wire.ConnStreaming}}, State: s, Note: "abort sent"})
	if got := line(); !strings.Contains(got, "abort sent") || strings.Contains(got, "turns") {
		t.Errorf("a note, no budget asked: %q", got)
	}
}
