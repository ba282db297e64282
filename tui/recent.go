package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Recent keeps which sessions were open last on one host and graph, for
// `vehicle --continue` and the picker. The UI calls it only from its
// commands, never from Update.
type Recent interface {
	// Load is the sessions open last, in their order; none when none.
	Load() ([]string, error)
	// Save keeps ids as the sessions open last.
	Save(ids []string) error
}

// recentMsg hands back the sessions open last; cont says the UI started
// with --continue and opens them.
type recentMsg struct {
	ids  []string
	cont bool
	err  error
}

// loadRecent reads the sessions open last.
func loadRecent(r Recent, cont bool) tea.Cmd {
	if r == nil {
		return func() tea.Msg { return recentMsg{cont: cont} }
	}
	return func() tea.Msg {
		ids, err := r.Load()
		return recentMsg{ids: ids, cont: cont, err: err}
	}
}

// saveRecent keeps ids as the sessions open last; a failure costs only
// the offer next time (Flush does it when the program ends first).
func saveRecent(w *diskWrites, r Recent, ids []string) tea.Cmd {
	if r == nil || len(ids) == 0 {
		return nil
	}
	ids = append([]string(nil), ids...)
	return w.cmd(func() error { _ = r.Save(ids); return nil }, nil)
}

// onRecent opens the sessions open last (--continue), else waits for the
// listing to open the newest; without --continue the picker offers them
// again, marked, when they were a wall.
func (m *Model) onRecent(msg recentMsg) tea.Cmd {
	if !msg.cont {
		m.picker.Offer(msg.ids)
		return nil
	}
	early := m.continueEarly
	m.continueRecent, m.continueEarly = false, nil
	if len(msg.ids) > 0 && msg.err == nil && m.focus == focusPicker && m.tiles.Focused() == nil {
		return m.openTiles(msg.ids[:min(len(msg.ids), session.MaxTiles)])
	}
	m.continueNewest = true
	if early != nil { // the listing came first: the newest is in it
		return m.continueWith(*early)
	}
	return nil
}

// continueWith opens the newest session of a listing, once, for
// --continue with nothing kept; with no session, the picker says so.
func (m *Model) continueWith(msg picker.ListedMsg) tea.Cmd {
	if msg.Err != nil || msg.Poll != 0 {
		return nil
	}
	if m.continueRecent { // the sessions kept not read yet: onRecent decides
		m.continueEarly = &msg
		return nil
	}
	if !m.continueNewest {
		return nil
	}
	m.continueNewest = false
	if m.tiles.Focused() != nil || m.focus != focusPicker {
		return nil
	}
	if len(msg.List) == 0 {
		m.note.Say("no session yet on this graph: " + ui.KeyName(m.Keys.New) + " starts one")
		return nil
	}
	newest := msg.List[0]
	for _, s := range msg.List {
		if s.UpdatedAt.After(newest.UpdatedAt) {
			newest = s
		}
	}
	return m.open(newest.SessionID)
}
