package soak

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// actor is one client: cmd sends through the dropped answers and the cuts,
// watch follows streams through the cuts only (the dropper buffers whole
// answers, so it cannot carry a stream). Both share one client id.
type actor struct {
	r      *run
	name   string // e.g. "ada#0"
	person string // e.g. "ada"
	cmd    *client.Client
	watch  *client.Client
	direct *client.Client // straight to the host, for the checks: the faults are not under test there
	rng    *rand.Rand

	ids   atomic.Int64 // request ids the library asked for
	calls atomic.Int64 // mutating calls made

	mu       sync.Mutex
	held     map[string]bool // sessions whose lease this client believes it holds
	commands []pending       // its last accepted commands, for cancels
}

// pending is a command or chime of a session.
type pending struct{ session, id string }

func newActor(t *testing.T, r *run, i int, who, cmdURL, watchURL string, seed uint64) *actor {
	a := &actor{r: r, name: fmt.Sprintf("%s#%d", who, i), person: who, rng: rand.New(rand.NewPCG(seed, uint64(i))),
		held: map[string]bool{}}
	clientID := fmt.Sprintf("soak-%s-%d", who, i)
	mk := func(url string, opts ...client.Option) *client.Client {
		tr := &http.Transport{}
		t.Cleanup(tr.CloseIdleConnections)
		opts = append(opts, client.WithToken(who+"-token"), client.WithGraph("demo"), client.WithClientID(clientID),
			client.WithHTTPClient(&http.Client{Transport: tr}))
		c, err := client.New(url, opts...)
		if err != nil {
			t.Fatalf("client for %s: %v", who, err)
		}
		return c
	}
	var n atomic.Int64
	ids := func() string {
		a.ids.Add(1)
		return fmt.Sprintf("%s-r%d", clientID, n.Add(1))
	}
	a.cmd = mk(cmdURL, client.WithRequestIDs(ids),
		client.WithRetry(client.RetryPolicy{Attempts: 8, Base: 20 * time.Millisecond, Max: 500 * time.Millisecond}))
	a.watch = mk(watchURL)
	a.direct = mk(r.host.URL)
	return a
}

// loop does random operations until ctx ends.
func (a *actor) loop(ctx context.Context) {
	for ctx.Err() == nil {
		a.step(ctx)
	}
}

// step does one random operation on a random live session (or creates one).
func (a *actor) step(ctx context.Context) {
	p, n := a.r.pick(a.rng)
	if p == nil || (n < maxSessions && a.rng.IntN(20) == 0) {
		a.create(ctx)
		return
	}
	id := p.id
	if p.owner == a && (n > maxSessions || len(a.r.host.Events(id)) > maxEvents) {
		a.r.deleteForGood(ctx, p)
		return
	}
	if p.owner.person != a.person { // another's session: chime into it, or wait
		if a.rng.IntN(3) == 0 {
			a.chime(ctx, id, p.owner.person)
		} else {
			a.waitNext(ctx, id)
		}
		return
	}
	switch k := a.rng.IntN(100); {
	case k < 22:
		a.text(ctx, id, client.OpPrompt)
	case k < 30:
		a.text(ctx, id, client.OpFollowUp)
	case k < 36:
		a.text(ctx, id, client.OpSteer)
	case k < 41:
		a.mutate(ctx, client.OpAbort, id, func() (bool, error) { v, err := a.cmd.Abort(ctx, id); return rp(v), err })
	case k < 46:
		a.cancel(ctx)
	case k < 56:
		a.claim(ctx, id, false)
	case k < 60:
		a.claim(ctx, id, true)
	case k < 63:
		a.mutate(ctx, client.OpRelease, id, func() (bool, error) { return false, a.cmd.Release(ctx, id) })
	case k < 71:
		a.chime(ctx, id, a.person)
	case k < 76:
		a.acceptChime(ctx)
	case k < 80:
		a.policy(ctx, id)
	case k < 85:
		title := fmt.Sprintf("soak %d", a.rng.IntN(1000))
		a.mutate(ctx, client.OpRename, id, func() (bool, error) { _, err := a.cmd.Rename(ctx, id, &title); return false, err })
	case k < 89 && n < maxSessions:
		a.fork(ctx, id)
	case k < 92 && n < maxSessions:
		a.branch(ctx, client.OpClone, func() (*client.Branched, error) { return a.cmd.Clone(ctx, id) })
	case k < 94 && p.owner == a:
		a.r.deleteForGood(ctx, p)
	default:
		a.waitNext(ctx, id)
	}
}

