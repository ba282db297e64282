package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The lease line's countdown is right whenever it is drawn: while this
// terminal holds the lease, a tick draws the screen again when the time
// left it shows would change (panes.NextShown: a minute apart, or 5 s in
// the last ten minutes), and at the expiry. When the lease lapses (the
// person was away, so it was not renewed), the transcript says so once,
// with how to take it back, and the terminal rings as for a settled run.

// keepCountdown schedules the next redraw of the countdown while this
// terminal holds the lease, one tick at a time.
func (m *Model) keepCountdown() tea.Cmd {
	s := m.sess
	if s == nil || s.State == nil || m.cfg.Watch {
		return nil
	}
	rel, holder := s.State.Lease()
	if rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() {
		return nil
	}
	now := m.cfg.Now()
	wait := panes.NextShown(holder.ExpiresAt.Sub(now))
	if wait <= 0 {
		return nil
	}
	due := now.Add(wait)
	if !s.ShowAt.IsZero() && !s.ShowAt.After(due) && s.ShowAt.After(now) {
		return nil // a tick comes first already
	}
	s.ShowAt = due
	gen := s.Gen
	return quietTick(wait, func(time.Time) tea.Msg { return session.LeaseShowMsg{Gen: gen, Due: due} })
}

// onLeaseShow draws the countdown again; at the expiry of a lease nobody
// renewed, it says the lease lapsed.
func (m *Model) onLeaseShow(msg session.LeaseShowMsg) tea.Cmd {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil || !msg.Due.Equal(s.ShowAt) {
		m.dirty = false
		return nil
	}
	s.ShowAt = time.Time{}
	if _, holder := s.State.Lease(); holder != nil && !m.cfg.Now().Before(holder.ExpiresAt) {
		return m.lapsed(s, holder.ExpiresAt)
	}
	return nil
}

// lapsed says once, in the transcript, that this terminal's lease expired
// at expires, and how to take it back; the terminal rings when it is not
// focused.
func (m *Model) lapsed(s *session.Session, expires time.Time) tea.Cmd {
	if expires.IsZero() || expires.Equal(s.Lapsed) || m.cfg.Watch {
		return nil
	}
	s.Lapsed = expires
	after := ""
	for i := len(s.State.Entries) - 1; i >= 0; i-- {
		if id := s.State.Entries[i].EntryID; id != "" {
			after = id
			break
		}
	}
	text := "your lease lapsed at " + expires.In(m.cfg.Location).Format("15:04") + " (you were away) · " +
		"your next message claims it again (" + ui.KeyName(m.Keys.TakeOver) + " claims it now)"
	if s.State.FoldNotices([]client.PlacedNotice{{After: after, Entry: client.Entry{Kind: client.EntryNotice,
		Notice: text, Time: expires, Rev: 1}}}) != 0 {
		viewOf(s).EntriesChanged()
	}
	return m.notify("your lease on “" + s.State.Title() + "” lapsed: nobody drives")
}

// onLeaseEnded notes a lease.expired of this terminal's lease, which the
// host may send before the countdown's own tick.
func (m *Model) onLeaseEnded(s *session.Session, ev client.Event) tea.Cmd {
	var v client.LeaseEndValue
	if ev.Type != client.EvLeaseExpired || ev.Decode(&v) != nil || v.ClientID != m.me.ClientID {
		return nil
	}
	return m.lapsed(s, s.TimerFor)
}
