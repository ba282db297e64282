package manage

import (
	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A start with --continue opens the sessions open last (kept by the
// root's Recent), else the newest session listed; the two answers may come
// in either order, so a listing that comes first is held until the
// sessions kept are known.

// Listing is what a listing of the sessions said, as --continue needs it.
type Listing struct {
	List []client.Summary
	Err  error
	Poll int // the picker's opening that polled it, 0 when asked
}

// Continue says the program started with --continue: the sessions kept
// are being read, and a listing that comes first waits for them.
func (m *Manager) Continue() { m.recent = true }

// Recent opens the sessions open last (Open), when there were any and
// nothing else opened meanwhile (idle: the picker shows, no session is
// open); else the newest session listed will open, from a listing that
// came already or the next.
func (m *Manager) Recent(ids []string, err error, idle bool) ui.Action {
	early := m.early
	m.recent, m.early = false, nil
	if len(ids) > 0 && err == nil && idle {
		return Open{IDs: ids}
	}
	m.newest = true
	if early != nil { // the listing came first: the newest is in it
		return m.Listed(*early, idle)
	}
	return nil
}

// Listed opens the newest session of a listing, once, for --continue with
// nothing kept (idle says nothing else opened meanwhile); with no session
// listed, it says so.
func (m *Manager) Listed(l Listing, idle bool) ui.Action {
	if l.Err != nil || l.Poll != 0 {
		return nil
	}
	if m.recent { // the sessions kept not read yet: Recent decides
		m.early = &l
		return nil
	}
	if !m.newest {
		return nil
	}
	m.newest = false
	if !idle {
		return nil
	}
	if len(l.List) == 0 {
		return ui.Note{Text: "no session yet on this graph: " + ui.KeyName(m.ctx.Keys.New) + " starts one"}
	}
	newest := l.List[0]
	for _, s := range l.List {
		if s.UpdatedAt.After(newest.UpdatedAt) {
			newest = s
		}
	}
	return Open{IDs: []string{newest.SessionID}}
}
