package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sophia-labs/vehicle/client"
)

// typeAccount is the type of the frame the ride wraps GET /account's
// unwrapped answer in.
const typeAccount = "account"

// do carries one request to the host and returns the frame to print, the
// host's own with the request's requestId, and how the request ends the
// ride (nil when it does not).
func (r *rider) do(ctx context.Context, req rideRequest) (client.Frame, *rideEnding) {
	var f *client.Frame
	var err error
	switch kindOf(req.Op) {
	case opVerb, opRename, opDelete:
		f, err = r.c.Call(ctx, req.Op, r.session, r.body(req))
	case opRead:
		f, err = r.read(ctx, req)
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
	return *f, r.after(ctx, f)
}

// body is the request's fields with the ride's clientId: a request cannot
// speak for another client.
func (r *rider) body(req rideRequest) json.RawMessage {
	b := make(map[string]any, len(req.Fields)+1)
	for k, v := range req.Fields {
		b[k] = v
	}
	b["requestId"] = req.RequestID
	b["clientId"] = r.c.ClientID()
	raw, _ := json.Marshal(b) // fields are JSON already
	return raw
}

// read carries inspect, capsule, watch and account.
func (r *rider) read(ctx context.Context, req rideRequest) (*client.Frame, error) {
	var body json.RawMessage
	if req.Op == client.OpWatch {
		q := map[string]int64{}
		for _, name := range []string{"since", "waitMs"} {
			n, ok, err := wholeNumber(req.Fields[name])
			if err != nil {
				return nil, &lineError{Code: client.CodeInvalidRequest, RequestID: req.RequestID,
					Message: fmt.Sprintf("watch: %s must be a whole number of at least 0", name)}
			}
			if ok {
				q[name] = n
			}
		}
		body, _ = json.Marshal(q)
	}
	f, err := r.c.Call(ctx, req.Op, r.session, body)
	if err == nil && f.Type == "" && req.Op == "account" {
		f.Type = typeAccount
	}
	return f, err
}

// wholeNumber reads an optional JSON number >= 0 with no fraction.
func wholeNumber(raw json.RawMessage) (n int64, ok bool, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false, nil
	}
	if err := json.Unmarshal(raw, &n); err != nil || n < 0 {
		return 0, false, errors.New("not a whole number >= 0")
	}
	return n, true, nil
}

// after keeps what an answer tells the ride: the lease, the branches it
// holds, and whether the ride ends.
func (r *rider) after(ctx context.Context, f *client.Frame) *rideEnding {
	switch f.Type {
	case client.TypeDriverClaimed:
		r.held.Store(true)
	case client.TypeDriverReleased:
		r.held.Store(false)
	case client.TypeSessionForked, client.TypeSessionCloned:
		var b client.Branched
		if f.Decode(&b) == nil && b.Lease != nil && b.Lease.ClientID == r.c.ClientID() && !f.Replayed {
			r.branches = append(r.branches, b.Session.SessionID)
		}
	case client.TypeClosed:
		return &rideEnding{reason: reasonShutdown, last: f}
	case client.TypeSessionDeleted:
		r.trashMirror(ctx, f)
		return &rideEnding{reason: reasonDeleted}
	}
	return nil
}

// trashMirror puts a deleted session's mirrored document in the workspace's
// Trash, with the person's own credential; a failure is told on stderr.
func (r *rider) trashMirror(ctx context.Context, f *client.Frame) {
	var d client.Deleted
	if f.Decode(&d) != nil || d.Mirror == nil || d.Mirror.DocumentID == "" {
		return
	}
	if err := r.c.TrashDocument(ctx, d.Mirror.GraphID, d.Mirror.DocumentID); err != nil {
		r.log.logf("%v", err)
	}
}
