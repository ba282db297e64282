package ride

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// follower prints a session's events as they come (Follow): every durable
// event once, in seq order, and the ephemeral message.delta frames.
type follower struct {
	st      *client.Stream
	out     *frameWriter
	log     *rideLogger
	note    func(client.Event) // sees every event before it is printed
	last    atomic.Int64       // the last durable seq printed
	deleted chan struct{}      // closed after session.deleted is printed
	done    chan struct{}      // closed when run returns
}

// newFollower follows st, whose events start after seq since.
func newFollower(st *client.Stream, out *frameWriter, since int64, note func(client.Event), log *rideLogger) *follower {
	f := &follower{st: st, out: out, log: log, note: note,
		deleted: make(chan struct{}), done: make(chan struct{})}
	f.last.Store(since)
	return f
}

// run prints the stream's events until it ends. A stream that ends with an
// error is told as an error frame (no requestId) and in the log; the ride
// goes on without following.
func (f *follower) run() {
	defer close(f.done)
	for f.st.Next() {
		if f.print(f.st.Current()) {
			return
		}
	}
	if err := f.st.Err(); err != nil {
		f.log.logf("the session's events stopped coming (%v): the ride goes on without --follow", err)
		_ = f.out.write(errorFrame(context.Background(), err, ""))
	}
}

// print prints one event unless it was printed already, and reports whether
// it was session.deleted. Only one goroutine prints at a time: the stream's
// until it is done, then the ride's.
func (f *follower) print(ev client.Event) (deleted bool) {
	if ev.Seq > 0 && ev.Seq <= f.last.Load() {
		return false
	}
	f.note(ev)
	_ = f.out.write(ev)
	if ev.Seq > 0 {
		f.last.Store(ev.Seq)
	}
	if ev.Type == client.EvSessionDeleted {
		close(f.deleted)
		return true
	}
	return false
}

// isDeleted reports whether session.deleted was printed.
func (f *follower) isDeleted() bool {
	select {
	case <-f.deleted:
		return true
	default:
		return false
	}
}

// finish stops following. After a delete it waits (within ctx) for the
// stream to deliver session.deleted; otherwise it stops the stream and
// prints the durable events it had not printed yet, so the output holds the
// session's events up to the ride's end with no gap.
func (f *follower) finish(ctx context.Context, r *rider, deleted bool) {
	if deleted {
		select {
		case <-f.done:
		case <-ctx.Done():
		}
	}
	_ = f.st.Close()
	<-f.done
	if deleted || f.isDeleted() {
		return
	}
	for {
		res, err := r.watch(ctx, f.last.Load(), 0)
		if err != nil {
			if client.ErrorCode(err) != client.CodeNotFound {
				f.log.logf("could not fetch the session's last events: %v", err)
			}
			return
		}
		for _, ev := range res.Events {
			if f.print(ev) {
				return
			}
		}
		if !res.More || len(res.Events) == 0 {
			return
		}
	}
}

// watch long-polls the ride's session for the events after since, waiting up
// to waitMs for one.
func (r *rider) watch(ctx context.Context, since, waitMs int64) (*client.WatchResult, error) {
	body, _ := json.Marshal(struct {
		Since  int64 `json:"since"`
		WaitMs int64 `json:"waitMs,omitempty"`
	}{since, waitMs})
	f, err := r.call(ctx, client.OpWatch, r.session, body, time.Duration(waitMs)*time.Millisecond)
	if err != nil {
		return nil, err
	}
	var res client.WatchResult
	if err := f.Decode(&res); err != nil {
		return nil, err
	}
	return &res, nil
}
