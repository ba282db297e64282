package panes

import (
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
)

// TestDriverOf: who drives, seen from this terminal: another person (by
// their principal), none once the lease expired, none while the session
// opens; the role dropped and the session gone go with it.
func TestDriverOf(t *testing.T) {
	now := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	st := &wire.State{Me: wire.Me{Principal: "user:ada", ClientID: "cli-me"}}
	st.Session.Lease = &wire.Lease{Principal: "user:bo", ClientID: "cli-bo", ExpiresAt: now.Add(time.Minute)}
	if d := DriverOf(st, now, true, false); d.Rel != wire.LeaseOther || d.Holder != "user:bo" || !d.Reduced || d.Gone {
		t.Errorf("Bo drives: %#v", d)
	}
	if d := DriverOf(st, now.Add(2*time.Minute), false, true); d.Rel != wire.LeaseNone || d.Holder != "" || !d.Gone {
		t.Errorf("the lease expired: %#v", d)
	}
	if d := DriverOf(nil, now, true, true); d != (Driver{}) {
		t.Errorf("opening: %#v", d)
	}
}
