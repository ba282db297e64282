package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/panes"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestCountdownRightAtEveryRedraw is issue 24's seventh item as issue 28
// left it: the lease line names the expiry to the second and says the time
// left truly whenever it is drawn, changing at most once a minute until the
// last one (so an idle terminal holding a lease draws once a minute), then
// in 5 s steps; a redraw is due whenever what it shows would change; when
// the lease lapses (no key, so no renewal), the transcript says so once,
// with how to take it back.
func TestCountdownRightAtEveryRedraw(t *testing.T) {
	t.Parallel()
	srv, clk := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Countdown") // the host's lease lasts 5 minutes
	cfg := hostConfig(t, ada)
	cfg.SessionID, cfg.Now = id, clk.Now
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal · until 09:35:00 · 5m left", "● live")
	s := a.m.tiles.Focused()
	expires := s.TimerFor()
	renewals := count(srv, id, client.EvLeaseRenewed)
	for _, step := range []time.Duration{13 * time.Second, time.Minute, 2*time.Minute + 4*time.Second, 50 * time.Second, 25 * time.Second} {
		left := expires.Sub(clk.Now())
		due := s.ShowAt()
		want := 5 * time.Second // the last minute: each 5 s step
		if left > time.Minute {
			want = left - (left-1)/time.Minute*time.Minute // the next whole minute
		} else if r := left % want; r > 0 {
			want = r
		}
		if wait := due.Sub(clk.Now()); wait != want {
			t.Fatalf("with %v left the next redraw is %v away, want %v", left, wait, want)
		}
		clk.advance(step)
		a.send(session.LeaseShowMsg{Gen: s.Gen(), Due: due})
		left = expires.Sub(clk.Now())
		var shown string
		switch {
		case left > time.Minute && left%time.Minute == 0:
			shown = fmt.Sprintf("· %dm left", int(left/time.Minute))
		case left > time.Minute:
			shown = fmt.Sprintf("· under %dm left", int((left+time.Minute-1)/time.Minute))
		default:
			shown = fmt.Sprintf("· %ds left", int((left+5*time.Second-1)/(5*time.Second))*5)
		}
		a.see("until 09:35:00 " + shown)
	}
	// Away: the lease timer lets it go; at the expiry the transcript says
	// so once, however many ticks say it expired.
	clk.advance(expires.Sub(clk.Now()) + time.Second)
	a.send(session.LeaseTickMsg{Gen: s.Gen(), Expires: expires}, session.LeaseShowMsg{Gen: s.Gen(), Due: s.ShowAt()},
		session.LeaseTickMsg{Gen: s.Gen(), Expires: expires})
	got := a.see("○ nobody drives", "your lease lapsed at 09:35 (you were away) · your next message claims it again")
	if n := strings.Count(got, "your lease lapsed"); n != 1 {
		t.Errorf("the lapse is said %d times", n)
	}
	if count(srv, id, client.EvLeaseRenewed) != renewals {
		t.Error("the lease was renewed while nobody pressed a key")
	}
}

// TestTimeLeftWords words the time left and when it changes next.
func TestTimeLeftWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		left time.Duration
		next time.Duration
	}{{12*time.Minute + 30*time.Second, 30 * time.Second}, {4*time.Minute + 33*time.Second, 33 * time.Second},
		{5 * time.Minute, time.Minute}, {61 * time.Second, time.Second}, {time.Minute, 5 * time.Second},
		{33 * time.Second, 3 * time.Second}, {30 * time.Second, 5 * time.Second}, {0, 0}} {
		if got := panes.NextShown(c.left); got != c.next {
			t.Errorf("with %v left the next change is in %v, want %v", c.left, got, c.next)
		}
	}
}
