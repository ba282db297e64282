package panes

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/internal/quiettime"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// SpinEvery is the spinner's frame interval while a run is under way.
const SpinEvery = 150 * time.Millisecond

// activityMinHigh is the least screen height with room for the run's line;
// below it the status line says the budget as when idle.
const activityMinHigh = 10

// spinFrames are the spinner's frames.
var spinFrames = [...]string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// SpinMsg is the spinner's tick for the session of generation Gen.
type SpinMsg struct{ Gen int }

// ActivityView is what the run's line shows.
type ActivityView struct {
	Running bool        // a run is under way
	RunID   string      // the run under way
	Usage   wire.Usage  // the run's turns and cost so far
	Budget  wire.Budget // the session's budget per run
	Total   float64     // what the session has cost
	Known   bool        // Total counts what it cost before it was opened
}

// Activity is the line above the composer while a run is under way: a
// spinner, how long the run has taken, its turns and cost against the
// budget, and what the session has cost in all. Its tick is one chain at a
// time, and only while a run is under way: idle, nothing ticks.
type Activity struct {
	ctx     *ui.Context
	width   int
	high    int // the screen's height: a short screen has no room for the line
	v       ActivityView
	gen     int       // the session the spinner turns for
	ticking bool      // a spin tick is scheduled
	frame   int       // the spinner's frame
	moved   bool      // the spinner moved and waits for the next frame to draw it
	since   time.Time // when this terminal saw the run under way
	runID   string    // the run since is of
	spins   int       // spin ticks scheduled, for tests of idleness
	drawn   lineKey   // what line was drawn of
	line    []string  // the line drawn of drawn
}

// lineKey is what the run's line is drawn of: the layout asks for the line
// to count it and the frame to draw it, a dozen times a second while a
// reply streams, and it changes at most at each spinner's step.
type lineKey struct {
	styles *theme.Styles
	v      ActivityView
	frame  int
	secs   int64
	width  int
}

// NewActivity is the run's line of ctx.
func NewActivity(ctx *ui.Context) *Activity { return &Activity{ctx: ctx} }

// Run is what the run's line follows: the focused session (tui/session's
// Session), its state (nil while it opens) and what it has cost.
type Run interface {
	State() *wire.State
	Cost() (total float64, known bool)
}

// Follow tells the line what the run of r is (nil: no session open, the
// line idle), and keeps its spinner turning while a run is under way
// (Keep); the root calls it after every message.
func (a *Activity) Follow(r Run) tea.Cmd {
	var st *wire.State
	if r != nil {
		st = r.State()
	}
	if st == nil {
		a.Set(ActivityView{})
		return nil
	}
	total, known := r.Cost()
	a.Set(ActivityView{Running: st.Run == wire.RunRunning, RunID: st.RunID, Usage: st.Usage,
		Budget: st.Session.Budget, Total: total, Known: known})
	return a.Keep()
}

// Reset starts over for the session of generation gen: no tick of an
// earlier session's chain turns the spinner.
func (a *Activity) Reset(gen int) {
	*a = Activity{ctx: a.ctx, width: a.width, high: a.high, gen: gen, spins: a.spins}
}

// Set says what the line shows; a run seen for the first time starts its
// clock.
func (a *Activity) Set(v ActivityView) {
	a.v = v
	if v.Running && (a.since.IsZero() || a.runID != v.RunID) {
		a.since, a.runID = a.ctx.Now(), v.RunID
	}
}

// SetSize gives the line its width and the screen's height.
func (a *Activity) SetSize(width, screenHigh int) { a.width, a.high = width, screenHigh }

// Keep starts the spinner's tick when a run is under way and none is
// scheduled; idle, it schedules nothing. The root calls it after every
// message, so the chain goes on from tick to tick while the run lasts and
// ends with it.
func (a *Activity) Keep() tea.Cmd {
	if !a.v.Running || a.ticking {
		return nil
	}
	a.ticking = true
	a.spins++
	gen := a.gen
	return quietTick(SpinEvery, SpinMsg{Gen: gen})
}

