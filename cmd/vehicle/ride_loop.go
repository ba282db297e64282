package main

import (
	"context"
	"io"

	"github.com/sophia-labs/vehicle/client"
)

// rideEnding is how a request ends the ride: the reason for its closed frame and,
// for shutdown, the host's own closed frame to print last instead.
type rideEnding struct {
	reason string
	last   *client.Frame
}

// run answers the input's requests in order until the input ends, the ride
// is stopped (ctx), a request ends it (shutdown, delete), or the session is
// deleted; then it finishes the ride and returns the exit code.
func (r *rider) run(ctx context.Context, in io.Reader) int {
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, done, r.log.logf)
	var deleted <-chan struct{}
	if r.fol != nil {
		deleted = r.fol.deleted
		go r.fol.run()
	}
	end := r.loop(ctx, lines, deleted)
	return r.finish(ctx, end)
}

// loop reads and answers requests until something ends the ride.
func (r *rider) loop(ctx context.Context, lines <-chan inputLine, deleted <-chan struct{}) rideEnding {
	for {
		select {
		case <-ctx.Done():
			return rideEnding{reason: reasonShutdown}
		case <-deleted:
			return rideEnding{reason: reasonDeleted}
		case l, ok := <-lines:
			if !ok {
				return rideEnding{reason: reasonEOF}
			}
			if end := r.answerLine(ctx, l); end != nil {
				return *end
			}
			if err := r.out.failed(); err != nil {
				r.log.logf("cannot write to stdout (%v): ending the ride", err)
				return rideEnding{reason: reasonEOF}
			}
		}
	}
}

// answerLine answers one input line; non-nil when the request ends the ride.
func (r *rider) answerLine(ctx context.Context, l inputLine) *rideEnding {
	if l.tooLong {
		_ = r.out.write(tooLongError().frame())
		return nil
	}
	req, lerr := parseLine(l.data)
	if lerr != nil {
		_ = r.out.write(lerr.frame())
		return nil
	}
	f, end := r.do(ctx, req)
	if end != nil && end.last != nil {
		return end
	}
	_ = r.out.write(f)
	return end
}

// finish ends the ride: it releases the leases the ride holds (not after a
// delete), stops following after printing the events up to now, and prints
// the closed frame last. The exit code is 0 unless stdout failed.
func (r *rider) finish(ctx context.Context, end rideEnding) int {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	if end.reason != reasonDeleted {
		r.releaseAll(fctx)
	} else {
		r.held.Store(false)
		r.releaseBranches(fctx)
	}
	if r.fol != nil {
		r.fol.finish(fctx, r.c, r.session, end.reason == reasonDeleted)
	}
	last := closedFrame(r.session, end.reason)
	if end.last != nil {
		last = *end.last
	}
	if err := r.out.write(last); err != nil {
		r.log.logf("cannot write to stdout: %v", err)
		return 1
	}
	return 0
}

// releaseAll gives up the session's lease if the ride holds it, and the
// leases of the branches it made.
func (r *rider) releaseAll(ctx context.Context) {
	if r.held.Load() && r.session != "" {
		r.release(ctx, r.session)
		r.held.Store(false)
	}
	r.releaseBranches(ctx)
}

// releaseBranches gives up the leases of the sessions this ride forked or
// cloned.
func (r *rider) releaseBranches(ctx context.Context) {
	for _, id := range r.branches {
		r.release(ctx, id)
	}
	r.branches = nil
}

// release gives up one session's lease; a lease already gone is no news.
func (r *rider) release(ctx context.Context, id string) {
	err := r.c.Release(ctx, id)
	if err == nil {
		return
	}
	switch client.ErrorCode(err) {
	case client.CodeLeaseHeld, client.CodeLeaseRequired, client.CodeNotFound:
		return
	}
	r.log.logf("could not release the lease of %s: %v", id, err)
}
