package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// The fault test: a session of 2,000 events watched twice, directly and
// through a proxy that cuts the SSE connection at 100 random points (seeded;
// internal/soak goes on for longer).
// Both folds must end in the same state, and the cut stream must deliver every
// seq exactly once.
const (
	faultSeed   = 1
	faultEvents = 2000
	faultCuts   = 100
	faultBudget = 8 << 10 // bytes a connection carries before its cut, at most
)

func TestFaultCutStreams(t *testing.T) {
	t.Parallel()
	host := vehicletest.NewServer(t)
	// A bound for a hang, not a timing: on a loaded 2-core machine the run
	// takes 3 to 6 s under -race.
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	c := adaClient(t, host.URL)
	created, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	id := created.Session.SessionID
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		t.Fatalf("inspect: %v", err)
	}
	me := client.Me{Principal: "user:ada", ClientID: c.ClientID()}

	proxy := newCutProxy(t, strings.TrimPrefix(host.URL, "http://"), faultCuts, faultBudget)
	pc := adaClient(t, "http://"+proxy.addr())
	fast := client.RetryPolicy{Base: time.Millisecond, Max: 20 * time.Millisecond}
	direct, err := c.Stream(ctx, id, client.StreamOptions{Since: snap.Cursor})
	if err != nil {
		t.Fatalf("direct stream: %v", err)
	}
	defer direct.Close()
	cut, err := pc.Stream(ctx, id, client.StreamOptions{Since: snap.Cursor, Transport: client.TransportSSE, Backoff: fast})
	if err != nil {
		t.Fatalf("proxied stream: %v", err)
	}
	defer cut.Close()

	signals := foldSignals{finished: make(chan struct{}, 1<<14), settled: make(chan struct{}, 1<<14)}
	progress := foldSignals{progress: make(chan struct{}, 1)}
	directFold := foldAsync(client.NewState(me, snap), direct, &signals)
	cutFold := foldAsync(client.NewState(me, snap), cut, &progress)

	prompts := driveSession(ctx, t, c, id, direct, proxy, signals.finished)
	endSession(ctx, t, host, c, id, proxy, cut, &signals, &progress)
	want, got := <-directFold, <-cutFold
	if want.err != nil || got.err != nil {
		t.Fatalf("streams ended with errors: direct %v, cut %v", want.err, got.err)
	}
	n := int64(len(host.Events(id)))
	t.Logf("%d prompts, %d events (%d deltas direct, %d through the cuts), %d cuts",
		prompts, n, want.deltas, got.deltas, proxy.cuts.Load())
	checkSeqs(t, got.seqs, snap.Cursor+1, n)
	if proxy.cuts.Load() < faultCuts {
		t.Errorf("only %d cuts, want %d", proxy.cuts.Load(), faultCuts)
	}
	if !got.state.Deleted || !reflect.DeepEqual(stateView(want.state), stateView(got.state)) {
		t.Errorf("the cut stream's state differs from the uninterrupted one's:\n%s", diffStates(want.state, got.state))
	}
}

// endSession stops the cuts and deletes the session. A marker event the cut
// stream receives first shows that its connection is live (a last cut may be
// noticed only now), so that it sees session.deleted rather than a not_found
// on a reconnect after the delete.
func endSession(ctx context.Context, t *testing.T, host *vehicletest.Server, c *client.Client, id string,
	p *cutProxy, cut *client.Stream, direct, progress *foldSignals) {
	t.Helper()
	p.stop()
	marker := host.Emit(id, "test.marker", map[string]any{"cuts": p.cuts.Load()})
	for cut.Cursor() < marker {
		waitSignal(ctx, t, progress.progress)
	}
	for {
		_, err := c.Delete(ctx, id)
		if err == nil {
			return
		}
		if client.ErrorCode(err) != client.CodeSessionRunning {
			t.Fatalf("delete: %v", err)
		}
		waitSignal(ctx, t, direct.settled) // the last run is settling
	}
}

// driveSession sends short prompts, two commands at most open, until the session
// has faultEvents events and the proxy has cut faultCuts times; then it waits
// for the last command to finish. It returns how many prompts it sent.
func driveSession(ctx context.Context, t *testing.T, c *client.Client, id string, direct *client.Stream, p *cutProxy, finished <-chan struct{}) int {
	t.Helper()
	sent, done := 0, 0
	for direct.Cursor() < faultEvents || p.cuts.Load() < faultCuts {
		if direct.Cursor() > 4*faultEvents {
			t.Fatalf("%d events and only %d cuts: the proxy is not cutting", direct.Cursor(), p.cuts.Load())
		}
		for ; sent-done >= 2; done++ {
			waitSignal(ctx, t, finished)
		}
		if _, err := c.Prompt(ctx, id, fmt.Sprintf("prompt %d", sent)); err != nil {
			t.Fatalf("prompt %d: %v", sent, err)
		}
		sent++
	}
	for ; done < sent; done++ {
		waitSignal(ctx, t, finished)
	}
	return sent
}

// waitSignal takes one signal, or fails the test at the deadline.
func waitSignal(ctx context.Context, t *testing.T, signal <-chan struct{}) {
	t.Helper()
	select {
	case <-signal:
	case <-ctx.Done():
		t.Fatalf("the session stopped moving: no signal before the deadline")
	}
}

// foldSignals are what a fold tells the driver: a command finished, a run
// settled (both buffered enough never to block), an event came (dropped when
// one is pending). A nil channel is not told.
type foldSignals struct {
	finished, settled, progress chan struct{}
}

