package client

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// decodeInto decodes a frame's value into v and sets the replayed flag.
func decodeInto[T any](f *Frame, err error, v *T, replayed *bool) (*T, error) {
	if err != nil {
		return nil, err
	}
	if derr := f.Decode(v); derr != nil {
		return nil, fmt.Errorf("vehicle: the host's %s frame does not decode: %w", f.Type, derr)
	}
	if replayed != nil {
		*replayed = f.Replayed
	}
	return v, nil
}

// do sends a typed request through the route table: op's route, the session
// (if any), the body and its request id.
func (c *Client) do(ctx context.Context, op, sessionID string, body any, requestID string) (*Frame, error) {
	return c.doInto(ctx, op, sessionID, body, requestID, nil)
}

// doInto is do, reading a snapshot's answer a piece at a time into sink
// when it is not nil (invokeInto).
func (c *Client) doInto(ctx context.Context, op, sessionID string, body any, requestID string, sink *packedSink) (*Frame, error) {
	r, ok := c.routes[op]
	if !ok {
		return nil, fmt.Errorf("vehicle: unknown op %q", op) // a typed verb names its op
	}
	return c.invokeInto(ctx, r, sessionID, body, requestID, sink)
}

// Create starts a session on the client's graph. Empty RequestID and ClientID
// are filled in.
func (c *Client) Create(ctx context.Context, r CreateRequest) (*Created, error) {
	c.fill(&r.RequestID, &r.ClientID)
	var v Created
	f, err := c.do(ctx, OpCreate, "", r, r.RequestID)
	return decodeInto(f, err, &v, &v.Replayed)
}

// List returns the caller's sessions on the graph.
func (c *Client) List(ctx context.Context) ([]Summary, error) {
	var v struct {
		Sessions []Summary `json:"sessions"`
	}
	f, err := c.do(ctx, OpList, "", nil, "")
	if _, err := decodeInto(f, err, &v, nil); err != nil {
		return nil, err
	}
	return v.Sessions, nil
}

// Inspect returns the session's snapshot.
func (c *Client) Inspect(ctx context.Context, id string) (*Snapshot, error) {
	var v Snapshot
	f, err := c.do(ctx, OpInspect, id, nil, "")
	return decodeInto(f, err, &v, nil)
}

// Rename sets the session's title, folded first as the seed folds it
// (FoldTitle: a title of several lines is one line); nil, "" or only
// whitespace clears it.
func (c *Client) Rename(ctx context.Context, id string, title *string) (*Summary, error) {
	body := RenameRequest{}
	if title != nil {
		if t := FoldTitle(*title); t != "" {
			body.Title = &t
		}
	}
	c.fill(&body.RequestID, &body.ClientID)
	var v struct {
		Session Summary `json:"session"`
	}
	f, err := c.do(ctx, OpRename, id, body, body.RequestID)
	if _, err := decodeInto(f, err, &v, nil); err != nil {
		return nil, err
	}
	return &v.Session, nil
}

// Watch long-polls the session's events after since (0 for all), waiting up
// to wait for the next one when there is none (0: answer at once; the host
// refuses more than MaxWatchWait). For a live stream, use Stream.
func (c *Client) Watch(ctx context.Context, id string, since int64, wait time.Duration) (*WatchResult, error) {
	res, err := c.watch(ctx, id, since, wait)
	if err == nil {
		for i := range res.Events {
			c.traceEvent(id, &res.Events[i])
		}
	}
	return res, err
}

// watch is Watch, reporting no event to the trace (a Stream reports the
// events it delivers).
func (c *Client) watch(ctx context.Context, id string, since int64, wait time.Duration) (*WatchResult, error) {
	var v WatchResult
	f, err := c.do(ctx, OpWatch, id, WatchRequest{Since: since, WaitMs: wait.Milliseconds()}, "")
	return decodeInto(f, err, &v, nil)
}

// Capsule returns the session's bounded hand-over capsule.
func (c *Client) Capsule(ctx context.Context, id string) (*Capsule, error) {
	var v Capsule
	f, err := c.do(ctx, OpCapsule, id, nil, "")
	return decodeInto(f, err, &v, nil)
}

// ClaimOption adjusts a claim.
type ClaimOption func(*ClaimRequest)

// Takeover takes the lease over from another client of the same person (their
// lease is revoked); another person's lease is never taken over.
func Takeover() ClaimOption { return func(r *ClaimRequest) { r.Takeover = true } }

// TTL asks for a lease that expires after d without use (the host's default
// otherwise).
func TTL(d time.Duration) ClaimOption {
	return func(r *ClaimRequest) { r.TTLMs = d.Milliseconds() }
}

// Claim takes the session's lease: this client becomes its driver. Without
// Takeover a lease another client holds is a lease_held refusal (its details
// say whether a takeover would succeed).
func (c *Client) Claim(ctx context.Context, id string, opts ...ClaimOption) (*Claimed, error) {
	var body ClaimRequest
	for _, o := range opts {
		o(&body)
	}
	c.fill(&body.RequestID, &body.ClientID)
	var v Claimed
	f, err := c.do(ctx, OpClaim, id, body, body.RequestID)
	return decodeInto(f, err, &v, &v.Replayed)
}

// bare sends an op whose body is the envelope alone.
func (c *Client) bare(ctx context.Context, op, id string) (*Frame, error) {
	var body Envelope
	c.fill(&body.RequestID, &body.ClientID)
	return c.do(ctx, op, id, body, body.RequestID)
}

// Release gives the lease up.
func (c *Client) Release(ctx context.Context, id string) error {
	_, err := c.bare(ctx, OpRelease, id)
	return err
}

