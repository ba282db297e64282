package soak

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// follower is one actor's stream of one session, checked event by event
// against the host's log.
type follower struct {
	id, who  string
	stream   *client.Stream
	cursor   atomic.Int64
	lastMove atomic.Int64 // unix nanos of the last progress, or of being caught up
	done     chan struct{}
}

// The run's stream tallies.
var (
	streamEvents   atomic.Int64 // durable events delivered, all streams
	streamDeltas   atomic.Int64
	reconnects     atomic.Int64
	replayedEvents atomic.Int64
	fallbacks      atomic.Int64 // changes to long-poll
	goneEarly      atomic.Int64 // streams ended not_found: the session was deleted while they reconnected
)

// follow opens a stream of the session from its first event and checks it
// until it ends.
func (a *actor) follow(id string) *follower {
	f := &follower{id: id, who: a.name, done: make(chan struct{})}
	f.lastMove.Store(time.Now().UnixNano())
	o := client.StreamOptions{Keepalive: keepalive,
		Backoff: client.RetryPolicy{Base: 10 * time.Millisecond, Max: 500 * time.Millisecond},
		OnState: func(st client.ConnState) {
			switch {
			case st.Replayed > 0:
				replayedEvents.Add(int64(st.Replayed))
			case st.Mode == client.ConnReconnecting && st.Attempt <= 1:
				reconnects.Add(1)
			case st.Mode == client.ConnPolling:
				fallbacks.Add(1)
			}
		}}
	var err error
	for range 20 { // the first connection may be cut too
		if f.stream, err = a.watch.Stream(context.Background(), id, o); err == nil || !client.IsTransport(err) {
			break
		}
	}
	if err != nil {
		if client.ErrorCode(err) == client.CodeNotFound && a.r.deleted(id) {
			goneEarly.Add(1)
		} else {
			a.r.anomaly("stream %s of %s did not open: %v", id, a.name, err)
		}
		close(f.done)
		return f
	}
	go f.run(a.r)
	return f
}

// run reads the stream: every durable event must be the next seq of the
// host's log, of the type the log has there.
func (f *follower) run(r *run) {
	defer close(f.done)
	s := f.stream
	defer s.Close()
	for s.Next() {
		ev := s.Current()
		if ev.Seq == 0 {
			streamDeltas.Add(1)
			continue
		}
		streamEvents.Add(1)
		want := f.cursor.Load() + 1
		switch {
		case ev.Seq < want:
			r.anomaly("stream %s of %s: duplicate seq %d after %d", f.id, f.who, ev.Seq, want-1)
		case ev.Seq > want:
			r.anomaly("stream %s of %s: gap, seq %d after %d", f.id, f.who, ev.Seq, want-1)
		}
		if log := r.host.Events(f.id); ev.Seq > int64(len(log)) || log[ev.Seq-1].Type != ev.Type {
			r.anomaly("stream %s of %s: seq %d is %s, not the host's event", f.id, f.who, ev.Seq, ev.Type)
		}
		f.cursor.Store(max(f.cursor.Load(), ev.Seq))
		f.lastMove.Store(time.Now().UnixNano())
	}
	err := s.Err()
	switch {
	case err == nil:
	case client.ErrorCode(err) == client.CodeNotFound && r.deleted(f.id):
		goneEarly.Add(1)
	default:
		r.anomaly("stream %s of %s ended with %v at seq %d", f.id, f.who, err, f.cursor.Load())
	}
}

// stalled reports a stream behind the host's log that has not moved for
// stallAfter; it reports each stall once.
func (f *follower) stalled(now time.Time, hostLen int64) bool {
	select {
	case <-f.done:
		return false
	default:
	}
	if f.cursor.Load() >= hostLen {
		f.lastMove.Store(now.UnixNano())
		return false
	}
	if now.Sub(time.Unix(0, f.lastMove.Load())) < stallAfter {
		return false
	}
	f.lastMove.Store(now.UnixNano())
	return true
}

