package vehicletest

import (
	"github.com/sophia-labs/vehicle/client"
)

// Isolation tiers the host may have for agent sessions (WithIsolation).
const (
	IsolationBwrap       = "bwrap"       // the default: an agent's box is made
	IsolationMicroVM     = "microvm"     // refused at create: not_implemented (501)
	IsolationUnavailable = "unavailable" // the box cannot be made here: isolation_unavailable (503)
)

// unavailableReason is why a host of the IsolationUnavailable tier cannot
// make an agent's box.
const unavailableReason = "bwrap cannot create a user namespace on this machine (kernel.unprivileged_userns_clone is 0)"

// WithIsolation sets the host's isolation tier for agent sessions:
// IsolationBwrap (the default), IsolationMicroVM, IsolationUnavailable, or
// another tier name (e.g. "seatbelt") that makes boxes and is recorded as
// the session's isolation.
func WithIsolation(tier string) Option {
	return func(c *config) {
		c.isolation = tier
		if tier == "" {
			c.isolation = IsolationBwrap
		}
	}
}

// agentBox checks that the host can make the box of an agent session.
func (h *Host) agentBox() *refusal {
	switch h.cfg.isolation {
	case IsolationMicroVM:
		return errf(client.CodeNotImplemented,
			"agent sessions in a microvm are not implemented on this host: ask for a chat session, or ask the operator to use bwrap")
	case IsolationUnavailable:
		return errf(client.CodeIsolationUnavailable,
			"this host cannot make an agent's box: %s; ask for a chat session, or ask the operator to fix the isolation", unavailableReason)
	}
	return nil
}
