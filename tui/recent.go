package tui

import (
	tea "charm.land/bubbletea/v2"
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
