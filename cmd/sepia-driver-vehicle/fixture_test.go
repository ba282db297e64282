package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
	"github.com/sophia-labs/vehicle/internal/config"
)

// fixedNow is the reference host's clock in the goldens.
func fixedNow() time.Time { return time.Date(2026, 10, 14, 9, 30, 0, 0, time.UTC) }

// quickRetry keeps the goldens' unreachable cases short.
func quickRetry() client.RetryPolicy {
	return client.RetryPolicy{Attempts: 2, Base: time.Millisecond, Max: time.Millisecond}
}

// world is a reference host behind a front that can answer for it, and the
// sessions the fixture made on it.
type world struct {
	host  *vehicletest.Host
	front *httptest.Server
	ada   *client.Client
	// Sessions of ada on graph demo.
	plan, fork, spare, busy string
}

// Paths whose session routes the front answers itself, as a broken or
// crowded host would.
const (
	lockedID  = "s-locked"  // answers lease_held
	brokenID  = "s-broken"  // answers 500 with an error frame
	gatewayID = "s-gateway" // answers 503 with no frame (a proxy's)
)

// newWorld starts a deterministic reference host behind a front, and makes
// the fixture's sessions: plan (a talk with a tool call), fork (a fork of
// plan), spare (to delete) and busy (a run held by #hold).
func newWorld(t testing.TB, opts ...vehicletest.Option) *world {
	t.Helper()
	opts = append([]vehicletest.Option{vehicletest.WithDeterministicIDs(), vehicletest.WithClock(fixedNow)}, opts...)
	h := vehicletest.New(opts...)
	t.Cleanup(h.Close)
	w := &world{host: h}
	w.front = httptest.NewServer(http.HandlerFunc(w.serve))
	t.Cleanup(w.front.Close)
	w.ada = w.client(t, "ada-token")
	return w
}

// serve answers the fault paths and passes the rest to the host.
func (w *world) serve(rw http.ResponseWriter, r *http.Request) {
	frame := func(status int, code, msg string) {
		rw.Header().Set("Content-Type", "application/json")
		rw.WriteHeader(status)
		_, _ = rw.Write([]byte(`{"protocol":"` + client.Protocol + `","type":"error","code":"` + code + `","message":"` + msg + `"}`))
	}
	switch {
	case strings.Contains(r.URL.Path, "/sessions/"+lockedID):
		frame(http.StatusConflict, client.CodeLeaseHeld, "another client holds the lease")
	case strings.Contains(r.URL.Path, "/sessions/"+brokenID):
		frame(http.StatusInternalServerError, "internal", "the session's log cannot be read: disk full")
	case strings.Contains(r.URL.Path, "/sessions/"+gatewayID):
		http.Error(rw, "upstream connect error", http.StatusServiceUnavailable)
	default:
		w.host.ServeHTTP(rw, r)
	}
}

// client is a library client for the person with token, through the front.
func (w *world) client(t testing.TB, token string) *client.Client {
	t.Helper()
	c, err := client.New(w.front.URL, client.WithGraph("demo"), client.WithToken(token),
		client.WithClientID("fixture"), client.WithRetry(quickRetry()))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// env is the driver's environment for this world.
func (w *world) env(token string) map[string]string {
	return map[string]string{config.EnvGardend: w.front.URL, config.EnvGraph: "demo", config.EnvToken: token}
}

// resolver resolves the driver's store from env, as the binary does, with
// quick retries.
func resolver(env map[string]string) driver.Resolver {
	return driver.EnvResolver(config.MapEnv(env), nil, client.WithRetry(quickRetry()), client.WithClientID("sepia-driver"))
}

// populate makes the fixture's sessions.
func (w *world) populate(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	w.plan = w.create(t, "Plan the garden")
	w.talk(t, w.plan, "What grows well in shade?")
	w.talk(t, w.plan, "#tool find my notes on ferns")
	snap, err := w.ada.Inspect(ctx, w.plan)
	if err != nil || len(snap.Transcript) < 3 {
		t.Fatalf("inspect %s: %v (%d items)", w.plan, err, len(snap.Transcript))
	}
	br, err := w.ada.Fork(ctx, w.plan, snap.Transcript[2].EntryID)
	if err != nil {
		t.Fatalf("fork: %v", err)
	}
	w.fork = br.Session.SessionID
	w.spare = w.create(t, "")
	w.talk(t, w.spare, "A session to delete")
	w.busy = w.create(t, "Busy")
	if _, err := w.ada.Prompt(ctx, w.busy, "#hold a long answer"); err != nil {
		t.Fatalf("prompt: %v", err)
	}
}

// create starts a session of ada's.
func (w *world) create(t testing.TB, title string) string {
	t.Helper()
	c, err := w.ada.Create(context.Background(), client.CreateRequest{Title: title})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return c.Session.SessionID
}

// talk prompts and waits for the run to settle.
func (w *world) talk(t testing.TB, id, text string) {
	t.Helper()
	before := count(w.host.Events(id), client.EvRunSettled)
	if _, err := w.ada.Prompt(context.Background(), id, text); err != nil {
		t.Fatalf("prompt %s: %v", id, err)
	}
	w.waitCount(t, id, client.EvRunSettled, before+1)
}

// waitCount long-polls the session's events until n of type typ have come,
// with a deadline.
func (w *world) waitCount(t testing.TB, id, typ string, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var since int64
	for seen := 0; seen < n; {
		res, err := w.ada.Watch(ctx, id, since, 5*time.Second)
		if err != nil {
			t.Fatalf("watch %s for %s: %v", id, typ, err)
		}
		seen += count(res.Events, typ)
		since = res.Cursor
	}
}

// count counts the events of type typ.
func count(events []client.Event, typ string) int {
	n := 0
	for _, e := range events {
		if e.Type == typ {
			n++
		}
	}
	return n
}

// deadAddress is the address of a listener that has closed: nothing answers.
func deadAddress(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := "http://" + ln.Addr().String()
	ln.Close()
	return addr
}
