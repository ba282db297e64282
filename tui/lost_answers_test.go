package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/faultproxy"
)

// lossy is a person's client whose text commands and chimes go through a
// fault proxy on loopback that carries them out and loses the first n
// answers (the client's own retries included); everything else, the stream
// too, goes to the host directly. It records the requestId of every text
// command and chime that left the client.
type lossy struct {
	c      *client.Client
	drop   *faultproxy.DropAnswers
	mu     sync.Mutex
	ids    []string
	noWait bool // the session's events are unreachable: nothing confirms a send from the stream
}

// viaProxy is the op routes that go through the proxy.
func viaProxy(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	for _, op := range []string{"/prompt", "/follow_up", "/steer", "/chime"} {
		if strings.HasSuffix(r.URL.Path, op) {
			return true
		}
	}
	return false
}

func newLossy(t *testing.T, srv *vehicletest.Server, token, clientID string, n int64) *lossy {
	t.Helper()
	l := &lossy{drop: &faultproxy.DropAnswers{Target: srv.URL, N: n, Match: viaProxy}}
	proxy := httptest.NewServer(l.drop)
	t.Cleanup(func() { proxy.Close(); l.drop.Close() })
	via, _ := url.Parse(proxy.URL)
	hc := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		if l.noWait && r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/events") {
			return nil, errors.New("the test keeps the events out of reach")
		}
		if !viaProxy(r) {
			return http.DefaultTransport.RoundTrip(r)
		}
		body, _ := io.ReadAll(r.Body)
		var env struct {
			RequestID string `json:"requestId"`
		}
		_ = json.Unmarshal(body, &env)
		l.mu.Lock()
		l.ids = append(l.ids, env.RequestID)
		l.mu.Unlock()
		r = r.Clone(r.Context())
		r.URL.Host, r.Host = via.Host, ""
		r.Body = io.NopCloser(bytes.NewReader(body))
		return http.DefaultTransport.RoundTrip(r)
	})}
	retry := client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken(token), client.WithClientID(clientID),
		client.WithHTTPClient(hc), client.WithRetry(retry))
	if err != nil {
		t.Fatal(err)
	}
	l.c = c
	return l
}

// requestIDs is the requestIds sent so far, and how many distinct.
func (l *lossy) requestIDs() (all []string, distinct int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	seen := map[string]bool{}
	for _, id := range l.ids {
		seen[id] = true
	}
	return append([]string(nil), l.ids...), len(seen)
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestLateAnswerSettledByStream: a prompt the host ran whose answer is lost
// is not put back in the composer: the stream confirms it, and enter on the
// empty composer afterwards runs nothing again.
func TestLateAnswerSettledByStream(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := newLossy(t, srv, "ada-token", "cli-ada", 2)
	id := newSession(t, ada.c, "Late")
	cfg := hostConfig(t, ada.c)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	a.send(typing("hello there")...)
	a.send(keyEnter)
	a.see("You said: hello there", "confirmed by the stream")
	a.until("the lost answer", func(string) bool { return !a.m.tiles.Focused().Sending() })
	if got := ada.drop.Dropped.Load(); got != 2 {
		t.Fatalf("the proxy lost %d answers, want 2", got)
	}
	if v := a.m.composer.Value(); v != "" {
		t.Fatalf("the composer holds %q after a lost answer: enter would run it twice", v)
	}
	a.send(keyEnter)
	if n := count(srv, id, client.EvCommandAccepted); n != 1 {
		t.Fatalf("the host accepted %d commands, want 1", n)
	}
	if all, n := ada.requestIDs(); n != 1 {
		t.Fatalf("the prompt left under %d requestIds (%v), want 1", n, all)
	}
}

// TestLateChimeSentAgainOnce: a visitor's chime whose answer is lost stays
// out of the composer, shown as unconfirmed; enter sends the same request
// again and the host replays it: the room holds one chime.
func TestLateChimeSentAgainOnce(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := person(t, srv, "ada-token", "cli-ada")
	id := newSession(t, ada, "Room")
	bo := newLossy(t, srv, "bo-token", "cli-bo", 2)
	cfg := hostConfig(t, bo.c)
	cfg.SessionID, cfg.Chime = id, true
	b := drive(t, "bo", cfg, 100, 30)
	b.see("chiming into")
	b.send(typing("try the barn")...)
	b.send(keyEnter)
	b.see("no answer to your chime")
	if v := b.m.composer.Value(); v != "" {
		t.Fatalf("the composer holds %q after a lost answer: enter would chime twice", v)
	}
	b.send(keyEnter)
	b.see("held for the driver to decide")
	if n := count(srv, id, client.EvChimeReceived); n != 1 {
		t.Fatalf("the room received %d chimes, want 1", n)
	}
	if all, n := bo.requestIDs(); len(all) != 3 || n != 1 {
		t.Fatalf("the chime left %d times under %d requestIds (%v), want 3 under 1", len(all), n, all)
	}
}

// TestLeaseRequiredResendsSameRequest: a lease that lapsed on the host
// while this terminal thought it drove is claimed again quietly, and the
// prompt goes again under the same requestId.
func TestLeaseRequiredResendsSameRequest(t *testing.T) {
	t.Parallel()
	srv, clk := host(t)
	ada := newLossy(t, srv, "ada-token", "cli-ada", 0)
	id := newSession(t, ada.c, "Lapsed")
	cfg := hostConfig(t, ada.c)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal", "● live")
	clk.advance(24 * time.Hour) // the host's lease has lapsed; this terminal has not heard
	a.send(typing("still here")...)
	a.send(keyEnter)
	a.see("You said: still here")
	all, n := ada.requestIDs()
	if len(all) != 2 || n != 1 {
		t.Fatalf("the prompt left %d times under %d requestIds (%v), want 2 under 1 (refused, then sent again)", len(all), n, all)
	}
}

// TestLateAnswerSentAgainReplayed: with no stream to confirm it, a prompt
// whose answer was lost waits in the queue lane; enter on the empty
// composer sends the same request again, which the host replays: it ran
// once.
func TestLateAnswerSentAgainReplayed(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	ada := newLossy(t, srv, "ada-token", "cli-ada", 2)
	ada.noWait = true
	id := newSession(t, ada.c, "Blind")
	cfg := hostConfig(t, ada.c)
	cfg.SessionID = id
	a := drive(t, "ada", cfg, 100, 30)
	a.see("● you drive from this terminal")
	a.send(typing("once only")...)
	a.send(keyEnter)
	a.see("no answer yet: enter sends the same request again · once only")
	if v := a.m.composer.Value(); v != "" {
		t.Fatalf("the composer holds %q after a lost answer", v)
	}
	a.send(keyEnter)
	a.until("the replayed answer", func(s string) bool { return !a.m.tiles.Focused().Sending() && !strings.Contains(s, "no answer yet") })
	if a.m.tiles.Focused().Unconfirmed() != nil || a.m.LastError() != "" {
		t.Fatalf("the resend did not settle the prompt: %+v, %q", a.m.tiles.Focused().Unconfirmed(), a.m.LastError())
	}
	if n := count(srv, id, client.EvCommandAccepted); n != 1 {
		t.Fatalf("the host accepted %d commands, want 1", n)
	}
	if all, n := ada.requestIDs(); len(all) != 3 || n != 1 {
		t.Fatalf("the prompt left %d times under %d requestIds (%v), want 3 under 1", len(all), n, all)
	}
}