// foldResult is what a fold saw.
type foldResult struct {
	state  *client.State
	seqs   map[int64]int // how many times each seq was delivered
	deltas int
	err    error
}

// foldAsync applies every event of s to st in a goroutine, signalling
// finished commands and settled runs (when sig is not nil).
func foldAsync(st *client.State, s *client.Stream, sig *foldSignals) <-chan foldResult {
	out := make(chan foldResult, 1)
	go func() {
		r := foldResult{state: st, seqs: map[int64]int{}}
		for s.Next() {
			ev := s.Current()
			if ev.Seq == 0 {
				r.deltas++
			} else {
				r.seqs[ev.Seq]++
			}
			st.Apply(ev)
			sig.tell(ev)
		}
		r.err = s.Err()
		out <- r
	}()
	return out
}

func (sig *foldSignals) tell(ev client.Event) {
	select {
	case sig.progress <- struct{}{}:
	default:
	}
	switch ev.Type {
	case client.EvRunSettled:
		if sig.settled != nil {
			sig.settled <- struct{}{}
		}
	case client.EvCommandCompleted, client.EvCommandFailed, client.EvCommandAborted, client.EvCommandCancelled:
		if sig.finished != nil {
			sig.finished <- struct{}{}
		}
	}
}

// checkSeqs wants every seq from first to n exactly once.
func checkSeqs(t *testing.T, seen map[int64]int, first, n int64) {
	t.Helper()
	var gaps, dups int
	for seq := first; seq <= n; seq++ {
		switch seen[seq] {
		case 0:
			gaps++
		case 1:
		default:
			dups++
		}
	}
	if gaps != 0 || dups != 0 || int64(len(seen)) != n-first+1 {
		t.Errorf("seqs %d..%d: %d gaps, %d duplicates, %d distinct", first, n, gaps, dups, len(seen))
	}
}

// stateView is what a UI shows of a state: its exported fields, without the
// entries' render revisions (a stream that missed deltas revised less).
func stateView(s *client.State) client.State {
	v := client.State{Me: s.Me, Session: s.Session, Cursor: s.Cursor, Run: s.Run, RunID: s.RunID,
		Usage: s.Usage, Commands: s.Commands, Queue: s.Queue, Chimes: s.Chimes, Mirror: s.Mirror,
		Deleted: s.Deleted, TrashedAs: s.TrashedAs, Revoked: s.Revoked, LastError: s.LastError, SeenAt: s.SeenAt}
	for _, e := range s.Entries {
		e.Rev = 0
		v.Entries = append(v.Entries, e)
	}
	return v
}

// diffStates names the first differences of two states.
func diffStates(a, b *client.State) string {
	va, vb := stateView(a), stateView(b)
	var out []string
	ra, rb := reflect.ValueOf(va), reflect.ValueOf(vb)
	for i := 0; i < ra.NumField(); i++ {
		if !ra.Type().Field(i).IsExported() || reflect.DeepEqual(ra.Field(i).Interface(), rb.Field(i).Interface()) {
			continue
		}
		out = append(out, ra.Type().Field(i).Name)
	}
	if len(va.Entries) != len(vb.Entries) {
		out = append(out, fmt.Sprintf("%d entries vs %d", len(va.Entries), len(vb.Entries)))
	}
	for i := 0; i < min(len(va.Entries), len(vb.Entries)); i++ {
		if !reflect.DeepEqual(va.Entries[i], vb.Entries[i]) {
			out = append(out, fmt.Sprintf("entry %d: %+v\nvs %+v", i, va.Entries[i], vb.Entries[i]))
			break
		}
	}
	return strings.Join(out, "\n")
}

// adaClient is a client of the reference host as ada, on graph demo, with its
// own transport.
func adaClient(t *testing.T, url string) *client.Client {
	t.Helper()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	c, err := client.New(url, client.WithToken("ada-token"), client.WithGraph("demo"),
		client.WithHTTPClient(&http.Client{Transport: tr}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFaultLostPromptAnswer drops the host's first answer to a prompt: the
// client retries with the same requestId, the host replays its frame, and
// the command runs once.
func TestFaultLostPromptAnswer(t *testing.T) {
	host := vehicletest.NewServer(t)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	var dropped atomic.Bool
	proxy := httptest.NewServer(dropFirstAnswer(host.URL, "/prompt", &dropped))
	defer proxy.Close()
	c := adaClient(t, proxy.URL)
	created, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	id := created.Session.SessionID
	acc, err := c.Prompt(ctx, id, "hello once")
	if err != nil {
		t.Fatalf("prompt: %v", err)
	}
	if !dropped.Load() || !acc.Replayed {
		t.Errorf("dropped %v, replayed %v: want the first answer lost and the retry replayed", dropped.Load(), acc.Replayed)
	}
	var ids []string
	for _, r := range host.Requests() {
		if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/prompt") {
			ids = append(ids, r.RequestID)
		}
	}
	if len(ids) != 2 || ids[0] != ids[1] || ids[0] == "" {
		t.Errorf("prompt requests %q, want two with the same requestId", ids)
	}
	accepted := 0
	for _, ev := range host.Events(id) {
		var v client.CommandValue
		if ev.Type == client.EvCommandAccepted && ev.Decode(&v) == nil && v.CommandID == acc.CommandID {
			accepted++
		}
	}
	if accepted != 1 {
		t.Errorf("command %s accepted %d times, want once", acc.CommandID, accepted)
	}
}
