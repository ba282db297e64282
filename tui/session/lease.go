package session

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The lease is renewed while the person is here: one timer per lease, set
// for a little before it expires. When it fires and the person pressed a
// key since the lease was last renewed, a quiet claim renews it (a claim by
// the holder does); otherwise the lease is let go and the pane says so
// when it expires.
//
// The lease line's countdown is right whenever it is drawn: while this
// terminal holds the lease, a tick draws the screen again when the time
// left it shows would change (NextShown: a minute apart, or 5 s in the
// last ten minutes), and at the expiry. When the lease lapses (the person
// was away, so it was not renewed), the transcript says so once, with how
// to take it back, and the terminal rings as for a settled run.

// leaseMargin is how long before the expiry the lease is renewed: a fifth
// of what was left when it was set, between 2 s and 30 s.
func leaseMargin(left time.Duration) time.Duration {
	return min(max(left/5, 2*time.Second), 30*time.Second)
}

// keepLease sets the lease timer for the session's lease, when this
// terminal holds it and no timer is set for this expiry already.
func (s *Session) keepLease() tea.Cmd {
	if s.state == nil || s.cfg.UI.Watch {
		return nil
	}
	rel, holder := s.state.Lease()
	if rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() || holder.ExpiresAt.Equal(s.timerFor) {
		return nil
	}
	now := s.cfg.UI.Now()
	s.timerFor, s.leaseSince = holder.ExpiresAt, now
	left := holder.ExpiresAt.Sub(now)
	wait := max(left-leaseMargin(left), 0)
	gen, expires := s.gen, holder.ExpiresAt
	return quietTick(wait, func(time.Time) tea.Msg { return LeaseTickMsg{Gen: gen, Expires: expires} })
}

// onLeaseTick renews the lease when the person is here, else lets it go;
// at the expiry the screen is drawn again to say it lapsed. A tick of a
// lease no longer kept changes nothing shown.
func (s *Session) onLeaseTick(msg LeaseTickMsg, p Place) (tea.Cmd, ui.Action) {
	if s.state == nil || !msg.Expires.Equal(s.timerFor) {
		return nil, Unchanged{}
	}
	rel, _ := s.state.Lease()
	if rel != client.LeaseMine || s.Gone() {
		return nil, nil // a deleted session's lease is not renewed
	}
	now := s.cfg.UI.Now()
	if p.LastKey.After(s.leaseSince) && now.Before(msg.Expires) {
		return renewLease(s.ctx, s.cfg.Client, s.gen, s.id, s.claimTTL()), nil
	}
	if now.Before(msg.Expires) {
		s.Mark(p.Focused, "the lease lapses at "+msg.Expires.In(s.cfg.UI.Location).Format("15:04"))
		gen, expires := s.gen, msg.Expires
		return quietTick(msg.Expires.Sub(now), func(time.Time) tea.Msg { return LeaseTickMsg{Gen: gen, Expires: expires} }), nil
	}
	s.Mark(p.Focused, "the lease lapsed")
	return nil, s.lapse(msg.Expires) // expired: the lease pane says so, from LeaseAt(now); the transcript once
}

// KeepCountdown schedules the next redraw of the countdown while this
// terminal holds the lease, one tick at a time.
func (s *Session) KeepCountdown() tea.Cmd {
	if s.state == nil || s.cfg.UI.Watch {
		return nil
	}
	rel, holder := s.state.Lease()
	if rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() {
		return nil
	}
	now := s.cfg.UI.Now()
	wait := ui.NextShown(holder.ExpiresAt.Sub(now))
	if wait <= 0 {
		return nil
	}
	due := now.Add(wait)
	if !s.showAt.IsZero() && !s.showAt.After(due) && s.showAt.After(now) {
		return nil // a tick comes first already
	}
	s.showAt = due
	gen := s.gen
	return quietTick(wait, func(time.Time) tea.Msg { return LeaseShowMsg{Gen: gen, Due: due} })
}

