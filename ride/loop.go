package ride

import (
	"context"
	"encoding/json"
	"fmt"
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
// is stopped (Stop or ctx), a request ends it (shutdown, delete), or the
// session is deleted; then it finishes the ride.
func (r *rider) run(ctx context.Context, in io.Reader) error {
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, done, r.log.logf)
	var deleted <-chan struct{}
	if r.fol != nil {
		deleted = r.fol.deleted
		go r.fol.run()
	}
	// The requests run under reqCtx, which Stop cancels too: a stopped ride
	// interrupts the request under way, then finishes under ctx.
	reqCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-r.cfg.Stop:
			cancel()
		case <-reqCtx.Done():
		}
	}()
	end := r.loop(reqCtx, lines, deleted)
	return r.finish(ctx, end)
}

// loop reads the requests and answers them, in their order, until
// something ends the ride. Up to Config.Window reads are in flight together;
// a mutation waits for the answers before it and holds back the lines after
// it (see dispatchLine). Whatever ends the ride, the answers of the requests
// already under way are printed before loop returns.
func (r *rider) loop(ctx context.Context, lines <-chan inputLine, deleted <-chan struct{}) rideEnding {
	p := newPipeline(r.cfg.Window, r.out)
	end := r.dispatch(ctx, p, lines, deleted)
	p.close()
	if err := r.out.failed(); err != nil {
		r.log.logf("cannot write to the output (%v): ending the ride", err)
	}
	return end
}

// dispatch hands the lines to the pipeline until something ends the ride.
func (r *rider) dispatch(ctx context.Context, p *pipeline, lines <-chan inputLine, deleted <-chan struct{}) rideEnding {
	for {
		select {
		case <-ctx.Done():
			return rideEnding{reason: ReasonShutdown}
		case <-deleted:
			return rideEnding{reason: ReasonDeleted}
		case <-r.out.broken():
			return rideEnding{reason: ReasonEOF}
		case l, ok := <-lines:
			if !ok {
				return rideEnding{reason: ReasonEOF}
			}
			if end := r.dispatchLine(ctx, p, l); end != nil {
				return *end
			}
		}
	}
}

// finish ends the ride: with Follow and Wait, at the end of the input (or
// on Stop) it waits for the commands the ride sent to settle; it releases
// the leases the ride holds (not after a delete), stops following after
// printing the events up to now, and prints the closed frame last.
func (r *rider) finish(ctx context.Context, end rideEnding) error {
	if end.reason != ReasonDeleted && end.last == nil && r.out.failed() == nil {
		r.waitSettled(ctx, end.reason)
		if r.fol != nil && r.fol.isDeleted() {
			end.reason = ReasonDeleted
		}
	}
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	if end.reason != ReasonDeleted {
		r.releaseAll(fctx)
	} else {
		r.held.Store(false)
		r.releaseBranches(fctx)
	}
	if r.fol != nil {
		r.fol.finish(fctx, r, end.reason == ReasonDeleted)
	}
	last := closedFrame(r.session, end.reason)
	if end.last != nil {
		last = *end.last
	}
	if err := r.out.write(last); err != nil {
		r.log.logf("cannot write to the output: %v", err)
		return fmt.Errorf("%w: %w", ErrOutput, err)
	}
	return nil
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
	body, _ := json.Marshal(map[string]string{"requestId": r.c.NewRequestID(), "clientId": r.c.ClientID()})
	_, err := r.call(ctx, client.OpRelease, id, body, 0)
	if err == nil {
		return
	}
	switch client.ErrorCode(err) {
	case client.CodeLeaseHeld, client.CodeLeaseRequired, client.CodeNotFound:
		return
	}
	r.log.logf("could not release the lease of %s: %v", id, err)
}
