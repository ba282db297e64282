package session

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/quiettime"
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
// last one), and at the expiry. When the lease lapses (the person was away,
// so it was not renewed), the transcript says so once, with how to take it
// back, and the terminal rings as for a settled run.
//
// Keeping the lease wakes an idle terminal once per renewal: the lease
// timer is set for the start of the countdown's last minute, where the
// line's own redraw is due, and that redraw rides on it; so a kept lease's
// line never counts seconds, and the countdown's minutes and the renewal
// are one timer at a time each. A timer that a renewal (or the lease's
// end) makes useless is stopped, never left to wake the process for
// nothing (quietTick).

// leaseMargin is how long before the expiry the lease is renewed: the last
// minute (half the lease, for one of two minutes or less), and at least a
// fifth of what was left when it was set, between 2 s and 30 s.
func leaseMargin(left time.Duration) time.Duration {
	return max(min(max(left/5, 2*time.Second), 30*time.Second), min(time.Minute, left/2))
}

// keepLease sets the lease timer for the session's lease, when this
// terminal holds it and no timer is set for this expiry already; the
// timer of a lease no longer this terminal's is stopped.
func (s *Session) keepLease() tea.Cmd {
	if s.state == nil || s.cfg.UI.Watch {
		return nil
	}
	rel, holder := s.state.Lease()
	if rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() {
		s.setTick(time.Time{})
		return nil
	}
	if holder.ExpiresAt.Equal(s.timerFor) {
		return nil
	}
	now := s.cfg.UI.Now()
	s.timerFor, s.leaseSince = holder.ExpiresAt, now
	return s.setTick(renewAt(holder.ExpiresAt, holder.ExpiresAt.Sub(now)))
}

// renewAt is when the lease that expires at expires, left from now, is
// renewed: leaseMargin before its end, moved earlier onto a time at which
// the lease line's countdown changes anyway (a whole minute left, or a 5 s
// step in the last one), so that one timer does both, unless that would
// renew it in less than half the time.
func renewAt(expires time.Time, left time.Duration) time.Time {
	m := min(leaseMargin(left), left)
	step := 5 * time.Second
	if m > time.Minute {
		step = time.Minute
	}
	if r := m % step; r != 0 {
		if on := m - r + step; on < left && left-on >= (left-m)/2 {
			m = on
		}
	}
	return expires.Add(-m)
}

// setTick sets the lease timer for at (for the expiry timerFor), stopping
// the one it replaces; zero only stops it. A countdown redraw due at the
// same time rides on it; one that rode on the timer replaced is due again
// (KeepCountdown sets it).
func (s *Session) setTick(at time.Time) tea.Cmd {
	if s.tickStop != nil {
		s.tickStop()
		s.tickStop = nil
	}
	if !s.tickAt.IsZero() && s.showAt.Equal(s.tickAt) && s.showStop == nil {
		s.showAt = time.Time{}
	}
	s.tickAt = at
	if at.IsZero() {
		return nil
	}
	if s.showAt.Equal(at) && s.showStop != nil {
		s.showStop() // the tick draws it
		s.showStop = nil
	}
	var cmd tea.Cmd
	cmd, s.tickStop = s.quietTick(at, LeaseTickMsg{Gen: s.gen, Expires: s.timerFor})
	return cmd
}

// onLeaseTick renews the lease when the person is here, else lets it go;
// at the expiry the screen is drawn again to say it lapsed. A tick of a
// lease no longer kept changes nothing shown.
func (s *Session) onLeaseTick(msg LeaseTickMsg, p Place) (tea.Cmd, ui.Action) {
	if s.state == nil || !msg.Expires.Equal(s.timerFor) {
		return nil, Unchanged{}
	}
	now := s.cfg.UI.Now()
	s.setTick(time.Time{})
	if !s.showAt.After(now) {
		s.showAt = time.Time{} // the countdown's redraw due now is this one
	}
	rel, _ := s.state.Lease()
	if rel != client.LeaseMine || s.Gone() {
		return nil, nil // a deleted session's lease is not renewed
	}
	if p.LastKey.After(s.leaseSince) && now.Before(msg.Expires) {
		return renewLease(s.ctx, s.cfg.Client, s.gen, s.id, s.claimTTL()), nil
	}
	if now.Before(msg.Expires) {
		s.Mark(p.Focused, "the lease lapses at "+msg.Expires.In(s.cfg.UI.Location).Format("15:04"))
		return s.setTick(msg.Expires), nil
	}
	s.Mark(p.Focused, "the lease lapsed")
	return nil, s.lapse(msg.Expires) // expired: the lease pane says so, from LeaseAt(now); the transcript once
}

// KeepCountdown keeps the next redraw of the lease line's countdown due
// while this terminal holds the lease, one tick at a time: the root calls
// it for the session whose lease line shows, after each message. A redraw
// due when the lease timer fires rides on it.
func (s *Session) KeepCountdown() tea.Cmd {
	due := s.countdownDue()
	if due.Equal(s.showAt) {
		return nil
	}
	if s.showStop != nil {
		s.showStop()
		s.showStop = nil
	}
	s.showAt = due
	if due.IsZero() || due.Equal(s.tickAt) {
		return nil
	}
	var cmd tea.Cmd
	cmd, s.showStop = s.quietTick(due, LeaseShowMsg{Gen: s.gen, Due: due})
	return cmd
}

// countdownDue is when the time left the lease line shows changes next;
// zero when it shows none (this terminal does not hold the lease).
func (s *Session) countdownDue() time.Time {
	if s.state == nil || s.cfg.UI.Watch {
		return time.Time{}
	}
	rel, holder := s.state.Lease()
	if rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() {
		return time.Time{}
	}
	now := s.cfg.UI.Now().Round(0) // on the wall clock, as the expiry: the same step is the same time
	wait := ui.NextShown(holder.ExpiresAt.Sub(now))
	if wait <= 0 {
		return time.Time{}
	}
	return now.Add(wait)
}

// onLeaseShow draws the countdown again; at the expiry of a lease nobody
// renewed, it says the lease lapsed. A session whose lease line no longer
// shows (its tile lost the focus) draws nothing.
func (s *Session) onLeaseShow(msg LeaseShowMsg, p Place) ui.Action {
	if s.state == nil || !msg.Due.Equal(s.showAt) {
		return Unchanged{}
	}
	s.showAt, s.showStop = time.Time{}, nil
	if _, holder := s.state.Lease(); holder != nil && !s.cfg.UI.Now().Before(holder.ExpiresAt) {
		return s.lapse(holder.ExpiresAt)
	}
	if !p.Focused {
		return Unchanged{}
	}
	return nil
}

// quietTick sets one of the session's timers for when, on the UI's clock: its
// command answers msg then, or nothing once stop is called or the session
// has closed. The timer waits on the quiet clock (internal/quiettime: an
// idle process wakes once when it fires, not sysmon with it); stopped, it
// never fires.
func (s *Session) quietTick(when time.Time, msg tea.Msg) (cmd tea.Cmd, stop func()) {
	fired, stopped := make(chan struct{}), make(chan struct{})
	after := s.cfg.After
	if after == nil {
		after = func(d time.Duration, f func()) func() bool { return quiettime.AfterFunc(d, f).Stop }
	}
	halt := after(max(when.Sub(s.cfg.UI.Now()), 0), func() { close(fired) })
	var once sync.Once
	stop = func() { once.Do(func() { halt(); close(stopped) }) }
	ctx := s.ctx
	return func() tea.Msg {
		select {
		case <-fired:
			return msg
		case <-stopped:
		case <-ctx.Done():
			halt()
		}
		return nil
	}, stop
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
