package ride

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// slowHost serves the reference host behind a handler that sees every
// request begin and end: reads (GETs) are delayed at random, and hold, when
// set, is called at the start of each read with its number (from 1).
type slowHost struct {
	srv      *httptest.Server
	maxDelay time.Duration
	hold     func(rq *http.Request, n int)

	mu       sync.Mutex
	reads    int      // reads begun
	inFlight int      // reads begun and not ended
	peak     int      // the most reads in flight at once
	conns    int      // connections opened to the host
	log      []string // "read+", "read-" and "PATCH" in the order they happened
	changed  chan struct{}
}

func newSlowHost(t *testing.T, maxDelay time.Duration) *slowHost {
	t.Helper()
	h := vehicletest.New(vehicletest.WithDeterministicIDs(), vehicletest.WithMount(""))
	s := &slowHost{maxDelay: maxDelay, changed: make(chan struct{})}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, rq *http.Request) {
		if rq.Method != http.MethodGet {
			s.note(rq.Method, 0)
			h.ServeHTTP(w, rq)
			return
		}
		n := s.note("read+", 1)
		if s.hold != nil {
			s.hold(rq, n)
		}
		if s.maxDelay > 0 {
			time.Sleep(rand.N(s.maxDelay)) // the host's latency, not a wait for an event
		}
		h.ServeHTTP(w, rq)
		s.note("read-", -1)
	}))
	s.srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.mu.Lock()
			s.conns++
			s.mu.Unlock()
		}
	}
	s.srv.Start()
	t.Cleanup(func() {
		s.srv.Close()
		h.Close()
	})
	return s
}

// note logs what happened and moves the reads in flight by d; it returns
// the number of reads begun.
func (s *slowHost) note(what string, d int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = append(s.log, what)
	s.inFlight += d
	if d > 0 {
		s.reads++
	}
	s.peak = max(s.peak, s.inFlight)
	close(s.changed)
	s.changed = make(chan struct{})
	return s.reads
}

// waitBegun waits until n reads have begun, stop is closed or waitLimit/2
// has passed, and returns how many had.
func (s *slowHost) waitBegun(n int, stop <-chan struct{}) int {
	deadline := time.After(waitLimit / 2)
	for {
		s.mu.Lock()
		begun, changed := s.reads, s.changed
		s.mu.Unlock()
		if begun >= n {
			return begun
		}
		select {
		case <-changed:
		case <-deadline:
			return begun
		case <-stop:
			return begun
		}
	}
}

// peakInFlight returns the most reads that were in flight at once.
func (s *slowHost) peakInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak
}

// connsOpened returns how many connections were opened to the host.
func (s *slowHost) connsOpened() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

// answers returns the requestIds of the frames between ready and closed.
func answers(t *testing.T, r *testRide) []string {
	t.Helper()
	fs := r.frames()
	if len(fs) < 2 || fs[0].Type != client.TypeReady || fs[len(fs)-1].Type != client.TypeClosed {
		t.Fatalf("not a whole ride: %v", r.types())
	}
	var ids []string
	for _, f := range fs[1 : len(fs)-1] {
		ids = append(ids, f.RequestID)
	}
	return ids
}

// TestPipelineKeepsOrder: reads answered by a host whose latency varies at
// random come out in the order of the lines. While the first read is held,
// the reads behind it start until the window is full, and no more; the
// window's connections are kept and reused. Window 0 is DefaultWindow.
func TestPipelineKeepsOrder(t *testing.T) {
	t.Parallel()
	for _, given := range []int{0, 1, 4, 16} {
		t.Run(fmt.Sprint(given), func(t *testing.T) {
			window := given
			if given == 0 {
				window = DefaultWindow
			}
			host := newSlowHost(t, 3*time.Millisecond)
			filled := make(chan int, 1)
			// The first read waits until the window is full: the reads behind
			// it must start while it is in flight, up to the window's size.
			host.hold = func(rq *http.Request, _ int) {
				if rq.URL.Path == "/account" { // r0, the head of the line
					filled <- host.waitBegun(window, nil)
				}
			}
			c := newClient(t, host.srv.URL, "ada-token", "ride-a", client.WithHTTPClient(NewHTTPClient(given)))
			r := startRun(t, Config{Client: c, New: true, Window: given})
			ops := []string{`"op":"inspect"`, `"op":"capsule"`, `"op":"watch","since":0`}
			var want, lines []string
			for i := range 200 {
				id := fmt.Sprintf("r%d", i)
				want = append(want, id)
				op := ops[i%len(ops)]
				if i == 0 {
					op = `"op":"account"` // the only account: the one held
				}
				lines = append(lines, fmt.Sprintf(`{%s,"requestId":%q}`, op, id))
			}
			r.send(lines...)
			_ = r.in.Close()
			if err := r.wait(); err != nil {
				t.Fatal(err)
			}
			if begun := <-filled; begun != window {
				t.Errorf("while the first read was held, %d reads began, want the window's %d", begun, window)
			}
			if peak := host.peakInFlight(); peak > window {
				t.Errorf("%d reads in flight at once, over the window of %d", peak, window)
			}
			if got := answers(t, r); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("answers out of order:\n got %v\nwant %v", got, want)
			}
			// NewHTTPClient keeps the window's connections: the create, the
			// window, and the release at the end reuse them (one more may be
			// dialled while a connection is on its way back to the pool, as
			// net/http does under load: without the kept window, 200 reads
			// open far more).
			if n := host.connsOpened(); n > window+2 {
				t.Errorf("%d connections opened for a window of %d: the transport does not keep them", n, window)
			}
		})
	}
}

