package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// SessionFlags are the flags of what the seed lets a client choose when it
// creates a session or takes its lease: the run budget ("maxTurns and
// maxCostUsd per-session overridable at creation") and the lease's ttl
// (the claimer's). A flag not given leaves the host's default.
type SessionFlags struct {
	MaxTurns   int           // --max-turns: model turns per run
	MaxCostUSD float64       // --max-cost-usd: dollars per run
	TTL        time.Duration // --ttl: how long the lease lasts without use

	turnsSet, costSet, ttlSet bool
}

// Register adds --max-turns, --max-cost-usd and --ttl to fs. A value that
// does not parse fails the parse; Check refuses the ones out of range.
func (s *SessionFlags) Register(fs *flag.FlagSet) {
	fs.Func("max-turns", "a new session's budget: at most N model turns per run (default: the host's, 12)", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%q is not a whole number of turns, like 20", v)
		}
		s.MaxTurns, s.turnsSet = n, true
		return nil
	})
	fs.Func("max-cost-usd", "a new session's budget: at most this many US dollars per run, like 0.50 (default: the host's, 0.25)", func(v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("%q is not an amount of dollars, like 0.50", v)
		}
		s.MaxCostUSD, s.costSet = f, true
		return nil
	})
	fs.Func("ttl", "the lease's ttl: how long the lease taken at the start lasts without use, like 10m (default: the host's, 5m)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("%q is not a duration, like 10m or 90s", v)
		}
		s.TTL, s.ttlSet = d, true
		return nil
	})
}

// Check refuses values out of range and flags that do not apply: the
// budget goes with a new session (newSession), the ttl with a lease taken
// (claims false for --no-claim or a chimer, which take none).
func (s SessionFlags) Check(newSession, claims bool) error {
	switch {
	case s.turnsSet && s.MaxTurns < 1:
		return fmt.Errorf("--max-turns %d: give 1 or more turns per run", s.MaxTurns)
	case s.costSet && (s.MaxCostUSD <= 0 || math.IsNaN(s.MaxCostUSD) || math.IsInf(s.MaxCostUSD, 0)):
		return fmt.Errorf("--max-cost-usd %v: give an amount of dollars above 0, like 0.50", s.MaxCostUSD)
	case s.ttlSet && s.TTL < time.Millisecond:
		return fmt.Errorf("--ttl %v: give a positive duration, like 10m", s.TTL)
	case s.ttlSet && s.TTL%time.Millisecond != 0:
		return fmt.Errorf("--ttl %v: the host counts the ttl in whole milliseconds; give one like 90s", s.TTL)
	case (s.turnsSet || s.costSet) && !newSession:
		return errors.New("--max-turns and --max-cost-usd are a new session's budget, fixed when it is created: use them with --new")
	case s.ttlSet && !claims:
		return errors.New("--ttl is the ttl of the lease this command takes, and it takes none (--no-claim, --chime): drop --ttl, or claim with a ttlMs later")
	}
	return nil
}

// Apply puts the budget and the ttl in a new session's request.
func (s SessionFlags) Apply(r *client.CreateRequest) {
	r.MaxTurns, r.MaxCostUSD, r.TTLMs = s.MaxTurns, s.MaxCostUSD, s.TTLMs()
}

// TTLMs is the ttl in milliseconds, as the wire's ttlMs; 0 when not given.
func (s SessionFlags) TTLMs() int64 { return s.TTL.Milliseconds() }

// TTLGiven reports whether --ttl was given.
func (s SessionFlags) TTLGiven() bool { return s.ttlSet }
