package soak

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/faultproxy"
)

// The run's fault rates and bounds.
const (
	dropPercent = 4                // percent of mutating requests whose answer is dropped after the host ran them
	cutBudget   = 48 << 10         // bytes a proxied connection carries before its cut, at most
	maxSessions = 5                // live sessions in the pool
	maxEvents   = 400              // a session this long is deleted
	stallAfter  = 30 * time.Second // a stream this far behind the host's log for this long stalls
	keepalive   = 2 * time.Second  // the host's keepalive interval
)

func TestSoak(t *testing.T) {
	spec := os.Getenv("VEHICLE_SOAK")
	if spec == "" {
		t.Skip("the soak runs only when VEHICLE_SOAK=<duration> is set (e.g. VEHICLE_SOAK=30m)")
	}
	length, err := time.ParseDuration(spec)
	if err != nil || length <= 0 {
		t.Fatalf("VEHICLE_SOAK=%q is not a positive duration: write e.g. 30m or 90s", spec)
	}
	seed := uint64(1)
	if v := os.Getenv("VEHICLE_SOAK_SEED"); v != "" {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatalf("VEHICLE_SOAK_SEED=%q is not a number: %v", v, err)
		}
	}
	r := newRun(t, seed)
	t.Logf("soak: %s, seed %d", length, seed)
	ctx, cancel := context.WithTimeout(t.Context(), length)
	var wg sync.WaitGroup
	for _, a := range r.actors {
		wg.Go(func() { a.loop(ctx) })
	}
	watchdog := make(chan struct{})
	go r.watchStalls(watchdog)
	wg.Wait()
	cancel()
	end, endCancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer endCancel()
	r.finish(end)
	close(watchdog)
	r.check()
	r.report()
	if n := len(r.anomalies()); n > 0 {
		t.Fatalf("%d anomalies:\n%s", n, strings.Join(r.anomalies(), "\n"))
	}
}

// run is the soak's world: the host, the faults, the actors and the tallies.
type run struct {
	t     *testing.T
	host  *vehicletest.Server
	cut   *faultproxy.Proxy
	drop  *faultproxy.DropAnswers
	start time.Time

	actors []*actor

	mu        sync.Mutex
	pool      []*pooled // live sessions
	followers []*follower
	anoms     []string
	ops       map[string]int // op:outcome -> count
	branches  int            // fork and clone calls made
	commands  int            // commands the host accepted
	rng       *rand.Rand     // the drop decisions
}

// pooled is a live session and the actor who made it (who deletes it).
type pooled struct {
	id    string
	owner *actor
}

func newRun(t *testing.T, seed uint64) *run {
	host := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(),
		vehicletest.WithLimits(vehicletest.Limits{Keepalive: keepalive, DeltaDelay: time.Millisecond}))
	r := &run{t: t, host: host, start: time.Now(), ops: map[string]int{},
		rng: rand.New(rand.NewPCG(seed, 7))}
	r.cut = faultproxy.New(t, strings.TrimPrefix(host.URL, "http://"),
		faultproxy.Options{Seed: seed, Cuts: 1 << 40, CutBudget: cutBudget})
	r.drop = &faultproxy.DropAnswers{Target: r.cut.URL(), N: 1 << 40, Match: r.dropMatch}
	front := httptest.NewServer(r.drop)
	t.Cleanup(front.Close)
	for i, who := range []string{"ada", "ada", "bo"} {
		r.actors = append(r.actors, newActor(t, r, i, who, front.URL, r.cut.URL(), seed))
	}
	return r
}

// dropMatch drops the answers of some mutating requests, never a stream's.
func (r *run) dropMatch(req *http.Request) bool {
	if req.Method == http.MethodGet {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.IntN(100) < dropPercent
}

// anomaly records a broken promise.
func (r *run) anomaly(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	msg := fmt.Sprintf("%7.1fs ", time.Since(r.start).Seconds()) + fmt.Sprintf(format, args...)
	r.anoms = append(r.anoms, msg)
	r.t.Log("anomaly: " + msg)
}

func (r *run) anomalies() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.anoms...)
}