// Send posts a text command: op is OpPrompt, OpFollowUp or OpSteer. An
// empty r.RequestID is filled with a fresh one. A delegation_required
// refusal is handled as RetryPolicy says.
func (c *Client) Send(ctx context.Context, id, op string, r TextRequest) (*Accepted, error) {
	switch op {
	case OpPrompt, OpFollowUp, OpSteer:
	default:
		return nil, fmt.Errorf("vehicle: Send takes prompt, follow_up or steer, not %q", op)
	}
	c.fill(&r.RequestID, &r.ClientID)
	var v Accepted
	f, err := c.do(ctx, op, id, r, r.RequestID)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Prompt sends a prompt.
func (c *Client) Prompt(ctx context.Context, id, text string) (*Accepted, error) {
	return c.Send(ctx, id, OpPrompt, TextRequest{Text: text})
}

// FollowUp sends a follow_up, queued behind a run under way.
func (c *Client) FollowUp(ctx context.Context, id, text string) (*Accepted, error) {
	return c.Send(ctx, id, OpFollowUp, TextRequest{Text: text})
}

// Steer sends a steer into the run under way.
func (c *Client) Steer(ctx context.Context, id, text string) (*Accepted, error) {
	return c.Send(ctx, id, OpSteer, TextRequest{Text: text})
}

// Abort stops the run under way.
func (c *Client) Abort(ctx context.Context, id string) (*Accepted, error) {
	var v Accepted
	f, err := c.bare(ctx, OpAbort, id)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Cancel cancels a queued command.
func (c *Client) Cancel(ctx context.Context, id, commandID string) (*Cancelled, error) {
	body := CancelRequest{CommandID: commandID}
	c.fill(&body.RequestID, &body.ClientID)
	var v Cancelled
	f, err := c.do(ctx, OpCancel, id, body, body.RequestID)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Shutdown puts the session's body to rest.
func (c *Client) Shutdown(ctx context.Context, id string) (*Closed, error) {
	var v Closed
	f, err := c.bare(ctx, OpShutdown, id)
	return decodeInto(f, err, &v, nil)
}

// Fork starts a new session with the history before entryID.
func (c *Client) Fork(ctx context.Context, id, entryID string) (*Branched, error) {
	body := ForkRequest{EntryID: entryID}
	c.fill(&body.RequestID, &body.ClientID)
	var v Branched
	f, err := c.do(ctx, OpFork, id, body, body.RequestID)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Clone starts a copy of the session.
func (c *Client) Clone(ctx context.Context, id string) (*Branched, error) {
	var v Branched
	f, err := c.bare(ctx, OpClone, id)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Chime sends a collaborator's message to the session's room. A rejection
// by the room's policy is a result (Accepted false), not an error.
func (c *Client) Chime(ctx context.Context, id, text string) (*ChimeResult, error) {
	body := ChimeRequest{Text: text}
	c.fill(&body.RequestID, &body.ClientID)
	return c.chimeResult(c.do(ctx, OpChime, id, body, body.RequestID))
}

// AcceptChime accepts a pending chime (the driver's).
func (c *Client) AcceptChime(ctx context.Context, id, chimeID string) (*ChimeResult, error) {
	return c.resolveChime(ctx, OpAcceptChime, id, chimeID)
}

// RejectChime rejects a pending chime (the driver's).
func (c *Client) RejectChime(ctx context.Context, id, chimeID string) (*ChimeResult, error) {
	return c.resolveChime(ctx, OpRejectChime, id, chimeID)
}

func (c *Client) resolveChime(ctx context.Context, op, id, chimeID string) (*ChimeResult, error) {
	body := ChimeIDRequest{ChimeID: chimeID}
	c.fill(&body.RequestID, &body.ClientID)
	return c.chimeResult(c.do(ctx, op, id, body, body.RequestID))
}

func (c *Client) chimeResult(f *Frame, err error) (*ChimeResult, error) {
	var v ChimeResult
	r, err := decodeInto(f, err, &v, &v.Replayed)
	if err == nil {
		r.Accepted = f.Type == TypeChimeAccepted
	}
	return r, err
}

// SetRoomPolicy sets the room's policy: PolicyObserve, PolicyMute,
// PolicySuggest or PolicyCoDrive.
func (c *Client) SetRoomPolicy(ctx context.Context, id, policy string) (string, error) {
	body := PolicyRequest{Policy: policy}
	c.fill(&body.RequestID, &body.ClientID)
	var v PolicyValue
	f, err := c.do(ctx, OpSetRoomPolicy, id, body, body.RequestID)
	if _, err := decodeInto(f, err, &v, nil); err != nil {
		return "", err
	}
	return v.Policy, nil
}

// Account returns what the host knows of the caller: member, account with
// credit, or anonymous visitor.
func (c *Client) Account(ctx context.Context) (*Account, error) {
	var v Account
	f, err := c.do(ctx, OpAccount, "", nil, "")
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(f.Value, &v); err != nil || v.Kind == "" {
		return nil, fmt.Errorf("vehicle: the account answer does not decode (%v); is this a vehicle host?", err)
	}
	return &v, nil
}

// Grant adds credit to an account (an operator's or a payment's).
func (c *Client) Grant(ctx context.Context, r GrantRequest) (*Granted, error) {
	if r.RequestID == "" {
		r.RequestID = c.newID()
	}
	var v Granted
	f, err := c.do(ctx, OpGrant, "", r, r.RequestID)
	return decodeInto(f, err, &v, nil)
}
