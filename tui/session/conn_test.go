package session

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestConnSaysTheLinkAsItIs: the host cuts the stream while events come;
// the status line says the stream resumed with the events its replay
// brought (counted, not "0 events replayed"), then, once that was said a
// while, "● live" again: never a resume as the link's state for good
// (issue 36, item 4).
func TestConnSaysTheLinkAsItIs(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs())
	gate := &streamGate{open: make(chan struct{})}
	close(gate.open)
	person := func(id string, opts ...client.Option) *client.Client {
		c, err := client.New(srv.URL, append([]client.Option{client.WithGraph("demo"), client.WithToken("ada-token"),
			client.WithClientID(id)}, opts...)...)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := person("cli-ada", client.WithHTTPClient(&http.Client{Transport: gate}))
	cr, err := c.Create(t.Context(), client.CreateRequest{Title: "Cut"})
	if err != nil {
		t.Fatal(err)
	}
	id := cr.Session.SessionID
	ctx := uitest.Context()
	ctx.ClientID, ctx.Now = "cli-ada", time.Now
	s := New(&Config{Client: c, UI: ctx, Parent: t.Context(), FlushEvery: 10 * time.Millisecond,
		ResumeShown: 100 * time.Millisecond}, id, 1, &view{})
	l := &live{t: t, s: s, p: Place{Focused: true, Me: client.Me{ClientID: "cli-ada"}}, msgs: make(chan tea.Msg, 64)}
	l.run(s.Open("", false))
	conn := func() string { c := s.Conn(); return xansi.Strip(c.Text(ctx.Styles)) }
	l.until("● live", func() bool { return conn() == "● live" })

	gate.close() // the stream comes back only after the events: they are replayed
	srv.CutStreams()
	two := person("cli-two")
	for _, title := range []string{"Cut once", "Cut twice"} {
		if _, err := two.Rename(t.Context(), id, &title); err != nil {
			t.Fatal(err)
		}
	}
	gate.reopen()
	var said string
	l.until("the resume said with its replay", func() bool {
		said = conn()
		return strings.HasPrefix(said, "● live · resumed, ") && !strings.Contains(said, " 0 events")
	})
	l.until("● live again after "+said, func() bool { return conn() == "● live" })
}

// streamGate holds back the event stream's requests while it is closed.
type streamGate struct {
	mu   sync.Mutex
	open chan struct{}
}

func (g *streamGate) close() {
	g.mu.Lock()
	g.open = make(chan struct{})
	g.mu.Unlock()
}

func (g *streamGate) reopen() {
	g.mu.Lock()
	close(g.open)
	g.mu.Unlock()
}

// RoundTrip waits for the gate before an event-stream request.
func (g *streamGate) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Header.Get("Accept") == "text/event-stream" {
		g.mu.Lock()
		open := g.open
		g.mu.Unlock()
		select {
		case <-open:
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
	}
	return http.DefaultTransport.RoundTrip(r)
}
