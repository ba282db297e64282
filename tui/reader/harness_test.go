package reader

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// waitLimit bounds every wait for a line.
const waitLimit = 10 * time.Second

// output is the mode's output, safe to read while it is written; changed
// is closed and replaced on every write.
type output struct {
	mu      sync.Mutex
	b       strings.Builder
	changed chan struct{}
}

func newOutput() *output { return &output{changed: make(chan struct{})} }

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.b.Write(p)
	close(o.changed)
	o.changed = make(chan struct{})
	return len(p), nil
}

// snapshot is the output so far and the channel closed on the next write.
func (o *output) snapshot() (string, chan struct{}) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String(), o.changed
}

// run is the mode running in a test: lines go in through a pipe, what it
// writes is kept.
type run struct {
	t     *testing.T
	out   *output
	done  chan error
	typed chan string // lines to type, written in order
	ended sync.Once
	from  int // where the next wait starts reading
}

// start runs the mode on cfg until the test ends (or /quit).
func start(t *testing.T, cfg Config) *run {
	t.Helper()
	pr, pw := io.Pipe()
	r := &run{t: t, out: newOutput(), done: make(chan error, 1), typed: make(chan string, 64)}
	go func() {
		defer pw.Close() // the end of the input
		for l := range r.typed {
			if _, err := io.WriteString(pw, l); err != nil {
				return
			}
		}
	}()
	cfg.In, cfg.Out = pr, r.out
	ctx, cancel := context.WithCancel(context.Background())
	go func() { r.done <- Run(ctx, cfg) }()
	t.Cleanup(func() {
		r.endInput()
		_ = pw.Close()
		cancel()
		select {
		case <-r.done:
		case <-time.After(waitLimit):
			t.Error("the mode did not end")
		}
	})
	return r
}

// endInput ends the input after the lines typed.
func (r *run) endInput() { r.ended.Do(func() { close(r.typed) }) }

// typeLine types one line.
func (r *run) typeLine(line string) {
	r.typed <- line + "\n"
}

// see waits until every want has been written since the last wait, in
// order, and moves past the last.
func (r *run) see(wants ...string) {
	r.t.Helper()
	deadline := time.After(waitLimit)
	for {
		s, changed := r.out.snapshot()
		if at, ok := findInOrder(s[r.from:], wants); ok {
			r.from += at
			return
		}
		select {
		case <-changed:
		case <-deadline:
			r.t.Fatalf("did not see %q after:\n%s", wants, s[r.from:])
		}
	}
}

// findInOrder finds each want after the one before; at is the end of the
// last.
func findInOrder(s string, wants []string) (at int, ok bool) {
	for _, w := range wants {
		i := strings.Index(s[at:], w)
		if i < 0 {
			return 0, false
		}
		at += i + len(w)
	}
	return at, true
}

// all is everything written so far.
func (r *run) all() string {
	s, _ := r.out.snapshot()
	return s
}

// host is a reference host on loopback with numbered ids.
func host(t *testing.T, opts ...vehicletest.Option) *vehicletest.Server {
	return vehicletest.NewServer(t, append([]vehicletest.Option{vehicletest.WithDeterministicIDs()}, opts...)...)
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

// newSession creates a session held by c (released unless keep) and
// returns its id.
func newSession(t *testing.T, c *client.Client, title string, keep bool) string {
	t.Helper()
	cr, err := c.Create(context.Background(), client.CreateRequest{Title: title})
	if err != nil {
		t.Fatal(err)
	}
	if !keep {
		if err := c.Release(context.Background(), cr.Session.SessionID); err != nil {
			t.Fatal(err)
		}
	}
	return cr.Session.SessionID
}

// plain fails the test when the output has an escape sequence, another
// control character than a newline, or a box-drawing character.
func plain(t *testing.T, s string) {
	t.Helper()
	for i, c := range s {
		switch {
		case c == '\n':
		case c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0):
			t.Fatalf("control character %U at %d in:\n%s", c, i, s)
		case c >= 0x2500 && c <= 0x259f:
			t.Fatalf("box-drawing character %q at %d in:\n%s", c, i, s)
		}
	}
}
