package panes

import (
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// Client ids as clientid.New makes them: laptop's pts/3 twice (an earlier
// vehicle in the same terminal) and desk's pts/1.
const (
	laptop      = "cli-laptop-pts3-ab12"
	laptopAgain = "cli-laptop-pts3-cd34"
	desk        = "cli-desk-pts1-ef56"
)

// leaseFor is a lease of principal on clientID until 09:35 (five minutes
// after uitest.Now).
func leaseFor(principal, clientID string) *wire.Lease {
	return &wire.Lease{Principal: principal, ClientID: clientID, ExpiresAt: uitest.Now.Add(5 * time.Minute)}
}

// leaseLine draws the lease line of v at width, in ctx, without styling.
func leaseLine(ctx *ui.Context, v LeaseView, width int) string {
	l := NewLease(ctx)
	l.Set(v)
	l.SetSize(width, 1)
	return xansi.Strip(l.View())
}

// TestLeaseWordsEachState says who drives and what this terminal can do
// about it, in each state the root can set, the room's policy at the right.
func TestLeaseWordsEachState(t *testing.T) {
	watch := func(c *ui.Context) { c.Watch = true }
	onDesk := func(c *ui.Context) { c.ClientID = desk }
	onLaptop := func(c *ui.Context) { c.ClientID = laptopAgain }
	cases := []struct {
		name string
		ctx  func(*ui.Context)
		v    LeaseView
		want string
		not  []string
	}{
		{"nobody", nil, LeaseView{Known: true, Policy: wire.PolicySuggest},
			"── ○ nobody drives · your next message claims the lease ", nil},
		{"mine", nil, LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Policy: wire.PolicySuggest},
			"── ● you drive from this terminal · until 09:35:00 · 5m left ", nil},
		{"mine before the state came", nil, LeaseView{Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk)},
			"● you drive from this terminal · until 09:35 ", []string{"left", "room"}},
		{"my other terminal", onDesk, LeaseView{Known: true, Rel: wire.LeaseMyOtherClient, Holder: leaseFor("user:ada", laptop)},
			"◐ your other terminal drives (laptop, pts/3) · until 09:35 · ctrl+t takes over", nil},
		{"an earlier vehicle here", onLaptop, LeaseView{Known: true, Rel: wire.LeaseMyOtherClient, Holder: leaseFor("user:ada", laptop)},
			"◐ an earlier vehicle in this terminal (laptop, pts/3) holds it · until 09:35 · ctrl+t takes over", nil},
		{"someone else", nil, LeaseView{Known: true, Rel: wire.LeaseOther, Holder: leaseFor("user:bo", "cli-bo")},
			"○ user:bo drives · until 09:35 · you are watching", nil},
		{"someone unnamed", nil, LeaseView{Known: true, Rel: wire.LeaseOther, Holder: leaseFor("", "cli-bo")},
			"○ someone else drives · until 09:35 · you are watching", nil},
		{"taken over", onDesk, LeaseView{Known: true, Rel: wire.LeaseMyOtherClient, Holder: leaseFor("user:ada", laptop),
			Revoked: &wire.LeaseEndValue{ClientID: desk, By: laptop, Reason: wire.ReasonTakeover}},
			"⚠ taken over by your other terminal (laptop, pts/3) · ctrl+t takes it back", nil},
		{"taken over by nobody named", onDesk, LeaseView{Known: true, Rel: wire.LeaseMyOtherClient, Holder: leaseFor("user:ada", laptop),
			Revoked: &wire.LeaseEndValue{ClientID: desk}},
			"⚠ taken over by your other terminal · ctrl+t takes it back", nil},
		{"taken over, then let go", nil, LeaseView{Known: true, Revoked: &wire.LeaseEndValue{ClientID: desk, By: laptop}},
			"○ nobody drives · your next message claims the lease", []string{"taken over"}},
		{"host restarted", nil, LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Stale: true},
			"○ the host restarted · the lease is unconfirmed · your next message claims it", nil},
		{"gone", nil, LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Gone: true},
			"○ nobody drives: the session is gone", []string{"you drive"}},
		{"viewer", nil, LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Reduced: true},
			"read-only: your role here is viewer · ● you drive from this terminal · until 09:35:00 · 5m left", nil},
		{"viewer, taken over", onDesk, LeaseView{Known: true, Rel: wire.LeaseMyOtherClient, Holder: leaseFor("user:ada", laptop),
			Reduced: true, Revoked: &wire.LeaseEndValue{ClientID: desk, By: laptop}},
			"read-only: your role here is viewer · ◐ your other terminal drives (laptop, pts/3) · until 09:35 ",
			[]string{"takes it back", "takes over"}},
		{"viewer, restarted", nil, LeaseView{Known: true, Reduced: true, Stale: true},
			"read-only: your role here is viewer · ○ nobody drives ", []string{"claims"}},
		{"watching nobody", watch, LeaseView{Known: true},
			"watching read-only · ○ nobody drives ", []string{"claims"}},
		{"watching someone", watch, LeaseView{Known: true, Rel: wire.LeaseOther, Holder: leaseFor("user:bo", "cli-bo")},
			"watching read-only · ○ user:bo drives · until 09:35 ", []string{"you are watching"}},
		{"watching my other terminal", watch, LeaseView{Known: true, Rel: wire.LeaseMyOtherClient, Holder: leaseFor("user:ada", laptop)},
			"watching read-only · ◐ your other terminal drives (laptop, pts/3) · until 09:35 ", []string{"takes over"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := uitest.Context()
			if c.ctx != nil {
				c.ctx(ctx)
			}
			got := leaseLine(ctx, c.v, 140)
			if !strings.Contains(got, c.want) {
				t.Errorf("the lease line is\n%q\nwant it to hold\n%q", got, c.want)
			}
			for _, n := range c.not {
				if strings.Contains(got, n) {
					t.Errorf("the lease line says %q: %q", n, got)
				}
			}
			if w := xansi.StringWidth(got); w != 140 {
				t.Errorf("the line is %d cells wide, not 140", w)
			}
		})
	}
}

