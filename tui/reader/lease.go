package reader

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// The lease is renewed while the person is here, as in the TUI: one timer
// per lease, set for a little before it expires. When it fires and a line
// was typed since the lease was last renewed, a quiet claim renews it (a
// claim by the holder does); otherwise the lease lapses, and its end is
// announced.

// leaseMargin is how long before the expiry the lease is renewed: a fifth
// of what was left when it was set, between 2 s and 30 s.
func leaseMargin(left time.Duration) time.Duration {
	return min(max(left/5, 2*time.Second), 30*time.Second)
}

// keepLease sets the lease timer for s's lease, when this terminal holds it
// and no timer is set for this expiry already.
func (r *reader) keepLease(s *session) {
	rel, holder := s.state.Lease()
	if r.cfg.Watch || rel != client.LeaseMine || holder == nil || holder.ExpiresAt.IsZero() || holder.ExpiresAt.Equal(s.timerFor) {
		return
	}
	s.stopTimer()
	s.timerFor = holder.ExpiresAt
	left := time.Until(holder.ExpiresAt)
	gen, ticks := s.gen, r.ticks
	s.timer = time.AfterFunc(max(left-leaseMargin(left), 0), func() {
		select {
		case ticks <- gen:
		default: // a tick is waiting already
		}
	})
}

// stopTimer stops the lease timer.
func (s *session) stopTimer() {
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
}

// onLeaseTick renews the lease when the person typed a line since it was
// last renewed; otherwise it lets it lapse.
func (r *reader) onLeaseTick(gen int) {
	s := r.sess
	if s == nil || s.gen != gen || !r.present {
		return
	}
	if rel, _ := s.state.Lease(); rel != client.LeaseMine {
		return
	}
	r.present = false
	ctx, cancel := r.request()
	defer cancel()
	if _, err := r.c.Claim(ctx, s.id, r.claimOptions()...); err != nil {
		r.refused("could not keep the lease", err, "sending takes it again")
	}
}

// claimOptions are a claim's options: the lease's ttl when one was given,
// then extra.
func (r *reader) claimOptions(extra ...client.ClaimOption) []client.ClaimOption {
	if r.cfg.ClaimTTL > 0 {
		return append([]client.ClaimOption{client.TTL(r.cfg.ClaimTTL)}, extra...)
	}
	return extra
}
