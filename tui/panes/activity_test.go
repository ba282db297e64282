package panes

import (
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// running is a run r1 two turns and $0.003 in, of a session that cost
// $0.0153 in all, against a budget of 12 turns and $0.25.
func running() ActivityView {
	return ActivityView{Running: true, RunID: "r1", Usage: wire.Usage{Turns: 2, CostUSD: 0.003},
		Budget: wire.Budget{MaxTurns: 12, MaxCostUSD: 0.25}, Total: 0.0153, Known: true}
}

// TestActivitySaysTheRun: the line says how long the run has taken since
// this terminal saw it, its turn and cost against the budget and the
// session's cost; idle or on a short screen it is gone.
func TestActivitySaysTheRun(t *testing.T) {
	ctx := uitest.Context()
	now := uitest.Now
	ctx.Now = func() time.Time { return now }
	a := NewActivity(ctx)
	a.SetSize(80, 24)
	a.Set(running())
	now = now.Add(2*time.Minute + 14*time.Second)
	a.Set(running()) // the same run: its clock goes on
	a.Update(SpinMsg{})
	want := " ⠙ 2m14s · turn 3/12 · $0.0030/$0.25 · session $0.0153"
	if got := strings.TrimRight(xansi.Strip(a.View()), " "); got != want {
		t.Errorf("the run's line is\n%q, want\n%q", got, want)
	}
	if w := xansi.StringWidth(a.View()); w != 80 {
		t.Errorf("the line is %d cells wide", w)
	}

	v := running()
	v.RunID, v.Usage, v.Budget, v.Known = "r2", wire.Usage{Turns: 14, CostUSD: 0.5}, wire.Budget{}, false
	a.Set(v) // another run: its clock starts again
	if got := xansi.Strip(a.View()); !strings.Contains(got, "⠙ 0s · turn 15 · $0.5000 · $0.0153 since opened") {
		t.Errorf("a second run without a budget is %q", got)
	}
	v.Budget.MaxTurns = 12
	a.Set(v)
	if got := xansi.Strip(a.View()); !strings.Contains(got, "turn 12/12") {
		t.Errorf("a run past its turns says %q", got)
	}

	a.SetSize(80, 9)
	if a.Shows() || a.View() != "" {
		t.Errorf("a 9-line screen shows the run's line %q", a.View())
	}
	a.SetSize(80, 10)
	a.Set(ActivityView{})
	if a.Shows() || a.View() != "" || a.Lines() != nil {
		t.Errorf("idle, the run's line is %q", a.View())
	}
	if a.ShortHelp() != nil || a.FullHelp() != nil {
		t.Error("the run's line lists keys")
	}
}

// TestActivityTicksOnlyWhileARunLasts: Keep schedules one tick at a time
// and only while running; a tick of another session's chain moves nothing.
func TestActivityTicksOnlyWhileARunLasts(t *testing.T) {
	a := NewActivity(uitest.Context())
	a.SetSize(80, 24)
	if cmd := a.Keep(); cmd != nil || a.Spins() != 0 {
		t.Fatal("idle, Keep scheduled a tick")
	}
	a.Reset(7)
	a.Set(running())
	cmd := a.Keep()
	if cmd == nil || !a.Ticking() || a.Spins() != 1 {
		t.Fatalf("running, Keep scheduled no tick (ticking %v)", a.Ticking())
	}
	if again := a.Keep(); again != nil || a.Spins() != 1 {
		t.Fatal("a second chain started while one tick was pending")
	}
	msg := cmd()
	if msg != (SpinMsg{Gen: 7}) {
		t.Fatalf("the tick is %#v, want SpinMsg{Gen: 7}", msg)
	}
	if a.Spin(SpinMsg{Gen: 6}, false) || a.Glyph() != "⠋" || !a.Ticking() {
		t.Fatal("a tick of another session moved the spinner")
	}
	if !a.Spin(msg.(SpinMsg), false) || a.Glyph() != "⠙" || a.Ticking() || a.Moved() {
		t.Fatal("the session's tick did not move the spinner to be drawn now")
	}
	if a.Keep() == nil || a.Spins() != 2 {
		t.Fatal("the chain did not go on")
	}
	if a.Spin(SpinMsg{Gen: 7}, true) || !a.Moved() || a.Glyph() != "⠹" {
		t.Fatal("a deferred tick asked for a redraw, or did not wait to be drawn")
	}
	a.Drawn()
	if a.Moved() {
		t.Error("drawn, the spinner still waits")
	}
	for range len(spinFrames) - 2 {
		a.Spin(SpinMsg{Gen: 7}, false)
	}
	if a.Glyph() != spinFrames[0] {
		t.Errorf("after a full turn the spinner shows %q", a.Glyph())
	}
	a.Reset(8)
	if a.Ticking() || a.Spins() != 2 || a.Shows() {
		t.Errorf("Reset kept the run or lost the count: ticking %v, spins %d", a.Ticking(), a.Spins())
	}
	if a.Update(SpinMsg{Gen: 7}); a.Glyph() != spinFrames[0] {
		t.Error("a tick of the earlier session's chain moved the spinner after Reset")
	}
}

// TestActivityLineKeptUntilItChanges: the run's line is drawn again only
// when what it shows changes (the spinner's step, the clock's second, the
// run's figures, the width, the styles); asked again, it is the same line.
func TestActivityLineKeptUntilItChanges(t *testing.T) {
	ctx := uitest.Context()
	now := uitest.Now
	ctx.Now = func() time.Time { return now }
	a := NewActivity(ctx)
	a.SetSize(80, 24)
	a.Set(running())
	first := a.Lines()
	if again := a.Lines(); &again[0] != &first[0] {
		t.Fatal("the same line was drawn again")
	}
	changes := []struct {
		what   string
		change func()
		shows  string
	}{
		{"a second passed", func() { now = now.Add(time.Second) }, "⠋ 1s"},
		{"the spinner stepped", func() { a.Update(SpinMsg{}) }, "⠙ 1s"},
		{"a turn ended", func() { v := running(); v.Usage.Turns = 3; a.Set(v) }, "turn 4/12"},
		{"the width changed", func() { a.SetSize(60, 24) }, "turn 4/12"},
	}
	for _, c := range changes {
		before := a.Lines()
		c.change()
		after := a.Lines()
		if &after[0] == &before[0] || !strings.Contains(xansi.Strip(after[0]), c.shows) {
			t.Errorf("%s: the line is %q", c.what, xansi.Strip(after[0]))
		}
	}
	if w := xansi.StringWidth(a.Lines()[0]); w != 60 {
		t.Errorf("at 60 cells the line is %d wide", w)
	}
	before := a.Lines()
	light := *ctx.Styles
	ctx.Styles = &light
	if after := a.Lines(); &after[0] == &before[0] {
		t.Error("with other styles the line was not drawn again")
	}
}

// run is a session's run as the line follows it.
type run struct {
	st    *wire.State
	total float64
}

func (r run) State() *wire.State    { return r.st }
func (r run) Cost() (float64, bool) { return r.total, true }

// TestActivityFollowsTheRun: the line follows the focused session's run,
// its spinner ticking while it is under way; with no session, one still
// opening, or an idle one, it is gone and nothing ticks.
func TestActivityFollowsTheRun(t *testing.T) {
	a := NewActivity(uitest.Context())
	a.SetSize(80, 24)
	st := &wire.State{Run: wire.RunRunning, RunID: "r1", Usage: wire.Usage{Turns: 2, CostUSD: 0.003}}
	st.Session.Budget = wire.Budget{MaxTurns: 12}
	if a.Follow(run{st: st, total: 0.0153}) == nil || !a.Shows() {
		t.Fatal("a run under way: no spinner tick, or no line")
	}
	if got := xansi.Strip(a.View()); !strings.Contains(got, "turn 3/12 · $0.0030 · session $0.0153") {
		t.Errorf("the line is %q", got)
	}
	if a.Follow(run{st: st}) != nil {
		t.Error("a second tick was scheduled while one is")
	}
	for _, r := range []Run{nil, run{}, run{st: &wire.State{Run: wire.RunIdle}}} {
		if a.Follow(r) != nil || a.Shows() {
			t.Errorf("%#v: a tick, or the line shows", r)
		}
	}
}