// TestLeaseRoomAtTheRight ends the line with the room's policy, and gives
// it up before the lease's words.
func TestLeaseRoomAtTheRight(t *testing.T) {
	v := LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Policy: wire.PolicyCoDrive}
	wide := leaseLine(uitest.Context(), v, 100)
	if !strings.HasSuffix(wide, " room co-drive ──") || !strings.Contains(wide, "5m left ───") {
		t.Errorf("at 100 cells the line is %q", wide)
	}
	v.Policy = "\x1b[31mloud"
	if got := leaseLine(uitest.Context(), v, 100); strings.Contains(got, "\x1b") || !strings.Contains(got, "room ") {
		t.Errorf("a host's policy is drawn as %q", got)
	}
}

// TestLeaseNarrow: at a narrow width this terminal's lease says the time
// left before the words (the room's policy then fits beside them), drops
// the room only when even that does not fit, and never passes the width.
func TestLeaseNarrow(t *testing.T) {
	mine := LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Policy: wire.PolicySuggest}
	cases := []struct {
		name  string
		v     LeaseView
		width int
		want  string
	}{
		{"short", mine, 45, "── ● you drive · 5m left · until 09:35:00 ───"},
		// issue 36: at 80 the long words pushed the room's policy off
		{"short, with the room", mine, 76, "── ● you drive · 5m left · until 09:35:00 ────────────────── room suggest ──"},
		{"cut", mine, 20, "── ● you drive · 5m…"},
		{"a viewer's is never short", LeaseView{Known: true, Rel: wire.LeaseMine, Holder: leaseFor("user:ada", desk), Reduced: true},
			45, "── read-only: your role here is viewer · ● y…"},
		{"someone else's is cut", LeaseView{Known: true, Rel: wire.LeaseOther, Holder: leaseFor("user:bo", "cli-bo")},
			30, "── ○ user:bo drives · until 0…"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := leaseLine(uitest.Context(), c.v, c.width)
			if got != c.want {
				t.Errorf("at %d cells the line is\n%q, want\n%q", c.width, got, c.want)
			}
			if w := xansi.StringWidth(got); w != c.width {
				t.Errorf("the line is %d cells wide, not %d", w, c.width)
			}
		})
	}
}

