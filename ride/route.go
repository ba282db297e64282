package ride

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// TypeAccount is the type of the frame the ride wraps GET /account's
// unwrapped answer in.
const TypeAccount = "account"

// call carries one op to the host within the ride's request deadline
// (RequestTimeout, plus wait for a watch that asks the host to wait).
func (r *rider) call(ctx context.Context, op, sessionID string, body json.RawMessage, wait time.Duration) (*client.Frame, error) {
	limit := r.cfg.RequestTimeout + wait
	cctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	f, err := hostCall(cctx, r.c, op, sessionID, body)
	if err != nil && ctx.Err() == nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
		return nil, &deadlineError{after: limit, err: err}
	}
	if err == nil && f.Type == "" && op == client.OpAccount {
		f.Type = TypeAccount
	}
	return f, err
}

// deadlineError is a request the host did not answer within the ride's
// deadline.
type deadlineError struct {
	after time.Duration
	err   error
}

// Error says how long the ride waited and what to do.
func (e *deadlineError) Error() string {
	return fmt.Sprintf("the host did not answer within %v (%v): the request may or may not have been carried out; inspect the session to find out (a retry with the same requestId is safe)", e.after, e.err)
}

// Unwrap returns the failure the deadline caused.
func (e *deadlineError) Unwrap() error { return e.err }

// hostCall carries one op through the client's route table and returns the
// host's frame; a refusal is *client.Error.
func hostCall(ctx context.Context, c *client.Client, op, sessionID string, body json.RawMessage) (*client.Frame, error) {
	return c.Call(ctx, op, sessionID, body)
}