// quietTick is tea.Tick's command on the quiet clock: a runtime timer would
// wake sysmon too, at every step of the spinner while a reply streams
// (internal/quiettime).
func quietTick(d time.Duration, msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		quiettime.Sleep(d)
		return msg
	}
}

// Spin moves the spinner on for a tick of this session's chain. With a
// frame due sooner than the next tick (deferred), the spinner waits to be
// drawn with it and redraw is false.
func (a *Activity) Spin(msg SpinMsg, deferred bool) (redraw bool) {
	if msg.Gen != a.gen {
		return false
	}
	a.ticking = false
	a.frame = (a.frame + 1) % len(spinFrames)
	a.moved = deferred
	return !deferred
}

// Moved reports whether the spinner moved since it was last drawn.
func (a *Activity) Moved() bool { return a.moved }

// Drawn says the line was drawn.
func (a *Activity) Drawn() { a.moved = false }

// Ticking reports whether a spin tick is scheduled.
func (a *Activity) Ticking() bool { return a.ticking }

// Glyph is the spinner's frame.
func (a *Activity) Glyph() string { return spinFrames[a.frame] }

// Spins is how many spin ticks were scheduled so far.
func (a *Activity) Spins() int { return a.spins }

// Shows reports whether the line shows: a run is under way and the screen
// has room for it.
func (a *Activity) Shows() bool { return a.v.Running && a.high >= activityMinHigh }

// ShortHelp lists no keys: the line only says.
func (a *Activity) ShortHelp() []key.Binding { return nil }

// FullHelp lists no keys.
func (a *Activity) FullHelp() [][]key.Binding { return nil }

// Update moves the spinner on a tick of this session's chain.
func (a *Activity) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	if m, ok := msg.(SpinMsg); ok {
		a.Spin(m, false)
	}
	return nil, nil
}

// View draws the line, or nothing while idle.
func (a *Activity) View() string {
	if l := a.Lines(); len(l) > 0 {
		return l[0]
	}
	return ""
}

// Lines is the run's line while a run is under way, none while idle (nor on
// a screen under 10 lines): "⠋ 2m14s · turn 3/12 · $0.0030/$0.25 · session
// $0.0123".
func (a *Activity) Lines() []string {
	if !a.Shows() {
		return nil
	}
	st, v := a.ctx.Styles, &a.v
	elapsed := time.Duration(0)
	if !a.since.IsZero() {
		elapsed = max(a.ctx.Now().Sub(a.since), 0)
	}
	key := lineKey{styles: st, v: *v, frame: a.frame, secs: int64(elapsed / time.Second), width: a.width}
	if a.line != nil && key == a.drawn {
		return a.line
	}
	turn := fmt.Sprintf("turn %d", v.Usage.Turns+1)
	if v.Budget.MaxTurns > 0 {
		turn = fmt.Sprintf("turn %d/%d", min(v.Usage.Turns+1, v.Budget.MaxTurns), v.Budget.MaxTurns)
	}
	cost := fmt.Sprintf("$%.4f", v.Usage.CostUSD)
	if v.Budget.MaxCostUSD > 0 {
		cost += fmt.Sprintf("/$%.2f", v.Budget.MaxCostUSD)
	}
	total := fmt.Sprintf("session $%.4f", v.Total)
	if !v.Known {
		total = fmt.Sprintf("$%.4f since opened", v.Total)
	}
	parts := []string{
		st.StatusWarn.Render(a.Glyph() + " " + runTime(elapsed)),
		st.Status.Render(turn), st.Status.Render(cost), st.Status.Render(total),
	}
	a.drawn, a.line = key, []string{ui.Pad(" "+ui.JoinFit(parts, a.width-1), a.width)}
	return a.line
}

// runTime words how long a run has taken: 14s, 2m14s, 1h02m.
func runTime(d time.Duration) string {
	d = d.Truncate(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}