// onLeaseShow draws the countdown again; at the expiry of a lease nobody
// renewed, it says the lease lapsed.
func (s *Session) onLeaseShow(msg LeaseShowMsg) ui.Action {
	if s.state == nil || !msg.Due.Equal(s.showAt) {
		return Unchanged{}
	}
	s.showAt = time.Time{}
	if _, holder := s.state.Lease(); holder != nil && !s.cfg.UI.Now().Before(holder.ExpiresAt) {
		return s.lapse(holder.ExpiresAt)
	}
	return nil
}

// lapse says once, in the transcript, that this terminal's lease expired
// at expires, and how to take it back; the terminal rings when it is not
// focused.
func (s *Session) lapse(expires time.Time) ui.Action {
	if expires.IsZero() || expires.Equal(s.lapsed) || s.cfg.UI.Watch {
		return nil
	}
	s.lapsed = expires
	after := ""
	for i := len(s.state.Entries) - 1; i >= 0; i-- {
		if id := s.state.Entries[i].EntryID; id != "" {
			after = id
			break
		}
	}
	text := "your lease lapsed at " + expires.In(s.cfg.UI.Location).Format("15:04") + " (you were away) · " +
		"your next message claims it again (" + ui.KeyName(s.cfg.UI.Keys.TakeOver) + " claims it now)"
	if s.state.FoldNotices([]client.PlacedNotice{{After: after, Entry: client.Entry{Kind: client.EntryNotice,
		Notice: text, Time: expires, Rev: 1}}}) != 0 {
		s.view.EntriesChanged()
	}
	return Notify{Text: "your lease on “" + s.state.Title() + "” lapsed: nobody drives"}
}

// leaseEnded notes a lease.expired of this terminal's lease, which the
// host may send before the countdown's own tick.
func (s *Session) leaseEnded(ev client.Event) ui.Action {
	var v client.LeaseEndValue
	if ev.Type != client.EvLeaseExpired || ev.Decode(&v) != nil || v.ClientID != s.cfg.UI.ClientID {
		return nil
	}
	return s.lapse(s.timerFor)
}

// leaseChanged follows the lease: taken over, this terminal watches; the
// offer closes when the other terminal let go.
func (s *Session) leaseChanged(focused bool) ui.Action {
	var act ui.Action
	if r := s.state.Revoked; r != nil && r != s.revoked {
		s.revoked, s.role = r, RoleWatch
		act = ui.Note{}
		s.Mark(focused, "the lease was taken: you watch")
	}
	rel, _ := s.state.Lease()
	if s.offer != nil && rel != client.LeaseMyOtherClient {
		s.offer, s.role = nil, RoleDrive
		act = ui.Join(act, CloseOffer{})
	}
	return act
}

// Claim claims the lease, taking it over from another terminal of the
// person's when takeover is set (the person asked for it).
func (s *Session) Claim(takeover bool) tea.Cmd {
	return claimLease(s.ctx, s.cfg.Client, s.gen, s.id, takeover, s.claimTTL())
}

// onClaimed makes this terminal the driver after a claim the person asked
// for; a quiet renewal's answer changes nothing shown unless it failed
// (another terminal holds the lease now: the lease's event says so too).
func (s *Session) onClaimed(msg ClaimedMsg) ui.Action {
	if msg.Renewal {
		if msg.Err == nil {
			return Unchanged{}
		}
		return ui.Failed{Err: msg.Err}
	}
	if msg.Err != nil {
		return ui.Failed{Err: msg.Err}
	}
	s.role, s.offer, s.stale = RoleDrive, nil, false
	note := "you drive from this terminal"
	if msg.Claim != nil && msg.Claim.TookOverFrom != nil {
		note = "took over from " + ui.TerminalLabel(msg.Claim.TookOverFrom.ClientID)
	}
	return ui.Join(ui.Failed{}, CloseOffer{}, ui.Note{Text: note})
}
