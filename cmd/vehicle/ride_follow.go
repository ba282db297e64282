package main

import (
	"context"
	"sync/atomic"

	"github.com/sophia-labs/vehicle/client"
)

// rideFollower prints a session's events as they come (--follow): every durable
// event once, in seq order, and the ephemeral message.delta frames.
type rideFollower struct {
	st      *client.Stream
	out     *frameWriter
	log     *rideLogger
	note    func(client.Event) // sees every event before it is printed
	last    atomic.Int64       // the last durable seq printed
	deleted chan struct{}      // closed after session.deleted is printed
	done    chan struct{}      // closed when run returns
}

// newRideFollower follows st, whose events start after seq since.
func newRideFollower(st *client.Stream, out *frameWriter, since int64, note func(client.Event), log *rideLogger) *rideFollower {
	f := &rideFollower{st: st, out: out, log: log, note: note,
		deleted: make(chan struct{}), done: make(chan struct{})}
	f.last.Store(since)
	return f
}

// run prints the stream's events until it ends. A stream that ends with an
// error is told as an error frame (no requestId) and on stderr; the ride
// goes on without following.
func (f *rideFollower) run() {
	defer close(f.done)
	for f.st.Next() {
		ev := f.st.Current()
		if ev.Seq > 0 && ev.Seq <= f.last.Load() {
			continue
		}
		f.note(ev)
		_ = f.out.write(ev)
		if ev.Seq > 0 {
			f.last.Store(ev.Seq)
		}
		if ev.Type == client.EvSessionDeleted {
			close(f.deleted)
			return
		}
	}
	if err := f.st.Err(); err != nil {
		f.log.logf("the session's events stopped coming (%v): the ride goes on without --follow", err)
		_ = f.out.write(errorFrame(context.Background(), err, ""))
	}
}

// finish stops following. After a delete it waits (within ctx) for the
// stream to deliver session.deleted; otherwise it stops the stream and
// prints the durable events it had not printed yet, so the output holds the
// session's events up to the ride's end with no gap.
func (f *rideFollower) finish(ctx context.Context, c *client.Client, sessionID string, deleted bool) {
	if deleted {
		select {
		case <-f.done:
		case <-ctx.Done():
		}
	}
	_ = f.st.Close()
	<-f.done
	if deleted {
		return
	}
	since := f.last.Load()
	for {
		res, err := c.Watch(ctx, sessionID, since, 0)
		if err != nil {
			if client.ErrorCode(err) != client.CodeNotFound {
				f.log.logf("could not fetch the session's last events: %v", err)
			}
			return
		}
		for _, ev := range res.Events {
			if ev.Seq > since {
				_ = f.out.write(ev)
				since = ev.Seq
			}
		}
		if !res.More || len(res.Events) == 0 {
			return
		}
	}
}
