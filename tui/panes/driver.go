package panes

import (
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Driver is who holds the lease when this terminal does not, and what this
// person may do about it: what the room and the queue offer instead of
// their keys.
type Driver struct {
	Rel     wire.LeaseRelation // who holds the lease, seen from here
	Holder  string             // the holder's principal, when it is another person
	Reduced bool               // the person's role dropped to viewer: no driving, no take-over
	Gone    bool               // the session was deleted
}

// DriverOf is who drives a session of state st as of now, seen from this
// terminal (none while it opens: st nil); reduced says the person's role
// dropped to viewer, gone that the session was deleted.
func DriverOf(st *wire.State, now time.Time, reduced, gone bool) Driver {
	if st == nil {
		return Driver{}
	}
	rel, holder := st.LeaseAt(now)
	d := Driver{Rel: rel, Reduced: reduced, Gone: gone}
	if holder != nil {
		d.Holder = holder.Principal
	}
	return d
}

// decides says who decides now and what this person may do about it, for
// a terminal that does not drive.
func (d Driver) decides(ctx *ui.Context) string {
	take := ui.KeyName(ctx.Keys.TakeOver)
	switch {
	case d.Gone:
		return "the session is gone"
	case d.Rel == wire.LeaseNone && ctx.Watch:
		return "nobody drives: chimes wait for a driver"
	case ctx.Watch:
		return "the driver decides"
	case d.Reduced:
		return "the driver decides: your role here is viewer"
	case d.Rel == wire.LeaseMyOtherClient:
		return "the driver decides · " + take + " takes over"
	case d.Rel == wire.LeaseOther:
		return ui.Or(ui.NameLine(d.Holder), "the driver") + " decides"
	}
	return "nobody drives · " + take + " claims the lease to decide"
}

// Drives says who drives now and what this person may do about it, for a
// note that says why a key of the driver's did nothing.
func (d Driver) Drives(ctx *ui.Context) string {
	take := ui.KeyName(ctx.Keys.TakeOver)
	switch {
	case d.Gone:
		return "the session is gone"
	case d.Reduced:
		return "your role here is viewer"
	case d.Rel == wire.LeaseMyOtherClient:
		return "your other terminal drives · " + take + " takes over"
	case d.Rel == wire.LeaseOther:
		return ui.Or(ui.NameLine(d.Holder), "another person") + " drives"
	}
	return "nobody drives · " + take + " claims the lease"
}

// mayDrive is "" when this terminal drives, else why it may not do what,
// and what this person may do instead (d).
func mayDrive(ctx *ui.Context, driving bool, d Driver, what string) string {
	switch {
	case ctx.Watch:
		return "watching read-only: only the driver may " + what
	case !driving:
		return "only the driver may " + what + ": " + d.Drives(ctx)
	}
	return ""
}
