package ride

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// do carries one request to the host and returns the frame to print, the
// host's own with the request's requestId, and how the request ends the
// ride (nil when it does not).
func (r *rider) do(ctx context.Context, req rideRequest) (client.Frame, *rideEnding) {
	var f *client.Frame
	body, wait, err := r.body(req)
	if err == nil {
		if req.Op == client.OpDelete {
			f, err = r.delete(ctx, req.RequestID)
		} else {
			f, err = r.call(ctx, req.Op, r.session, body, wait)
		}
	}
	if err != nil {
		switch client.ErrorCode(err) {
		case client.CodeLeaseHeld, client.CodeLeaseRequired:
			r.held.Store(false)
		}
		return errorFrame(ctx, err, req.RequestID), nil
	}
	if f.RequestID == "" {
		f.RequestID = req.RequestID
	}
	return *f, r.after(f)
}

// body is what the request sends to the host, and how long a watch asks the
// host to wait. A read sends nothing; a watch sends its since and waitMs;
// anything else sends its fields with the ride's clientId (a request cannot
// speak for another client).
func (r *rider) body(req rideRequest) (json.RawMessage, time.Duration, error) {
	switch req.Op {
	case client.OpInspect, client.OpCapsule, client.OpAccount, client.OpDelete:
		return nil, 0, nil
	case client.OpWatch:
		var q struct {
			Since  int64 `json:"since"`
			WaitMs int64 `json:"waitMs,omitempty"`
		}
		for _, w := range []struct {
			name string
			n    *int64
		}{{"since", &q.Since}, {"waitMs", &q.WaitMs}} {
			v, err := wholeNumber(req.Fields[w.name])
			if err != nil {
				return nil, 0, &lineError{Code: client.CodeInvalidRequest, RequestID: req.RequestID,
					Message: fmt.Sprintf("watch: %s must be a whole number of at least 0", w.name)}
			}
			*w.n = v
		}
		b, _ := json.Marshal(q)
		return b, time.Duration(q.WaitMs) * time.Millisecond, nil
	}
	fields := make(map[string]json.RawMessage, len(req.Fields)+1)
	for k, v := range req.Fields {
		fields[k] = v
	}
	fields["clientId"], _ = json.Marshal(r.c.ClientID())
	b, err := json.Marshal(fields)
	return b, 0, err
}

// delete deletes the session with the client's delete, which also puts the
// mirrored document in the workspace's Trash, and renders its outcome as the
// host's session.deleted frame. A document that could not be trashed is told
// in the log: the session is deleted all the same.
func (r *rider) delete(ctx context.Context, requestID string) (*client.Frame, error) {
	dctx, cancel := context.WithTimeout(ctx, r.cfg.RequestTimeout)
	defer cancel()
	out, err := r.c.Delete(dctx, r.session, client.DeleteRequestID(requestID))
	if err != nil {
		if ctx.Err() == nil && errors.Is(dctx.Err(), context.DeadlineExceeded) {
			return nil, &deadlineError{after: r.cfg.RequestTimeout, err: err}
		}
		return nil, err
	}
	if out.MirrorErr != nil {
		r.log.logf("%v", out.MirrorErr)
	}
	v, _ := json.Marshal(out.Deleted)
	return &client.Frame{Protocol: client.Protocol, Type: client.TypeSessionDeleted, RequestID: requestID,
		Replayed: out.Deleted.Replayed, Value: v}, nil
}

// wholeNumber reads an optional JSON number >= 0 with no fraction; 0 when
// absent.
func wholeNumber(raw json.RawMessage) (int64, error) {
	var n int64
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	if err := json.Unmarshal(raw, &n); err != nil || n < 0 {
		return 0, errors.New("not a whole number >= 0")
	}
	return n, nil
}

// after keeps what an answer tells the ride: the lease, the branches it
// holds, the commands it sent, and whether the ride ends.
func (r *rider) after(f *client.Frame) *rideEnding {
	switch f.Type {
	case client.TypeDriverClaimed:
		r.held.Store(true)
	case client.TypeDriverReleased:
		r.held.Store(false)
	case client.TypeCommandAccepted, client.TypeChimeAccepted:
		var v struct {
			CommandID string `json:"commandId"`
			Status    string `json:"status"`
		}
		if f.Decode(&v) == nil {
			r.track.sent(v.CommandID, v.Status)
		}
	case client.TypeSessionForked, client.TypeSessionCloned:
		// A replayed answer names the same new session, whose lease this
		// client still holds: release it at the end all the same.
		var b client.Branched
		if f.Decode(&b) == nil && b.Lease != nil && b.Lease.ClientID == r.c.ClientID() &&
			!slices.Contains(r.branches, b.Session.SessionID) {
			r.branches = append(r.branches, b.Session.SessionID)
		}
	case client.TypeClosed:
		return &rideEnding{reason: ReasonShutdown, last: f}
	case client.TypeSessionDeleted:
		return &rideEnding{reason: ReasonDeleted}
	}
	return nil
}
