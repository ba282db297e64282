package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// The lease is renewed while the person is here: one timer per lease, set
// for a little before it expires. When it fires and the person pressed a
// key since the lease was last renewed, a quiet claim renews it (a claim by
// the holder does); otherwise the lease is let go and the pane says so
// when it expires.

// leaseMargin is how long before the expiry the lease is renewed: a fifth
// of what was left when it was set, between 2 s and 30 s.
func leaseMargin(left time.Duration) time.Duration {
	return min(max(left/5, 2*time.Second), 30*time.Second)
}

// keepLease sets the lease timer for s's lease, when this terminal holds it
// and no timer is set for this expiry already.
func (m *Model) keepLease(s *session.Session) tea.Cmd {
	if s == nil || s.State == nil || m.cfg.Watch {
		return nil
	}
	rel, holder := s.State.Lease()
	if rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() || holder.ExpiresAt.Equal(s.TimerFor) {
		return nil
	}
	now := m.cfg.Now()
	s.TimerFor, s.LeaseSince = holder.ExpiresAt, now
	left := holder.ExpiresAt.Sub(now)
	wait := max(left-leaseMargin(left), 0)
	gen, expires := s.Gen, holder.ExpiresAt
	return quietTick(wait, func(time.Time) tea.Msg { return session.LeaseTickMsg{Gen: gen, Expires: expires} })
}

// onTick renews the lease when the person is here, else lets it go;
// at the expiry the screen is drawn again to say it lapsed.
// redraw is false for a tick of a lease no longer kept.
func (m *Model) onLeaseTick(msg session.LeaseTickMsg) (cmd tea.Cmd, redraw bool) {
	s := m.current(msg.Gen)
	if s == nil || s.State == nil || !msg.Expires.Equal(s.TimerFor) {
		return nil, false
	}
	rel, _ := s.State.Lease()
	if rel != client.LeaseMine || s.Gone() {
		return nil, true // a deleted session's lease is not renewed
	}
	now := m.cfg.Now()
	if m.lastKey.After(s.LeaseSince) && now.Before(msg.Expires) {
		return renewLease(s.Ctx, m.cfg.Client, s.Gen, s.ID, m.cfg.ClaimTTL), true
	}
	if now.Before(msg.Expires) {
		m.needsNote(s, "the lease lapses at "+msg.Expires.In(m.cfg.Location).Format("15:04"))
		gen, expires := s.Gen, msg.Expires
		return quietTick(msg.Expires.Sub(now), func(time.Time) tea.Msg { return session.LeaseTickMsg{Gen: gen, Expires: expires} }), true
	}
	m.needsNote(s, "the lease lapsed")
	return m.lapsed(s, msg.Expires), true // expired: the lease pane says so, from LeaseAt(now); the transcript once
}

// renewLease claims the lease this terminal holds again, which renews it
// (for ttl: 0 is the host's).
func renewLease(ctx context.Context, c *client.Client, gen int, id string, ttl time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		cl, err := c.Claim(ctx, id, claimOptions(ttl)...)
		return session.ClaimedMsg{Gen: gen, Claim: cl, Err: err, Renewal: true}
	}
}