// rp is an answer's replayed flag.
func rp[T any](v *T) bool {
	switch x := any(v).(type) {
	case *client.Accepted:
		return x != nil && x.Replayed
	case *client.Claimed:
		return x != nil && x.Replayed
	case *client.Branched:
		return x != nil && x.Replayed
	case *client.ChimeResult:
		return x != nil && x.Replayed
	case *client.Cancelled:
		return x != nil && x.Replayed
	case *client.Created:
		return x != nil && x.Replayed
	}
	return false
}

// mutate runs one mutating call and tallies it.
func (a *actor) mutate(ctx context.Context, op, id string, f func() (bool, error)) error {
	a.calls.Add(1)
	replayed, err := f()
	if ctx.Err() != nil && err != nil {
		return err // the end of the run, not an outcome
	}
	a.r.count(op, replayed, err)
	return err
}

func (a *actor) create(ctx context.Context) {
	var made *client.Created
	err := a.mutate(ctx, client.OpCreate, "", func() (bool, error) {
		v, err := a.cmd.Create(ctx, client.CreateRequest{})
		made = v
		return rp(v), err
	})
	if err == nil {
		a.hold(made.Session.SessionID, made.Lease)
		a.r.adopt(made.Session.SessionID, a)
	}
}

// hold notes a lease this client got.
func (a *actor) hold(id string, l *client.Lease) {
	if l == nil || l.ClientID != a.cmd.ClientID() {
		return
	}
	a.mu.Lock()
	a.held[id] = true
	a.mu.Unlock()
}

func (a *actor) text(ctx context.Context, id, op string) {
	var acc *client.Accepted
	err := a.mutate(ctx, op, id, func() (bool, error) {
		v, err := a.cmd.Send(ctx, id, op, client.TextRequest{Text: fmt.Sprintf("%s %d", op, a.rng.IntN(1e6))})
		acc = v
		return rp(v), err
	})
	if err == nil {
		a.mu.Lock()
		a.commands = append(a.commands[max(0, len(a.commands)-7):], pending{id, acc.CommandID})
		a.mu.Unlock()
	}
}

func (a *actor) cancel(ctx context.Context) {
	a.mu.Lock()
	if len(a.commands) == 0 {
		a.mu.Unlock()
		return
	}
	c := a.commands[a.rng.IntN(len(a.commands))]
	a.mu.Unlock()
	_ = a.mutate(ctx, client.OpCancel, c.session, func() (bool, error) {
		v, err := a.cmd.Cancel(ctx, c.session, c.id)
		return rp(v), err
	})
}

func (a *actor) claim(ctx context.Context, id string, takeover bool) {
	op := "claim"
	if takeover {
		op = "takeover"
	}
	var got *client.Claimed
	err := a.mutate(ctx, op, id, func() (bool, error) {
		var opts []client.ClaimOption
		if takeover {
			opts = append(opts, client.Takeover())
		}
		v, err := a.cmd.Claim(ctx, id, opts...)
		got = v
		return rp(v), err
	})
	if err == nil {
		a.hold(id, &got.Lease)
	}
}

// claimTakeover takes the lease whoever holds it.
func (a *actor) claimTakeover(ctx context.Context, id string) (*client.Claimed, error) {
	a.calls.Add(1)
	v, err := a.cmd.Claim(ctx, id, client.Takeover())
	if err == nil {
		a.hold(id, &v.Lease)
	}
	return v, err
}

