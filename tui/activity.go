package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
)

// keepSpinning tells the run's line what the run is, and keeps its spinner
// turning while a run is under way (panes.Activity.Keep).
func (m *Model) keepSpinning() tea.Cmd {
	s := m.tiles.Focused()
	if s == nil || s.State() == nil {
		m.activity.Set(panes.ActivityView{})
		return nil
	}
	st := s.State()
	total, known := s.Cost()
	m.activity.Set(panes.ActivityView{Running: st.Run == client.RunRunning, RunID: st.RunID, Usage: st.Usage,
		Budget: st.Session.Budget, Total: total, Known: known})
	return m.activity.Keep()
}

// onSpin moves the spinner on. A reply streaming with its flush tick, or
// its next deltas (tui/session/read.go), due sooner than the next spin draws the
// moved spinner with its text: the tick draws no frame of its own.
func (m *Model) onSpin(msg panes.SpinMsg) {
	s := m.tiles.Of(msg.Gen)
	if s == nil {
		m.dirty = false
		return
	}
	now := time.Now()
	due := m.tiles.ArmedWithin(now, panes.SpinEvery) || s.Drawing(now)
	if !m.activity.Spin(msg, due && m.cfg.FlushEvery <= panes.SpinEvery) {
		m.dirty = false
	}
}
