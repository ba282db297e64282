package client

import (
	"net/url"
	"strconv"
)

// Envelope is what every mutation carries: its idempotency key and the
// client it speaks for. The typed verbs fill both; Call fills them when the
// body lacks them.
type Envelope struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
}

// RenameRequest is the body of rename. A nil Title clears the name; the field
// is always sent (null clears).
type RenameRequest struct {
	RequestID string  `json:"requestId"`
	ClientID  string  `json:"clientId"`
	Title     *string `json:"title"`
}

// DeleteRequest is what delete carries, in the query string.
type DeleteRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
}

// query puts the delete's ids in the query string.
func (r DeleteRequest) query() url.Values {
	return url.Values{"requestId": {r.RequestID}, "clientId": {r.ClientID}}
}

// WatchRequest is what watch carries, in the query string: the last seq seen
// and how long (in milliseconds, at most 30,000) to wait when nothing is new.
type WatchRequest struct {
	Since  int64 `json:"since"`
	WaitMs int64 `json:"waitMs,omitempty"`
}

// query puts since and waitMs in the query string.
func (r WatchRequest) query() url.Values {
	q := url.Values{"since": {strconv.FormatInt(r.Since, 10)}}
	if r.WaitMs > 0 {
		q.Set("waitMs", strconv.FormatInt(r.WaitMs, 10))
	}
	return q
}

// ClaimRequest is the body of claim.
type ClaimRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
	Takeover  bool   `json:"takeover,omitempty"`
	TTLMs     int64  `json:"ttlMs,omitempty"`
}

// CancelRequest is the body of cancel: the queued command to cancel.
type CancelRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
	CommandID string `json:"commandId"`
}

// ForkRequest is the body of fork: the transcript entry to fork before.
type ForkRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
	EntryID   string `json:"entryId"`
}

// ChimeRequest is the body of chime.
type ChimeRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
	Text      string `json:"text"`
}

// PolicyRequest is the body of set_room_policy.
type PolicyRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
	Policy    string `json:"policy"`
}

// ChimeIDRequest is the body of accept_chime and reject_chime.
type ChimeIDRequest struct {
	RequestID string `json:"requestId"`
	ClientID  string `json:"clientId"`
	ChimeID   string `json:"chimeId"`
}

// GrantRequest is the body of POST /account/grants.
type GrantRequest struct {
	RequestID string  `json:"requestId"`
	Principal string  `json:"principal"`
	AmountUSD float64 `json:"amountUsd"`
	Source    string  `json:"source"`
	Key       string  `json:"key"`
}

// fill fills an empty request id with a fresh one and an empty client id
// with this client's.
func (c *Client) fill(requestID, clientID *string) {
	if *requestID == "" {
		*requestID = c.newID()
	}
	if *clientID == "" {
		*clientID = c.clientID
	}
}
