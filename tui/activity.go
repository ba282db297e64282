package tui

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// spinEvery is the spinner's frame interval while a run is under way.
const spinEvery = 150 * time.Millisecond

// activityMinHigh is the least screen height with room for the run's line;
// below it the status line says the budget as when idle.
const activityMinHigh = 10

// spinFrames are the spinner's frames.
var spinFrames = [...]string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// spinMsg is the spinner's tick for the session of generation gen.
type spinMsg struct{ gen int }

// activity is what the line above the composer says while a run is under
// way: a spinner, how long the run has taken, its turns and cost against
// the budget, and what the session has cost in all. Its tick is one chain
// at a time, and only while a run is under way: idle, nothing ticks.
type activity struct {
	ticking bool      // a spin tick is scheduled
	frame   int       // the spinner's frame
	moved   bool      // the spinner moved and waits for the flush to draw it
	since   time.Time // when this terminal saw the run under way
	runID   string    // the run since is of
	total   float64   // the session's cost: the live body's at open, then each reply's
	known   bool      // total counts what the session cost before it was opened
	seq     int64     // the last event counted, so a replayed one counts once
}

// base starts the session's total from an opened snapshot: a live body's
// stats carry what the session has cost; a dormant one's do not, and the
// total then counts only what is spent from now on.
func (a *activity) base(snap *client.Snapshot) {
	a.total, a.known = 0, false
	if snap == nil {
		return
	}
	a.seq = snap.Cursor
	var st struct {
		CostUSD *float64 `json:"costUsd"`
	}
	if len(snap.Stats) > 0 && json.Unmarshal(snap.Stats, &st) == nil && st.CostUSD != nil && validCost(*st.CostUSD) {
		a.total, a.known = *st.CostUSD, true
	}
}

// count adds a completed reply's cost to the session's total.
func (a *activity) count(ev client.Event) {
	if ev.Type != client.EvMessageCompleted || (ev.Seq > 0 && ev.Seq <= a.seq) {
		return
	}
	a.seq = max(a.seq, ev.Seq)
	var v struct {
		Role  string        `json:"role"`
		Usage *client.Usage `json:"usage"`
	}
	if ev.Decode(&v) != nil || v.Role != client.RoleAssistant || v.Usage == nil || !validCost(v.Usage.CostUSD) {
		return
	}
	a.total += v.Usage.CostUSD
}

// validCost reports whether a cost from the host can be added up.
func validCost(c float64) bool { return c >= 0 && !math.IsInf(c, 0) && !math.IsNaN(c) }

// keepSpinning starts the spinner's tick when a run is under way and none
// is scheduled, and notes when the run was first seen; idle, it schedules
// nothing. Update calls it after every message, so the chain goes on from
// tick to tick while the run lasts and ends with it.
func (m *Model) keepSpinning() tea.Cmd {
	s := m.sess
	if s == nil || s.state == nil || s.state.Run != client.RunRunning {
		return nil
	}
	a := &s.act
	if a.since.IsZero() || a.runID != s.state.RunID {
		a.since, a.runID = m.cfg.Now(), s.state.RunID
	}
	if a.ticking {
		return nil
	}
	a.ticking = true
	m.spins++
	gen := s.gen
	return tea.Tick(spinEvery, func(time.Time) tea.Msg { return spinMsg{gen: gen} })
}

// onSpin moves the spinner on; keepSpinning schedules the next tick while
// the run lasts.
func (m *Model) onSpin(msg spinMsg) {
	s := m.current(msg.gen)
	if s == nil {
		m.dirty = false
		return
	}
	s.act.ticking = false
	s.act.frame = (s.act.frame + 1) % len(spinFrames)
	if s.flushes && m.cfg.FlushEvery <= spinEvery {
		// A reply is streaming and its flush tick is due sooner than the
		// next spin: that frame draws the moved spinner with the text, so
		// the tick does not draw one of its own.
		s.act.moved = true
		m.dirty = false
	}
}

// activityLines is the run's line above the composer while a run is under
// way, none while idle (nor on a screen under 10 lines): "⠋ 2m14s · turn
// 3/12 · $0.0030/$0.25 · session $0.0123".
func (m *Model) activityLines() []string {
	if !showsActivity(m.common) {
		return nil
	}
	s := m.sess
	a, st := &s.act, s.state
	elapsed := time.Duration(0)
	if !a.since.IsZero() {
		elapsed = max(m.cfg.Now().Sub(a.since), 0)
	}
	b := st.Session.Budget
	turn := fmt.Sprintf("turn %d", st.Usage.Turns+1)
	if b.MaxTurns > 0 {
		turn = fmt.Sprintf("turn %d/%d", min(st.Usage.Turns+1, b.MaxTurns), b.MaxTurns)
	}
	cost := fmt.Sprintf("$%.4f", st.Usage.CostUSD)
	if b.MaxCostUSD > 0 {
		cost += fmt.Sprintf("/$%.2f", b.MaxCostUSD)
	}
	total := fmt.Sprintf("session $%.4f", a.total)
	if !a.known {
		total = fmt.Sprintf("$%.4f since opened", a.total)
	}
	parts := []string{
		m.Styles.StatusWarn.Render(spinFrames[a.frame] + " " + runTime(elapsed)),
		m.Styles.Status.Render(turn), m.Styles.Status.Render(cost), m.Styles.Status.Render(total),
	}
	return []string{ui.Pad(" "+joinFit(parts, m.width-1), m.width)}
}

// showsActivity reports whether the run's line shows: a run is under way
// and the screen has room for it.
func showsActivity(c *common) bool {
	s := c.sess
	return s != nil && s.state != nil && s.state.Run == client.RunRunning && c.high >= activityMinHigh
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