// TestMutationWaitsForReads: a rename starts only after every read before it
// has its answer and before any read after it starts, and the reads after it
// see the new title.
func TestMutationWaitsForReads(t *testing.T) {
	host := newSlowHost(t, 5*time.Millisecond)
	r := startRun(t, Config{Client: newClient(t, host.srv.URL, "ada-token", "ride-a"), New: true, Window: 8})
	var lines []string
	for m := range 10 {
		for i := range 6 {
			lines = append(lines, fmt.Sprintf(`{"op":"inspect","requestId":"i%d.%d"}`, m, i))
		}
		lines = append(lines, fmt.Sprintf(`{"op":"rename","requestId":"m%d","title":"t%d"}`, m, m))
	}
	r.send(lines...)
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	host.mu.Lock()
	log := append([]string(nil), host.log...)
	host.mu.Unlock()
	begun, ended, renames := 0, 0, 0
	for _, what := range log {
		switch what {
		case "read+":
			begun++
		case "read-":
			ended++
		case http.MethodPatch:
			if want := 6 * (renames + 1); begun != want || ended != want {
				t.Errorf("rename %d began with %d reads begun and %d ended, want %d of each", renames, begun, ended, want)
			}
			renames++
		}
	}
	if renames != 10 {
		t.Fatalf("%d renames reached the host, want 10", renames)
	}
	for _, f := range r.frames() {
		var m, i int
		if _, err := fmt.Sscanf(f.RequestID, "i%d.%d", &m, &i); err != nil || f.Type != client.TypeSessionSnapshot {
			continue
		}
		var v struct {
			Session struct {
				Title string `json:"title"`
			} `json:"session"`
		}
		if err := f.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("t%d", m-1); m > 0 && v.Session.Title != want {
			t.Errorf("%s saw the title %q, want %q (the rename before it)", f.RequestID, v.Session.Title, want)
		}
	}
	if got := answers(t, r); len(got) != len(lines) {
		t.Errorf("%d answers to %d lines", len(got), len(lines))
	}
}

// TestHungReadAnswersInPlace: a read (the third) the host never answers gets unreachable
// after the deadline, in its place among the answers of the reads around it,
// which were in flight meanwhile.
func TestHungReadAnswersInPlace(t *testing.T) {
	t.Parallel()
	host := newSlowHost(t, 0)
	gone := make(chan struct{})
	t.Cleanup(func() { close(gone) })
	behind := make(chan int, 1)
	host.hold = func(rq *http.Request, _ int) {
		if !strings.HasSuffix(rq.URL.Path, "/capsule") {
			return
		}
		// The two reads before it are answered and printed; then the reads
		// behind it start while it hangs, up to the window (r2 to r5); the
		// hung one never answers, until the client gives up.
		behind <- host.waitBegun(6, rq.Context().Done())
		select {
		case <-gone:
		case <-rq.Context().Done():
		}
	}
	const timeout = 300 * time.Millisecond
	r := startRun(t, Config{Client: newClient(t, host.srv.URL, "ada-token", "ride-a"), New: true, RequestTimeout: timeout, Window: 4})
	var want, lines []string
	for i := range 12 {
		id := fmt.Sprintf("r%d", i)
		want = append(want, id)
		op := "inspect"
		if i == 2 {
			op = "capsule" // the one the host never answers
		}
		lines = append(lines, fmt.Sprintf(`{"op":%q,"requestId":%q}`, op, id))
	}
	r.send(lines...)
	_ = r.in.Close()
	if err := r.wait(); err != nil {
		t.Fatal(err)
	}
	if got := answers(t, r); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("answers out of order:\n got %v\nwant %v", got, want)
	}
	if begun := <-behind; begun != 6 {
		t.Errorf("while the third read hung, %d reads began, want 6 (the two before it and the window of 4 from it)", begun)
	}
	for i, f := range r.frames()[1 : len(lines)+1] {
		var details struct {
			TimeoutMs int64 `json:"timeoutMs"`
		}
		_ = json.Unmarshal(f.Details, &details)
		hung := i == 2 // the third read
		if hung && (f.Code != CodeUnreachable || details.TimeoutMs != timeout.Milliseconds()) {
			t.Errorf("the hung read: %+v", f)
		}
		if !hung && f.Type != client.TypeSessionSnapshot {
			t.Errorf("%s: %+v", f.RequestID, f)
		}
	}
}
