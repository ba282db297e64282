package vehicletest

import (
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Limits are the host's numbers: lease, budgets, public limits and credit,
// stream pacing. A zero field takes its value from DefaultLimits.
type Limits struct {
	LeaseTTL            time.Duration // a lease's ttl when the request names none (5 min)
	MaxTurns            int           // a member session's run budget in turns (12)
	MaxCostUSD          float64       // a member session's run budget in dollars (0.25)
	TurnCostUSD         float64       // what one model turn costs when the model says nothing (0.001)
	PublicRunMaxTurns   int           // a public session's run budget in turns (8)
	PublicRunMaxCostUSD float64       // a public session's run budget in dollars (0.05)
	TurnsPerDay         int           // public turns per principal per UTC day (100)
	SessionMaxTurns     int           // public turns per conversation (40)
	SignupGrantUSD      float64       // the verified account's signup credit (0.50)
	CreditDailyCapUSD   float64       // all credit spend in a UTC day (5)
	Keepalive           time.Duration // the longest silence on an SSE stream (15 s)
	DeltaDelay          time.Duration // real-time pause before each delta (0: none)
	SlowDelta           time.Duration // the pause of a #slow reply's deltas (40 ms)
	StreamBuffer        int           // frames buffered per SSE subscriber before it is cut (4096)
	AbortSlow           time.Duration // an abort not settled after this long (host's clock) is abort.slow (5 s)
	StubbornFor         time.Duration // how long a Stubborn body ignores an abort (real time, 6 s)
	BodyIdle            time.Duration // an idle body is disposed (body.dormant) after this long on the host's clock (0: never)
}

// DefaultLimits are the protocol's defaults, with no delta pacing.
func DefaultLimits() Limits {
	return Limits{
		LeaseTTL:            client.DefaultLeaseTTL,
		MaxTurns:            client.DefaultMaxTurns,
		MaxCostUSD:          client.DefaultMaxCostUSD,
		TurnCostUSD:         0.001,
		PublicRunMaxTurns:   8,
		PublicRunMaxCostUSD: 0.05,
		TurnsPerDay:         100,
		SessionMaxTurns:     40,
		SignupGrantUSD:      0.50,
		CreditDailyCapUSD:   5,
		Keepalive:           client.DefaultKeepalive,
		SlowDelta:           40 * time.Millisecond,
		StreamBuffer:        4096,
		AbortSlow:           5 * time.Second,
		StubbornFor:         6 * time.Second,
	}
}

// withDefaults fills each zero field from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	orDefault(&l.LeaseTTL, d.LeaseTTL)
	orDefault(&l.Keepalive, d.Keepalive)
	orDefault(&l.SlowDelta, d.SlowDelta)
	orDefault(&l.MaxTurns, d.MaxTurns)
	orDefault(&l.PublicRunMaxTurns, d.PublicRunMaxTurns)
	orDefault(&l.TurnsPerDay, d.TurnsPerDay)
	orDefault(&l.SessionMaxTurns, d.SessionMaxTurns)
	orDefault(&l.StreamBuffer, d.StreamBuffer)
	orDefault(&l.AbortSlow, d.AbortSlow)
	orDefault(&l.StubbornFor, d.StubbornFor)
	orDefault(&l.MaxCostUSD, d.MaxCostUSD)
	orDefault(&l.TurnCostUSD, d.TurnCostUSD)
	orDefault(&l.PublicRunMaxCostUSD, d.PublicRunMaxCostUSD)
	orDefault(&l.SignupGrantUSD, d.SignupGrantUSD)
	orDefault(&l.CreditDailyCapUSD, d.CreditDailyCapUSD)
	return l
}

// orDefault sets *v to def when it is zero.
func orDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}