// count tallies an op's outcome: ok, replayed, a refusal's code, or lost.
func (r *run) count(op string, replayed bool, err error) {
	outcome := "ok"
	switch {
	case err != nil && client.IsTransport(err):
		outcome = "lost"
	case err != nil:
		outcome = client.ErrorCode(err)
		if outcome == "" {
			outcome = "error"
		}
	case replayed:
		outcome = "replayed"
	}
	r.mu.Lock()
	r.ops[op+":"+outcome]++
	if op == client.OpFork || op == client.OpClone {
		r.branches++
	}
	r.mu.Unlock()
}

// adopt puts a new session in the pool and has every actor follow it.
func (r *run) adopt(id string, owner *actor) {
	r.mu.Lock()
	r.pool = append(r.pool, &pooled{id: id, owner: owner})
	r.mu.Unlock()
	for _, a := range r.actors {
		if a.person != owner.person {
			continue // a session is its owner's alone: others may only chime
		}
		f := a.follow(id)
		r.mu.Lock()
		r.followers = append(r.followers, f)
		r.mu.Unlock()
	}
}

// drop takes a session out of the pool once it is deleted.
func (r *run) forget(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, p := range r.pool {
		if p.id == id {
			r.pool = append(r.pool[:i], r.pool[i+1:]...)
			return
		}
	}
}

// pick is a random live session, "" when there is none.
func (r *run) pick(rng *rand.Rand) (*pooled, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.pool) == 0 {
		return nil, 0
	}
	return r.pool[rng.IntN(len(r.pool))], len(r.pool)
}

// watchStalls looks every second for a stream behind the host's log that has
// not moved for stallAfter.
func (r *run) watchStalls(done <-chan struct{}) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case now := <-tick.C:
			r.mu.Lock()
			fs := append([]*follower(nil), r.followers...)
			r.mu.Unlock()
			for _, f := range fs {
				if f.stalled(now, int64(len(r.host.Events(f.id)))) {
					r.anomaly("stream %s of %s stalled at seq %d behind the host's %d for %s",
						f.id, f.who, f.cursor.Load(), len(r.host.Events(f.id)), stallAfter)
				}
			}
		}
	}
}

// finish ends every session (abort, then delete by its owner), waits for the
// streams to end, and has each actor release the leases it believes it holds.
func (r *run) finish(ctx context.Context) {
	for _, a := range r.actors {
		a.releaseAll(ctx)
	}
	r.checkLeases(ctx)
	r.mu.Lock()
	pool := append([]*pooled(nil), r.pool...)
	r.mu.Unlock()
	for _, p := range pool {
		if !r.deleteForGood(ctx, p) {
			r.anomaly("session %s could not be deleted at the end", p.id)
		}
	}
	r.mu.Lock()
	fs := append([]*follower(nil), r.followers...)
	r.mu.Unlock()
	for _, f := range fs {
		select {
		case <-f.done:
			continue // ended: a ctx already done must not make it look stuck
		default:
		}
		select {
		case <-f.done:
		case <-ctx.Done():
			log := r.host.Events(f.id)
			r.anomaly("stream %s of %s did not end after the session's delete (cursor %d; the host's log has %d, the last %s)",
				f.id, f.who, f.cursor.Load(), len(log), log[len(log)-1].Type)
			f.stream.Close()
			<-f.done
		}
	}
}

// deleteForGood aborts and deletes a session until the host takes the delete.
func (r *run) deleteForGood(ctx context.Context, p *pooled) bool {
	for ctx.Err() == nil {
		// The client's delete inspects first; a long session's snapshot is
		// longer than a cut connection carries, so the harness hands it the
		// host's own. The DELETE itself goes through the faults.
		var opts []client.DeleteOption
		if snap, err := p.owner.direct.Inspect(ctx, p.id); err == nil {
			opts = append(opts, client.KnownSnapshot(snap))
		}
		p.owner.calls.Add(1)
		v, err := p.owner.cmd.Delete(ctx, p.id, opts...)
		if ctx.Err() == nil {
			r.count(client.OpDelete, v != nil && (v.Deleted.Replayed || v.AnswerLost), err)
		}
		if err == nil || client.ErrorCode(err) == client.CodeNotFound {
			r.forget(p.id)
			return true
		}
		if _, err := p.owner.claimTakeover(ctx, p.id); err == nil {
			p.owner.calls.Add(1)
			_, _ = p.owner.cmd.Abort(ctx, p.id)
		}
		p.owner.waitIdle(ctx, p.id)
	}
	return false
}
