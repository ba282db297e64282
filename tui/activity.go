package tui

import (
	"encoding/json"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
)

// costs is what the open session has cost, for the run's line: what the
// live body said at open, then each reply's cost.
type costs struct {
	total float64 // the session's cost: the live body's at open, then each reply's
	known bool    // total counts what the session cost before it was opened
	seq   int64   // the last event counted, so a replayed one counts once
}

// base starts the session's total from an opened snapshot: a live body's
// stats carry what the session has cost; a dormant one's do not, and the
// total then counts only what is spent from now on.
func (a *costs) base(snap *client.Snapshot) {
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
func (a *costs) count(ev client.Event) {
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

// keepSpinning tells the run's line what the run is, and keeps its spinner
// turning while a run is under way (panes.Activity.Keep).
func (m *Model) keepSpinning() tea.Cmd {
	s := m.sess
	if s == nil || s.state == nil {
		m.activity.Set(panes.ActivityView{})
		return nil
	}
	st := s.state
	m.activity.Set(panes.ActivityView{Running: st.Run == client.RunRunning, RunID: st.RunID, Usage: st.Usage,
		Budget: st.Session.Budget, Total: s.cost.total, Known: s.cost.known})
	return m.activity.Keep()
}

// onSpin moves the spinner on. A reply streaming with its flush tick, or
// its next deltas (stream_batch.go), due sooner than the next spin draws the
// moved spinner with its text: the tick draws no frame of its own.
func (m *Model) onSpin(msg panes.SpinMsg) {
	s := m.current(msg.Gen)
	if s == nil {
		m.dirty = false
		return
	}
	now := time.Now()
	due := (m.flushArmed && m.flushAt.Sub(now) <= panes.SpinEvery) || s.pace.drawing(now)
	if !m.activity.Spin(msg, due && m.cfg.FlushEvery <= panes.SpinEvery) {
		m.dirty = false
	}
}
