package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// waitLimit bounds every wait for a screen. It only guards against a hang
// (a wait ends as soon as what it waits for shows), so it allows for a
// loaded machine under -race: 10 s cut a wall test once at a load of 15.
const waitLimit = 30 * time.Second

// harness runs a model against a real host as Bubble Tea would: every
// command in a goroutine, every answer back through Update on the test's
// goroutine.
type harness struct {
	t    *testing.T
	name string
	m    *Model
	msgs chan tea.Msg
	done chan struct{}
	log  []tea.Msg // every message handled, in order
}

// drive starts a model on cfg at w x h and runs its Init.
func drive(t *testing.T, name string, cfg Config, w, h int) *harness {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Context = ctx
	if cfg.FlushEvery == 0 {
		cfg.FlushEvery = 5 * time.Millisecond
	}
	hs := &harness{t: t, name: name, m: New(cfg), msgs: make(chan tea.Msg, 256), done: make(chan struct{})}
	t.Cleanup(func() {
		cancel()
		close(hs.done)
	})
	hs.m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	return hs
}

// run runs a command in a goroutine and queues its answer.
func (h *harness) run(cmd tea.Cmd) {
	uitest.Run(cmd, func(msg tea.Msg) {
		select {
		case h.msgs <- msg:
		case <-h.done:
		}
	})
}

// send hands messages to the model and runs their commands.
func (h *harness) send(msgs ...tea.Msg) {
	for _, msg := range msgs {
		h.log = append(h.log, msg)
		_, cmd := h.m.Update(msg)
		h.run(cmd)
	}
}

// drain handles the answers already queued, waiting for none.
func (h *harness) drain() {
	for {
		select {
		case msg := <-h.msgs:
			h.send(msg)
		default:
			return
		}
	}
}

// until handles the model's answers until the screen satisfies ok.
func (h *harness) until(what string, ok func(string) bool) string {
	h.t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for {
		s := screen(h.m)
		if ok(s) {
			return s
		}
		select {
		case msg := <-h.msgs:
			h.send(msg)
		case <-deadline.C:
			h.t.Fatalf("%s: waited %v for %s; the screen:\n%s", h.name, waitLimit, what, s)
		}
	}
}

// answered reports whether a message of the kind ok picks was handled after
// the last one that asks for it (asks), or none asked.
func (h *harness) answered(asks, ok func(tea.Msg) bool) bool {
	asked, got := -1, -1
	for i, msg := range h.log {
		if asks(msg) {
			asked = i
		}
		if ok(msg) {
			got = i
		}
	}
	return got > asked
}

// see waits until the screen shows every text.
func (h *harness) see(texts ...string) string {
	h.t.Helper()
	return h.until(strings.Join(texts, " and "), func(s string) bool {
		for _, t := range texts {
			if !strings.Contains(s, t) {
				return false
			}
		}
		return true
	})
}

// clock is a host clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now is the clock's time.
func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// host is a reference host with numbered ids on the test's clock, and
// opts (a variant's choices).
func host(t *testing.T, opts ...vehicletest.Option) (*vehicletest.Server, *clock) {
	t.Helper()
	clk := &clock{now: t0}
	srv := vehicletest.NewServer(t, append([]vehicletest.Option{vehicletest.WithDeterministicIDs(),
		vehicletest.WithClock(clk.Now)}, opts...)...)
	return srv, clk
}

// variants runs test under each of the host's answers where the seed
// leaves a choice (vehicletest.Variants): its own, and the other one.
func variants(t *testing.T, test func(t *testing.T, opts ...vehicletest.Option)) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) { test(t, v.Options()...) })
	}
}

// person is a client of the demo graph with a token and a client id.
func person(t *testing.T, srv *vehicletest.Server, token, clientID string) *client.Client {
	t.Helper()
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(clientID))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// hostConfig is a test config on a real host.
func hostConfig(t *testing.T, c *client.Client) Config {
	cfg := testConfig(t)
	cfg.Client, cfg.Principal = c, ""
	return cfg
}

// newSession creates a session held by c and returns its id.
func newSession(t *testing.T, c *client.Client, title string) string {
	t.Helper()
	cr, err := c.Create(context.Background(), client.CreateRequest{Title: title})
	if err != nil {
		t.Fatal(err)
	}
	return cr.Session.SessionID
}

// adaDrives opens a new session of Ada's (cli-ada) on srv, titled title,
// in a UI of w x h that drives it.
func adaDrives(t *testing.T, srv *vehicletest.Server, title string, w, h int) *harness {
	t.Helper()
	ada := person(t, srv, "ada-token", "cli-ada")
	cfg := hostConfig(t, ada)
	cfg.SessionID = newSession(t, ada, title)
	return drive(t, "ada", cfg, w, h)
}

// count is how many of the host's events of a session have a type.
func count(srv *vehicletest.Server, id, typ string) int {
	n := 0
	for _, ev := range srv.Events(id) {
		if ev.Type == typ {
			n++
		}
	}
	return n
}

// fastRetry is a retry policy for a test that waits on a lost answer's
// retries: the same attempts the client makes, a millisecond apart instead
// of the default backoff's seconds.
func fastRetry() client.Option {
	return client.WithRetry(client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond})
}