// TestLeaseTimeLeft counts down to the second in the last minute, and
// says the lease expired once it did.
func TestLeaseTimeLeft(t *testing.T) {
	ctx := uitest.Context()
	holder := leaseFor("user:ada", desk)
	l := NewLease(ctx)
	l.Set(LeaseView{Known: true, Rel: wire.LeaseMine, Holder: holder})
	l.SetSize(120, 1)
	for _, c := range []struct {
		now  time.Time
		want string
	}{
		{uitest.Now, "· 5m left"},
		{uitest.Now.Add(30 * time.Second), "· under 5m left"},
		{uitest.Now.Add(4*time.Minute + 27*time.Second), "· 35s left"},
		{uitest.Now.Add(5 * time.Minute), "· expired"},
	} {
		ctx.Now = func() time.Time { return c.now }
		if got := xansi.Strip(l.View()); !strings.Contains(got, "until 09:35:00 "+c.want) {
			t.Errorf("at %s the line is %q", c.now.Format("15:04:05"), got)
		}
	}
	if b := l.ShortHelp(); len(b) != 1 || b[0].Help().Key != "ctrl+t" {
		t.Errorf("the lease's keys are %v", b)
	}
	if cmd, act := l.Update(uitest.Press('t')); cmd != nil || act != nil {
		t.Errorf("a key did something on the lease line: %v", act)
	}
}

// TestTimeLeftAndNextShown words the time left, and NextShown names the
// moment those words change.
func TestTimeLeftAndNextShown(t *testing.T) {
	cases := []struct {
		left time.Duration
		want string
		next time.Duration
	}{
		{5 * time.Minute, "5m left", time.Minute},
		{4*time.Minute + 10*time.Second, "under 5m left", 10 * time.Second},
		{time.Minute, "60s left", 5 * time.Second},
		{33 * time.Second, "35s left", 3 * time.Second},
		{time.Second, "5s left", time.Second},
		{0, "expired", 0},
		{-time.Second, "expired", 0},
	}
	for _, c := range cases {
		if got := timeLeft(c.left); got != c.want {
			t.Errorf("timeLeft(%v) = %q, want %q", c.left, got, c.want)
		}
		if got := NextShown(c.left); got != c.next {
			t.Errorf("NextShown(%v) = %v, want %v", c.left, got, c.next)
		}
		if c.next > 0 && timeLeft(c.left-c.next) == c.want {
			t.Errorf("at %v left the words are still %q: NextShown(%v) is no change", c.left-c.next, c.want, c.left)
		}
	}
}

// TestLeaseLineDrawnAgainWhenItChanges: the line is kept between frames
// (drawn again only when what it shows changed), so one pane drawn again
// and again must follow the clock's minutes, a new holder and a resize.
func TestLeaseLineDrawnAgainWhenItChanges(t *testing.T) {
	now := uitest.Now
	ctx := uitest.Context()
	ctx.Now = func() time.Time { return now }
	l := NewLease(ctx)
	h := leaseFor("user:ada", ctx.ClientID)
	l.Set(LeaseView{Known: true, Rel: wire.LeaseMine, Holder: h, Policy: "suggest"})
	l.SetSize(100, 1)
	if got := xansi.Strip(l.View()); !strings.Contains(got, "5m left") {
		t.Fatalf("the first line: %q", got)
	}
	now = now.Add(90 * time.Second)
	if got := xansi.Strip(l.View()); !strings.Contains(got, "under 4m left") {
		t.Errorf("after 90 s the line says %q", got)
	}
	h.ExpiresAt = h.ExpiresAt.Add(5 * time.Minute) // renewed in place
	if got := xansi.Strip(l.View()); !strings.Contains(got, "until 09:40:00") {
		t.Errorf("after a renewal the line says %q", got)
	}
	l.Set(LeaseView{Known: true, Rel: wire.LeaseOther, Holder: leaseFor("user:bo", desk), Policy: "co-drive"})
	if got := xansi.Strip(l.View()); !strings.Contains(got, "room co-drive") || strings.Contains(got, "you drive") {
		t.Errorf("another holder: %q", got)
	}
	l.SetSize(60, 1)
	if got := xansi.Strip(l.View()); xansi.StringWidth(got) != 60 {
		t.Errorf("at 60 the line is %d wide: %q", xansi.StringWidth(got), got)
	}
}
