package export_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// clock is a host clock the test moves by hand, so that golden files hold.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// fixture is a session on the reference host with every kind of entry: a
// titled session, a turn with a tool call, a collaborator's accepted chime, a
// failing tool, and host text carrying terminal escapes.
type fixture struct {
	srv  *vehicletest.Server
	ada  *client.Client
	id   string
	snap *client.Snapshot
}

// newFixture builds the session, waiting for each run to settle.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	clk := &clock{t: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)}
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithClock(clk.now), vehicletest.WithMirror(false))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ada := mustClient(t, srv, "ada-token", "laptop")
	bo := mustClient(t, srv, "bo-token", "bo-phone")
	created, err := ada.Create(ctx, client.CreateRequest{Title: "Barn plans: Q4 / 2026"})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{srv: srv, ada: ada, id: created.Session.SessionID}
	cursor := created.Cursor
	step := func(send func() error) {
		t.Helper()
		clk.advance(90 * time.Second)
		if err := send(); err != nil {
			t.Fatal(err)
		}
		cursor = waitSettled(ctx, t, ada, f.id, cursor)
	}
	step(func() error { _, err := ada.Prompt(ctx, f.id, "which documents mention the barn? #tool"); return err })
	step(func() error {
		ch, err := bo.Chime(ctx, f.id, "ask about the roof too")
		if err != nil {
			return err
		}
		_, err = ada.AcceptChime(ctx, f.id, ch.ChimeID)
		return err
	})
	step(func() error { _, err := ada.Prompt(ctx, f.id, "open the plan #toolerror"); return err })
	step(func() error {
		_, err := ada.Prompt(ctx, f.id, "colours \x1b[31mred\x1b[0m and a clipboard write \x1b]52;c;aGk=\x07done\r\n```go\nfmt.Println(1)")
		return err
	})
	if f.snap, err = ada.Inspect(ctx, f.id); err != nil {
		t.Fatal(err)
	}
	return f
}

func mustClient(t *testing.T, srv *vehicletest.Server, token, clientID string) *client.Client {
	t.Helper()
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(clientID))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// waitSettled long-polls from since until a run settles and returns the
// cursor after it.
func waitSettled(ctx context.Context, t *testing.T, c *client.Client, id string, since int64) int64 {
	t.Helper()
	for {
		res, err := c.Watch(ctx, id, since, 5*time.Second)
		if err != nil {
			t.Fatalf("waiting for the run to settle: %v", err)
		}
		for _, ev := range res.Events {
			if ev.Type == client.EvRunSettled {
				return ev.Seq
			}
		}
		since = res.Cursor
	}
}
