package session

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// heldSession is a session on the reference host whose run holds (its
// first turn waits for Proceed or an abort), and a send that waits for its
// answer.
func heldSession(t *testing.T, opts ...vehicletest.Option) (*vehicletest.Server, *live, func(op, text string)) {
	t.Helper()
	srv := vehicletest.NewServer(t, append([]vehicletest.Option{vehicletest.WithDeterministicIDs()}, opts...)...)
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-ada"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := c.Create(t.Context(), client.CreateRequest{Title: "Steered"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := uitest.Context()
	ctx.ClientID, ctx.Now = "cli-ada", time.Now
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context(), FlushEvery: 10 * time.Millisecond}, cr.Session.SessionID, 1, &view{})
	l := &live{t: t, s: s, p: Place{Focused: true, Me: client.Me{ClientID: "cli-ada"}}, msgs: make(chan tea.Msg, 64)}
	l.run(s.Open("", false))
	l.until("the stream", func() bool { return s.Stream() != nil && s.Driving() })
	send := func(op, text string) {
		t.Helper()
		cmd, act, sent := s.Send(op, text, nil)
		if !sent {
			t.Fatalf("%q was not sent: %#v", text, act)
		}
		l.do(cmd, act)
		l.until("the answer to "+text, func() bool { return !s.Sending() })
	}
	send("", "hold on #hold")
	l.until("the run", func() bool { return s.State().Run == client.RunRunning })
	return srv, l, send
}

// asked is the question the abort asked, once it came.
func (l *live) asked() AskHeld {
	l.t.Helper()
	var ask AskHeld
	l.until("the question", func() bool {
		var ok bool
		ask, ok = uitest.Find[AskHeld](ui.Batch(l.acts))
		return ok
	})
	return ask
}

// TestAbortAsksAboutTheSteer is issue 35's steer item: a steer the run had
// not taken in when the person aborts it ends with the run; its text is in
// the abort's question like a held follow-up (put back, or sent again),
// never only in the history.
func TestAbortAsksAboutTheSteer(t *testing.T) {
	t.Parallel()
	for _, v := range vehicletest.Variants() { // whichever way the host settles a run and treats its queue
		t.Run(v.Name, func(t *testing.T) {
			_, l, send := heldSession(t, v.Options()...)
			s := l.s
			send(client.OpSteer, "be brief")
			l.until("the steer in the lane", func() bool {
				items := s.LaneItems()
				return len(items) == 1 && items[0].Op == client.OpSteer
			})
			send("", "and then this")
			l.until("the queue", func() bool { return len(s.State().Queue) == 1 })
			l.do(s.Abort())
			ask := l.asked()
			if len(ask.Steers) != 1 || ask.Steers[0] != "be brief" || len(ask.Texts) != 1 || ask.Texts[0] != "and then this" {
				t.Fatalf("the question holds steers %q, follow-ups %q", ask.Steers, ask.Texts)
			}
			if s.State().Run == client.RunRunning {
				t.Error("asked before the run settled: the steer might still have been taken in")
			}
			for _, a := range l.acts {
				if g, ok := a.(GiveBack); ok {
					t.Errorf("the steer was also given back: %+v", g)
				}
			}
			back := s.HeldBack(append(ask.Steers, ask.Texts...), len(ask.Steers))
			if r, ok := uitest.Find[Restore](back); !ok || r.Text != "be brief\n\nand then this" ||
				note(back) != "the steer and follow-ups held back are back in the composer: enter sends" {
				t.Errorf("put back: %#v", back)
			}
		})
	}
}

// TestAbortRightAfterTheSteer: an abort sent before the stream brought the
// steer's own events still holds the steer (the host took it: its answer
// came), and asks about it.
func TestAbortRightAfterTheSteer(t *testing.T) {
	t.Parallel()
	_, l, send := heldSession(t)
	s := l.s
	send(client.OpSteer, "right away")
	l.do(s.Abort())
	if ask := l.asked(); len(ask.Steers) != 1 || ask.Steers[0] != "right away" {
		t.Fatalf("the question holds steers %q", ask.Steers)
	}
}

// TestAbortLeavesADeliveredSteerOut: a steer the run took in before the
// abort is in the transcript; the question does not ask about it.
func TestAbortLeavesADeliveredSteerOut(t *testing.T) {
	t.Parallel()
	srv, l, send := heldSession(t)
	s := l.s
	send(client.OpSteer, "#hold and steer")
	srv.Proceed(s.ID()) // the first turn ends; the steer is taken in, and holds
	l.until("the steer delivered", func() bool { return len(s.LaneItems()) == 0 })
	send("", "and then this")
	l.until("the queue", func() bool { return len(s.State().Queue) == 1 })
	l.do(s.Abort())
	ask := l.asked()
	if len(ask.Steers) != 0 || len(ask.Texts) != 1 {
		t.Fatalf("the question holds steers %q, follow-ups %q", ask.Steers, ask.Texts)
	}
}
