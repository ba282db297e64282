package ride

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// Ops the ride carries besides the client's verb ops.
const (
	opCreate  = "create"
	opInspect = "inspect"
	opCapsule = "capsule"
	opWatch   = "watch"
	opAccount = "account"
	opRename  = "rename"
	opDelete  = "delete"
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
	if err == nil && f.Type == "" && op == opAccount {
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

// hostCall is everything the ride knows of the host's routes: the method and
// path of each op, with the body passed through (a watch's since and waitMs
// go in the query). It returns the host's frame; a refusal is *client.Error.
// It has the shape of the client's raw call, which replaces it.
func hostCall(ctx context.Context, c *client.Client, op, sessionID string, body json.RawMessage) (*client.Frame, error) {
	sessions := "/g/" + url.PathEscape(c.Graph()) + "/sessions"
	session := sessions + "/" + url.PathEscape(sessionID)
	var send any
	if body != nil {
		send = body
	}
	switch op {
	case opCreate:
		return c.Do(ctx, http.MethodPost, sessions, send)
	case opInspect:
		return c.Do(ctx, http.MethodGet, session, nil)
	case opCapsule:
		return c.Do(ctx, http.MethodGet, session+"/capsule", nil)
	case opAccount:
		return c.Do(ctx, http.MethodGet, "/account", nil)
	case opRename:
		return c.Do(ctx, http.MethodPatch, session, send)
	case opWatch:
		var q struct {
			Since  int64 `json:"since"`
			WaitMs int64 `json:"waitMs"`
		}
		_ = json.Unmarshal(body, &q)
		v := url.Values{"since": {strconv.FormatInt(q.Since, 10)}}
		if q.WaitMs > 0 {
			v.Set("waitMs", strconv.FormatInt(q.WaitMs, 10))
		}
		return c.Do(ctx, http.MethodGet, session+"/events?"+v.Encode(), nil)
	}
	return c.Do(ctx, http.MethodPost, session+"/"+url.PathEscape(op), send)
}
