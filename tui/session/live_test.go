package session

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// onHost is a session Ada opens on the reference host from terminal
// cli-ada, its tile without the focus (p), read until its stream is open
// and it drives; two is her other terminal.
func onHost(t *testing.T, p Place) (*live, *client.Client) {
	t.Helper()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	person := func(id string) *client.Client {
		c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID(id))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := person("cli-ada")
	cr, err := c.Create(t.Context(), client.CreateRequest{Title: "Live"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := uitest.Context()
	ctx.ClientID, ctx.Now = "cli-ada", time.Now
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context(), FlushEvery: 10 * time.Millisecond}, cr.Session.SessionID, 1, &view{})
	p.Me = client.Me{ClientID: "cli-ada"}
	l := &live{t: t, s: s, p: p, msgs: make(chan tea.Msg, 64)}
	l.run(s.Open("", false))
	l.until("the stream", func() bool { return s.Stream() != nil && s.Driving() })
	return l, person("cli-two")
}

// has reports whether an action of type T was given.
func has[T ui.Action](l *live) (T, bool) {
	for _, a := range l.acts {
		if t, ok := a.(T); ok {
			return t, true
		}
	}
	var zero T
	return zero, false
}

// TestLiveRunSettles: a prompt answered on a tile without the focus marks
// the tile, rings, asks for the account, counts the cost, and the room's
// policy set from it is said.
func TestLiveRunSettles(t *testing.T) {
	t.Parallel()
	l, _ := onHost(t, Place{Throttled: true})
	s := l.s
	cmd, act, sent := s.Send("", "hello", nil)
	if !sent {
		t.Fatalf("not sent: %#v", act)
	}
	l.do(cmd, act)
	l.until("the run settled and the answer", func() bool { return s.Needs() == NeedSettled && !s.Sending() })
	if n, ok := has[Notify](l); !ok || !strings.HasPrefix(n.Text, "the run settled in “Live”") {
		t.Errorf("no notice: %v", l.acts)
	}
	if _, ok := has[FetchAccount](l); !ok {
		t.Error("the account was not asked for")
	}
	if _, ok := has[ArmFlush](l); !ok {
		t.Error("the streamed reply asked for no flush tick")
	}
	if s.State().Run != client.RunIdle {
		t.Errorf("run %v", s.State().Run)
	}
	l.do(s.SetPolicy(client.PolicyCoDrive))
	l.until("the policy", func() bool { return l.said("room co-drive: chimes go in at once") })
}

// TestLiveTakenOverAndBack: Ada's other terminal takes the lease over: this
// one watches and its tile says so; taking it back asks the host, and the
// answer says from whom.
func TestLiveTakenOverAndBack(t *testing.T) {
	t.Parallel()
	l, two := onHost(t, Place{Focused: true})
	s := l.s
	if _, err := two.Claim(t.Context(), s.ID(), client.Takeover()); err != nil {
		t.Fatal(err)
	}
	// lease.revoked comes first (nobody holds it for a moment), then
	// lease.claimed for the other terminal: wait for both.
	l.until("the revocation, then the other terminal's claim", func() bool {
		rel, _ := s.State().Lease()
		return s.Role() == RoleWatch && rel == client.LeaseMyOtherClient
	})
	if _, act, sent := s.Send("", "from here", nil); sent {
		t.Error("sent while the other terminal drives")
	} else if o, ok := uitest.Find[Offer](act); !ok || !o.FromText || s.Offer() == nil {
		t.Errorf("no offer: %#v", act)
	}
	l.do(s.TakeOver())
	l.until("the lease back", func() bool { return s.Driving() && s.Role() == RoleDrive })
	l.until("the answer", func() bool { return l.said("took over from " + ui.TerminalLabel("cli-two")) })
	if s.Offer() != nil {
		t.Error("the offer stayed")
	}
	if _, act := s.TakeOver(); note(act) != "you already drive from this terminal" {
		t.Errorf("taking over what it drives: %q", note(act))
	}
}
