package tui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/picker"
)

// TestFailedListingIsItsOwnScreen is trap 6: a listing that fails shows
// what failed and what to do, never "No sessions yet", and r lists again;
// every error can be read whole.
func TestFailedListingIsItsOwnScreen(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cases := []struct {
		name string
		opts []client.Option
		url  string
		want []string
	}{
		{"unauthorized", []client.Option{client.WithToken("not-a-token")}, srv.URL,
			[]string{"(HTTP 401)", "gardend did not accept the token in use", "Run vehicle login"}},
		{"wrong mount", []client.Option{client.WithToken("ada-token"), client.WithMount("/wrong")}, srv.URL,
			[]string{"(HTTP 404)", "gardend answered 404 at " + srv.URL + "/wrong", "--mount or VEHICLE_MOUNT"}},
		{"unreachable", []client.Option{fastRetry()}, "http://127.0.0.1:9",
			[]string{"Nothing answered at http://127.0.0.1:9", "--gardend or VEHICLE_GARDEND"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl, err := client.New(c.url, append([]client.Option{client.WithGraph("demo"), client.WithClientID("cli-x")}, c.opts...)...)
			if err != nil {
				t.Fatal(err)
			}
			h := drive(t, c.name, hostConfig(t, cl), 80, 24)
			got := h.see(append([]string{"✗ Your sessions could not be listed.", "enter tries again"}, c.want...)...)
			if strings.Contains(got, "No sessions yet") || strings.Contains(got, "0 sessions") {
				t.Errorf("a failed listing looks like an empty one:\n%s", got)
			}
			asked := h.m.picker.Asked()
			h.send(press('r'))
			if h.m.picker.Asked() != asked {
				t.Error("r listed again: a letter is the filter's")
			}
			h.send(keyBackspace)
			h.send(keyEnter)
			if h.m.picker.Asked() != asked+1 {
				t.Error("enter did not list again")
			}
			h.see("listing your sessions again…")
			h.until("the second answer", func(string) bool { return !h.m.picker.Loading() })
			h.send(keyF3)
			whole := h.see("Errors, newest first")
			if len(h.m.note.Errors()) == 0 || !strings.Contains(strings.Join(strings.Fields(whole), " "), firstWords(h.m.note.Errors()[0], 6)) {
				t.Errorf("the errors overlay does not show the last error %q:\n%s", h.m.note.Errors(), whole)
			}
		})
	}
}

// firstWords is the first n words of s, for finding wrapped text.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// TestMissingSessionSaysSo: a session asked for at start that the host does
// not have says not_found on the picker it falls back to, after the listing
// comes back too; and ctrl+c there says that a second one quits rather than
// seeming to do nothing behind the error.
func TestMissingSessionSaysSo(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-x"))
	cfg.SessionID = "s99"
	h := drive(t, "missing", cfg, 100, 24)
	h.until("the listing after the failed open", func(string) bool {
		return h.m.picker.Asked() > 0 && !h.m.picker.Loading()
	})
	h.see("not_found")
	h.send(keyCtrlC)
	h.see("ctrl+c again quits")
}

// TestErrorsNameTheDebugLog: with a debug log on, the errors overlay says
// where it is, so the whole story of a failure can be found.
func TestErrorsNameTheDebugLog(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	cfg := hostConfig(t, person(t, srv, "ada-token", "cli-x"))
	cfg.SessionID = "s99"
	cfg.DebugLog = "/tmp/state/vehicle/debug.log"
	h := drive(t, "log", cfg, 100, 24)
	h.see("not_found")
	h.send(keyF3)
	h.see("Errors, newest first", "The debug log has every request: /tmp/state/vehicle/debug.log")
}

// TestWrongGraphIsNotTheMount is issue 24's tenth item: a graph the host
// does not know (or the person has no role on) is said as such, and the
// mount is not blamed.
func TestWrongGraphIsNotTheMount(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	c, err := client.New(srv.URL, client.WithGraph("nope"), client.WithToken("ada-token"), client.WithClientID("cli-x"))
	if err != nil {
		t.Fatal(err)
	}
	h := drive(t, "nope", hostConfig(t, c), 100, 24)
	got := h.see("✗ Your sessions could not be listed.", "it knows no graph nope that you may use", "--graph or VEHICLE_GRAPH")
	if strings.Contains(got, "--mount") {
		t.Errorf("a wrong graph blames the mount:\n%s", got)
	}
}