// deleted reports whether the host's log of the session ends with its delete.
func (r *run) deleted(id string) bool {
	log := r.host.Events(id)
	return len(log) > 0 && log[len(log)-1].Type == client.EvSessionDeleted
}

// sharedChimes are chimes waiting for the session's driver, by the owner.
var sharedChimes = map[string][]pending{}

func (r *run) shareChime(owner string, c pending) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := sharedChimes[owner]
	sharedChimes[owner] = append(l[max(0, len(l)-15):], c)
}

func (r *run) takeChime(rng *rand.Rand, owner string) (pending, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := sharedChimes[owner]
	if len(l) == 0 {
		return pending{}, false
	}
	i := rng.IntN(len(l))
	c := l[i]
	sharedChimes[owner] = append(l[:i], l[i+1:]...)
	return c, true
}

// checkLeases, run after every actor released what it believes it holds,
// finds live sessions whose lease is still held by one of the ended clients.
func (r *run) checkLeases(ctx context.Context) {
	r.mu.Lock()
	pool := append([]*pooled(nil), r.pool...)
	r.mu.Unlock()
	ours := map[string]bool{}
	for _, a := range r.actors {
		ours[a.cmd.ClientID()] = true
	}
	for _, p := range pool {
		snap, err := p.owner.direct.Inspect(ctx, p.id) // a snapshot may be longer than a cut connection carries
		if err != nil {
			r.anomaly("inspect %s for its lease: %v", p.id, err)
			continue
		}
		if l := snap.Session.Lease; l != nil && ours[l.ClientID] && l.ExpiresAt.After(time.Now()) {
			r.anomaly("session %s: lease left held by %s after it ended", p.id, l.ClientID)
		}
	}
}

// check reads the host's logs: no command accepted twice, no more branches
// than fork and clone calls, and one request id per mutating call.
func (r *run) check() {
	branches, accepted := 0, map[string]int{}
	for i := 1; ; i++ {
		log := r.host.Events(fmt.Sprintf("s%d", i))
		if log == nil {
			break
		}
		for _, ev := range log {
			switch ev.Type {
			case client.EvSessionForked, client.EvSessionCloned:
				branches++
			case client.EvCommandAccepted:
				var v struct {
					CommandID string `json:"commandId"`
				}
				_ = json.Unmarshal(ev.Value, &v)
				accepted[ev.SessionID+"/"+v.CommandID]++
			}
		}
	}
	for k, n := range accepted {
		if n > 1 {
			r.anomaly("command %s accepted %d times", k, n)
		}
	}
	if r.branches < branches {
		r.anomaly("%d branch sessions from %d fork and clone calls", branches, r.branches)
	}
	for _, a := range r.actors {
		if ids, calls := a.ids.Load(), a.calls.Load(); ids > calls {
			r.anomaly("%s used %d request ids for %d mutating calls: a retry under a new id", a.name, ids, calls)
		}
	}
	r.mu.Lock()
	r.commands = len(accepted)
	r.mu.Unlock()
}

// report logs what the run counted.
func (r *run) report() {
	r.mu.Lock()
	defer r.mu.Unlock()
	total := 0
	keys := make([]string, 0, len(r.ops))
	for k, n := range r.ops {
		keys = append(keys, k)
		total += n
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%d", k, r.ops[k])
	}
	r.t.Logf("soak: %s, %d ops:%s", time.Since(r.start).Round(time.Second), total, b.String())
	r.t.Logf("soak: %d commands accepted, %d streams, %d events and %d deltas delivered, "+
		"%d reconnects, %d events replayed, %d fallbacks to long-poll, %d streams ended not_found after a delete",
		r.commands, len(r.followers), streamEvents.Load(), streamDeltas.Load(),
		reconnects.Load(), replayedEvents.Load(), fallbacks.Load(), goneEarly.Load())
	r.t.Logf("soak: proxy %d connections (%d streams), %d cuts; %d answers dropped; %d anomalies",
		r.cut.Conns(), r.cut.StreamConns(), r.cut.Cuts(), r.drop.Dropped.Load(), len(r.anoms))
}
