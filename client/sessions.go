package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// CreateRequest is the body of create. Claim nil means true.
type CreateRequest struct {
	RequestID  string  `json:"requestId"`
	ClientID   string  `json:"clientId"`
	Claim      *bool   `json:"claim,omitempty"`
	Profile    string  `json:"profile,omitempty"`
	Model      string  `json:"model,omitempty"`
	Title      string  `json:"title,omitempty"`
	MaxTurns   int     `json:"maxTurns,omitempty"`
	MaxCostUSD float64 `json:"maxCostUsd,omitempty"`
	TTLMs      int64   `json:"ttlMs,omitempty"`
	GraphID    string  `json:"graphId,omitempty"`
}

// TextRequest is the body of prompt, follow_up and steer.
type TextRequest struct {
	Text        string   `json:"text"`
	ContextRefs []string `json:"contextRefs,omitempty"`
	CommandID   string   `json:"commandId,omitempty"`
	RequestID   string   `json:"-"` // default: a fresh id
}

// Verb ops.
const (
	OpClaim         = "claim"
	OpRelease       = "release"
	OpPrompt        = "prompt"
	OpFollowUp      = "follow_up"
	OpSteer         = "steer"
	OpAbort         = "abort"
	OpCancel        = "cancel"
	OpShutdown      = "shutdown"
	OpFork          = "fork"
	OpClone         = "clone"
	OpChime         = "chime"
	OpSetRoomPolicy = "set_room_policy"
	OpAcceptChime   = "accept_chime"
	OpRejectChime   = "reject_chime"
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

// Create starts a session on the client's graph. Empty RequestID and ClientID
// are filled in.
func (c *Client) Create(ctx context.Context, r CreateRequest) (*Created, error) {
	if r.RequestID == "" {
		r.RequestID = c.newID()
	}
	if r.ClientID == "" {
		r.ClientID = c.clientID
	}
	var v Created
	f, err := c.Do(ctx, http.MethodPost, c.sessionsPath(), r)
	return decodeInto(f, err, &v, &v.Replayed)
}

// List returns the caller's sessions on the graph.
func (c *Client) List(ctx context.Context) ([]Summary, error) {
	var v struct {
		Sessions []Summary `json:"sessions"`
	}
	f, err := c.Do(ctx, http.MethodGet, c.sessionsPath(), nil)
	if _, err := decodeInto(f, err, &v, nil); err != nil {
		return nil, err
	}
	return v.Sessions, nil
}

// Inspect returns the session's snapshot.
func (c *Client) Inspect(ctx context.Context, id string) (*Snapshot, error) {
	var v Snapshot
	f, err := c.Do(ctx, http.MethodGet, c.sessionsPath(id), nil)
	return decodeInto(f, err, &v, nil)
}

// Rename sets the session's title; nil or "" clears it.
func (c *Client) Rename(ctx context.Context, id string, title *string) (*Summary, error) {
	body := map[string]any{"requestId": c.newID(), "clientId": c.clientID, "title": title}
	var v struct {
		Session Summary `json:"session"`
	}
	f, err := c.Do(ctx, http.MethodPatch, c.sessionsPath(id), body)
	if _, err := decodeInto(f, err, &v, nil); err != nil {
		return nil, err
	}
	return &v.Session, nil
}

// DeleteSession deletes the session (the host moves it to its trash) and
// returns the host's answer. It does not trash the mirrored document: Delete
// does both.
func (c *Client) DeleteSession(ctx context.Context, id, requestID string) (*Deleted, error) {
	if requestID == "" {
		requestID = c.newID()
	}
	q := url.Values{"requestId": {requestID}, "clientId": {c.clientID}}
	var v Deleted
	f, err := c.Do(ctx, http.MethodDelete, c.sessionsPath(id)+"?"+q.Encode(), nil)
	if err == nil && f.RequestID == "" {
		f.RequestID = requestID
	}
	return decodeInto(f, err, &v, &v.Replayed)
}

// Watch long-polls the session's events after since, waiting up to wait for
// the next one when there is none (0: answer at once).
func (c *Client) Watch(ctx context.Context, id string, since int64, wait int) (*WatchResult, error) {
	q := url.Values{"since": {strconv.FormatInt(since, 10)}}
	if wait > 0 {
		q.Set("waitMs", strconv.Itoa(wait))
	}
	var v WatchResult
	f, err := c.Do(ctx, http.MethodGet, c.sessionsPath(id, "events")+"?"+q.Encode(), nil)
	return decodeInto(f, err, &v, nil)
}

// Capsule returns the session's bounded hand-over capsule.
func (c *Client) Capsule(ctx context.Context, id string) (*Capsule, error) {
	var v Capsule
	f, err := c.Do(ctx, http.MethodGet, c.sessionsPath(id, "capsule"), nil)
	return decodeInto(f, err, &v, nil)
}

// Verb posts one verb op with its fields; requestId and clientId are added
// when missing. It returns the host's frame unchanged, for callers that pass
// frames through (the JSONL form).
func (c *Client) Verb(ctx context.Context, id, op string, fields map[string]any) (*Frame, error) {
	body := make(map[string]any, len(fields)+2)
	for k, v := range fields {
		body[k] = v
	}
	if s, _ := body["requestId"].(string); s == "" {
		body["requestId"] = c.newID()
	}
	if _, ok := body["clientId"]; !ok {
		body["clientId"] = c.clientID
	}
	return c.Do(ctx, http.MethodPost, c.sessionsPath(id, op), body)
}

// Claim takes the lease; with takeover it revokes another client of the same
// person.
func (c *Client) Claim(ctx context.Context, id string, takeover bool) (*Claimed, error) {
	fields := map[string]any{}
	if takeover {
		fields["takeover"] = true
	}
	var v Claimed
	f, err := c.Verb(ctx, id, OpClaim, fields)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Release gives the lease up.
func (c *Client) Release(ctx context.Context, id string) error {
	_, err := c.Verb(ctx, id, OpRelease, nil)
	return err
}

// Send posts a text command: op is OpPrompt, OpFollowUp or OpSteer.
func (c *Client) Send(ctx context.Context, id, op string, r TextRequest) (*Accepted, error) {
	fields := map[string]any{"text": r.Text}
	if len(r.ContextRefs) > 0 {
		fields["contextRefs"] = r.ContextRefs
	}
	if r.CommandID != "" {
		fields["commandId"] = r.CommandID
	}
	if r.RequestID == "" {
		r.RequestID = c.newID()
	}
	fields["requestId"] = r.RequestID
	var v Accepted
	f, err := c.Verb(ctx, id, op, fields)
	if ErrorCode(err) == CodeDelegationRequired {
		// The session was revived without its owner's delegation token; the
		// owner's next request hands gardend's newest one over. Make one,
		// then send the same request again (refusals are not remembered).
		if _, ierr := c.Inspect(ctx, id); ierr == nil {
			f, err = c.Verb(ctx, id, op, fields)
		}
	}
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
	f, err := c.Verb(ctx, id, OpAbort, nil)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Cancel cancels a queued command.
func (c *Client) Cancel(ctx context.Context, id, commandID string) (*Cancelled, error) {
	var v Cancelled
	f, err := c.Verb(ctx, id, OpCancel, map[string]any{"commandId": commandID})
	return decodeInto(f, err, &v, &v.Replayed)
}

// Shutdown puts the session's body to rest.
func (c *Client) Shutdown(ctx context.Context, id string) (*Closed, error) {
	var v Closed
	f, err := c.Verb(ctx, id, OpShutdown, nil)
	return decodeInto(f, err, &v, nil)
}

// Fork starts a new session with the history before entryID.
func (c *Client) Fork(ctx context.Context, id, entryID string) (*Branched, error) {
	var v Branched
	f, err := c.Verb(ctx, id, OpFork, map[string]any{"entryId": entryID})
	return decodeInto(f, err, &v, &v.Replayed)
}

// Clone starts a copy of the session.
func (c *Client) Clone(ctx context.Context, id string) (*Branched, error) {
	var v Branched
	f, err := c.Verb(ctx, id, OpClone, nil)
	return decodeInto(f, err, &v, &v.Replayed)
}

// Chime sends a collaborator's message to the session's room. A rejection
// by the room's policy is a result (Accepted false), not an error.
func (c *Client) Chime(ctx context.Context, id, text string) (*ChimeResult, error) {
	return c.chimeVerb(ctx, id, OpChime, map[string]any{"text": text})
}

// AcceptChime accepts a pending chime (the driver's).
func (c *Client) AcceptChime(ctx context.Context, id, chimeID string) (*ChimeResult, error) {
	return c.chimeVerb(ctx, id, OpAcceptChime, map[string]any{"chimeId": chimeID})
}

// RejectChime rejects a pending chime (the driver's).
func (c *Client) RejectChime(ctx context.Context, id, chimeID string) (*ChimeResult, error) {
	return c.chimeVerb(ctx, id, OpRejectChime, map[string]any{"chimeId": chimeID})
}

func (c *Client) chimeVerb(ctx context.Context, id, op string, fields map[string]any) (*ChimeResult, error) {
	var v ChimeResult
	f, err := c.Verb(ctx, id, op, fields)
	r, err := decodeInto(f, err, &v, &v.Replayed)
	if err == nil {
		r.Accepted = f.Type == TypeChimeAccepted
	}
	return r, err
}

// SetRoomPolicy sets the room's policy: PolicyObserve, PolicyMute,
// PolicySuggest or PolicyCoDrive.
func (c *Client) SetRoomPolicy(ctx context.Context, id, policy string) (string, error) {
	var v PolicyValue
	f, err := c.Verb(ctx, id, OpSetRoomPolicy, map[string]any{"policy": policy})
	if _, err := decodeInto(f, err, &v, nil); err != nil {
		return "", err
	}
	return v.Policy, nil
}

// Account returns what the host knows of the caller: member, account with
// credit, or anonymous visitor.
func (c *Client) Account(ctx context.Context) (*Account, error) {
	var v Account
	f, err := c.Do(ctx, http.MethodGet, "/account", nil)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(f.Value, &v); err != nil || v.Kind == "" {
		return nil, fmt.Errorf("vehicle: the account answer does not decode (%v); is this a vehicle host?", err)
	}
	return &v, nil
}

// GrantRequest is the body of POST /account/grants.
type GrantRequest struct {
	RequestID string  `json:"requestId"`
	Principal string  `json:"principal"`
	AmountUSD float64 `json:"amountUsd"`
	Source    string  `json:"source"`
	Key       string  `json:"key"`
}

// Grant adds credit to an account (an operator's or a payment's).
func (c *Client) Grant(ctx context.Context, r GrantRequest) (*Granted, error) {
	if r.RequestID == "" {
		r.RequestID = c.newID()
	}
	var v Granted
	f, err := c.Do(ctx, http.MethodPost, "/account/grants", r)
	return decodeInto(f, err, &v, nil)
}