// TestSessionNotSharedSaysSo: watching another person's session is the
// host's not_found, said as no access to it (only its owner reads it).
func TestSessionNotSharedSaysSo(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	id := newSession(t, person(t, srv, "ada-token", "cli-ada"), "Ada's own")
	cfg := hostConfig(t, person(t, srv, "bo-token", "cli-bo"))
	cfg.Watch, cfg.SessionID = true, id
	b := drive(t, "bo", cfg, 120, 24)
	b.see("✗ not_found: no access to session " + id + ": only its owner reads it")
	if !strings.Contains(b.m.note.Errors()[0], "the host said: session "+id+" not found") {
		t.Errorf("the errors list says %q", b.m.note.Errors()[0])
	}
}

// TestRetryKeyAfterTheListCameBack: the failure screen's enter, pressed just as
// the list came back by itself, says the list is back (it is what the
// screen said) and opens nothing; r is a letter of the filter, always.
func TestRetryKeyAfterTheListCameBack(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	now := t0
	cfg.Now = func() time.Time { return now }
	m := newModel(t, cfg, 80, 24)
	m.Init()
	feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Principal: "user:ada",
		Err: &client.Error{Status: 503, Code: "unavailable", Message: "down"}})
	if !strings.Contains(screen(m), "enter tries again") {
		t.Fatalf("no failure screen:\n%s", screen(m))
	}
	feed(m, picker.ListedMsg{Gen: m.picker.Asked(), Poll: m.picker.Opened(), Principal: "user:ada", List: sessions()})
	feed(m, keyEnter)
	if s := screen(m); m.focus != focusPicker || !strings.Contains(s, "came back by itself") {
		t.Errorf("enter just after the list came back:\n%s", s)
	}
	feed(m, press('r'))
	if s := screen(m); !strings.Contains(s, "filter: r") {
		t.Errorf("r is not a letter of the filter:\n%s", s)
	}
}

// TestEveryErrorIsInF3: errors the transcript draws (a turn that failed,
// twice) are in the errors list, each.
func TestEveryErrorIsInF3(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Failing")
	cfg := hostConfig(t, ada)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	for range 2 {
		a.send(typing("please #fail")...)
		a.send(keyEnter)
		a.until("the run settled", func(string) bool {
			return !a.m.tiles.Focused().Sending() && a.m.tiles.Focused().State().Run == client.RunIdle
		})
	}
	a.until("both failures", func(string) bool { return len(a.m.note.Errors()) >= 2 })
	a.send(keyF3)
	got := a.see("Errors, newest first")
	if n := strings.Count(strings.Join(a.m.note.Errors(), "\n"), "#fail"); n < 2 || strings.Contains(got, "No error so far") {
		t.Errorf("the errors list holds %d of the two failures:\n%s", n, got)
	}
}

// swapProxy forwards to one host, then to another: a host that restarts
// with another state at the same address. While it swaps, requests wait.
type swapProxy struct {
	mu     sync.RWMutex
	target *httputil.ReverseProxy
}

func (p *swapProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.RLock()
	t := p.target
	p.mu.RUnlock()
	t.ServeHTTP(w, r)
}

// to points the proxy at url.
func (p *swapProxy) to(raw string) {
	u, _ := url.Parse(raw)
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1
	p.target = rp
}

// TestHostForgotReloads: the host restarts with an empty state at the same
// address; the stream resumes with nothing to replay, and the session is
// read again rather than kept as the old transcript and chimes.
func TestHostForgotReloads(t *testing.T) {
	t.Parallel()
	first, _ := host(t)
	second, _ := host(t)
	p := &swapProxy{}
	p.to(first.URL)
	front := httptest.NewServer(p)
	t.Cleanup(front.Close)
	at := func(srv *vehicletest.Server, token, id string) *client.Client {
		c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(id))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ada := at(first, "ada-token", "cli-ada")
	id := newSession(t, ada, "Before the restart")
	if _, err := ada.Prompt(context.Background(), id, "an old turn"); err != nil {
		t.Fatal(err)
	}
	if _, err := at(first, "bo-token", "cli-bo").Chime(context.Background(), id, "an old chime"); err != nil {
		t.Fatal(err)
	}
	ui, err := client.New(front.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-ada"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := hostConfig(t, ui)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("You said: an old turn", "an old chime", "idle", "● live")

	p.mu.Lock() // the restart: requests wait until the new host is up
	if newSession(t, at(second, "ada-token", "cli-ada"), "After the restart") != id {
		t.Fatal("the new host's first session has another id")
	}
	p.to(second.URL)
	p.mu.Unlock()
	first.CutStreams()
	got := a.see("vehicle · After the restart", "s1 was read again", "● you drive from this terminal")
	if strings.Contains(got, "an old turn") || strings.Contains(got, "an old chime") {
		t.Errorf("the old transcript or chimes stayed:\n%s", got)
	}
}