func (a *actor) chime(ctx context.Context, id, owner string) {
	var res *client.ChimeResult
	err := a.mutate(ctx, client.OpChime, id, func() (bool, error) {
		v, err := a.cmd.Chime(ctx, id, fmt.Sprintf("chime %d", a.rng.IntN(1e6)))
		res = v
		return rp(v), err
	})
	if err == nil && res.ChimeID != "" && res.Status != "submitted" {
		a.r.shareChime(owner, pending{id, res.ChimeID})
	}
}

func (a *actor) acceptChime(ctx context.Context) {
	c, ok := a.r.takeChime(a.rng, a.person)
	if !ok {
		return
	}
	_ = a.mutate(ctx, client.OpAcceptChime, c.session, func() (bool, error) {
		v, err := a.cmd.AcceptChime(ctx, c.session, c.id)
		return rp(v), err
	})
}

func (a *actor) policy(ctx context.Context, id string) {
	policies := []string{client.PolicySuggest, client.PolicyCoDrive, client.PolicyObserve}
	pol := policies[a.rng.IntN(len(policies))]
	_ = a.mutate(ctx, client.OpSetRoomPolicy, id, func() (bool, error) {
		_, err := a.cmd.SetRoomPolicy(ctx, id, pol)
		return false, err
	})
}

// fork branches before a random entry of the session's transcript.
func (a *actor) fork(ctx context.Context, id string) {
	snap, err := a.cmd.Inspect(ctx, id)
	if err != nil || len(snap.Transcript) == 0 {
		return
	}
	entry := snap.Transcript[a.rng.IntN(len(snap.Transcript))].EntryID
	a.branch(ctx, client.OpFork, func() (*client.Branched, error) { return a.cmd.Fork(ctx, id, entry) })
}

// branch runs a fork or clone; the new session joins the pool, its lease
// this client's (a replayed answer's too).
func (a *actor) branch(ctx context.Context, op string, f func() (*client.Branched, error)) {
	var b *client.Branched
	err := a.mutate(ctx, op, "", func() (bool, error) {
		v, err := f()
		b = v
		return rp(v), err
	})
	if err == nil {
		a.hold(b.Session.SessionID, b.Lease)
		a.r.adopt(b.Session.SessionID, a)
	}
}

// waitNext waits for the session's next event (at most a few seconds): a
// pause that lets runs go on.
func (a *actor) waitNext(ctx context.Context, id string) {
	cur := int64(len(a.r.host.Events(id)))
	_, _ = a.cmd.Watch(ctx, id, cur, time.Duration(1+a.rng.IntN(3))*time.Second)
}

// waitIdle waits, event by event, until the session has no open command
// (straight from the host: a harness wait).
func (a *actor) waitIdle(ctx context.Context, id string) {
	snap, err := a.direct.Inspect(ctx, id)
	if err != nil {
		return
	}
	if !slices.ContainsFunc(snap.Commands, func(c client.Command) bool { return !final(c.Status) }) {
		return
	}
	_, _ = a.direct.Watch(ctx, id, snap.Cursor, 5*time.Second)
}

// final reports whether a command status is an end.
func final(status string) bool {
	switch status {
	case "completed", "aborted", "failed", "cancelled", "interrupted", "rejected":
		return true
	}
	return false
}

// releaseAll gives up every lease this client believes it holds: what a
// client that ends does.
func (a *actor) releaseAll(ctx context.Context) {
	a.mu.Lock()
	ids := make([]string, 0, len(a.held))
	for id := range a.held {
		ids = append(ids, id)
	}
	a.held = map[string]bool{}
	a.mu.Unlock()
	for _, id := range ids {
		a.calls.Add(1)
		_ = a.cmd.Release(ctx, id)
	}
}
