package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
)

// Route is one operation of the protocol: how it travels over HTTP and what
// the host asks of it.
type Route struct {
	// Op is the operation's name, as Call and the JSONL form take it.
	Op string
	// Method is the HTTP method.
	Method string
	// Path is the route under the service's mount; {graph} and {id} are the
	// client's graph and the session id.
	Path string
	// Body is a zero value of the request's Go type; nil for a request with
	// no body.
	Body any
	// Query is true when the body's fields travel in the query string.
	Query bool
	// Lease is true when the host refuses the op from anyone but the exact
	// lease holder.
	Lease bool
	// Idempotent is true when the host remembers the request by its
	// requestId: the same request again is replayed, not run again.
	Idempotent bool
	// Retry is true when a lost answer is retried with the same request (a
	// read, an idempotent op, or a delete: see Client.Delete).
	Retry bool
	// Delegation is true when a delegation_required refusal is answered by
	// handing the host the caller's delegation (one inspect) and sending the
	// same request once more.
	Delegation bool

	ids ids // which ids Call fills in the body
}

// ids says which of requestId and clientId a body carries.
type ids int

const (
	noIDs ids = iota
	requestIDOnly
	bothIDs
)

const (
	sessions = "/g/{graph}/sessions"
	session  = sessions + "/{id}"
)

// verb is a POST to a session's op route, idempotent by requestId.
func verb(op string, body any, lease bool) Route {
	return Route{Op: op, Method: http.MethodPost, Path: session + "/" + op, Body: body,
		Lease: lease, Idempotent: true, Retry: true, ids: bothIDs}
}

// read is a GET: safe to repeat.
func read(op, path string, body any, query bool) Route {
	return Route{Op: op, Method: http.MethodGet, Path: path, Body: body, Query: query, Retry: true}
}

// routeTable is every operation of the seed, plus the account routes.
func routeTable() []Route {
	text := verb(OpPrompt, TextRequest{}, true)
	text.Delegation = true
	withOp := func(r Route, op string) Route {
		r.Op, r.Path = op, session+"/"+op
		return r
	}
	return []Route{
		{Op: OpCreate, Method: http.MethodPost, Path: sessions, Body: CreateRequest{}, Idempotent: true, Retry: true, ids: bothIDs},
		read(OpList, sessions, nil, false),
		read(OpInspect, session, nil, false),
		{Op: OpRename, Method: http.MethodPatch, Path: session, Body: RenameRequest{}, Idempotent: true, Retry: true, ids: bothIDs},
		{Op: OpDelete, Method: http.MethodDelete, Path: session, Body: DeleteRequest{}, Query: true, Retry: true, ids: bothIDs},
		read(OpWatch, session+"/events", WatchRequest{}, true),
		read(OpCapsule, session+"/capsule", nil, false),
		verb(OpClaim, ClaimRequest{}, false),
		verb(OpRelease, Envelope{}, false),
		text, withOp(text, OpFollowUp), withOp(text, OpSteer),
		verb(OpAbort, Envelope{}, true),
		verb(OpCancel, CancelRequest{}, true),
		verb(OpShutdown, Envelope{}, true),
		verb(OpFork, ForkRequest{}, false),
		verb(OpClone, Envelope{}, false),
		verb(OpChime, ChimeRequest{}, false),
		verb(OpSetRoomPolicy, PolicyRequest{}, true),
		verb(OpAcceptChime, ChimeIDRequest{}, true),
		verb(OpRejectChime, ChimeIDRequest{}, true),
		read(OpAccount, "/account", nil, false),
		{Op: OpGrant, Method: http.MethodPost, Path: "/account/grants", Body: GrantRequest{}, Idempotent: true, Retry: true, ids: requestIDOnly},
	}
}

// Routes returns the table of the protocol's operations, in the order of the
// contract. The slice is the caller's.
func Routes() []Route { return routeTable() }

// RouteOf returns the route of an op; ok is false for an op the protocol
// does not have.
func RouteOf(op string) (r Route, ok bool) {
	for _, r := range routeTable() {
		if r.Op == op {
			return r, true
		}
	}
	return Route{}, false
}

// opNames lists the ops, for messages.
func opNames() string {
	var n []string
	for _, r := range routeTable() {
		n = append(n, r.Op)
	}
	sort.Strings(n)
	return strings.Join(n, ", ")
}

// path fills the route's template with the graph and the session id.
func (c *Client) path(r Route, sessionID string) string {
	p := strings.ReplaceAll(r.Path, "{graph}", url.PathEscape(c.graph))
	return strings.ReplaceAll(p, "{id}", url.PathEscape(sessionID))
}

// Call sends one operation of the route table (see Routes) and returns the
// host's frame untouched. body is the op's JSON body (nil or empty for none);
// when the op's body has a requestId or clientId that the body lacks, Call
// fills it with a fresh request id and this client's id. For delete and
// watch the body's fields travel in the query string, as the contract says.
// sessionID is ignored by the ops that name no session (create, list,
// account, grant).
//
// A refusal returns the host's error frame AND a *Error (both with this
// client's secrets scrubbed, see Scrub); a lost answer
// (after the retry policy, see RetryPolicy) returns a nil frame and a
// *TransportError. GET /account's answer is not a frame: it comes back as
// the Value of a frame with no type.
func (c *Client) Call(ctx context.Context, op, sessionID string, body json.RawMessage) (*Frame, error) {
	r, ok := c.routes[op]
	if !ok {
		return nil, fmt.Errorf("vehicle: unknown op %q: use one of %s", op, opNames())
	}
	if strings.Contains(r.Path, "{id}") {
		if err := CheckSessionID(sessionID); err != nil {
			return nil, fmt.Errorf("%w (for %s)", err, op)
		}
	}
	if r.Body == nil {
		return c.invoke(ctx, r, sessionID, nil, "")
	}
	if r.Op == OpWatch {
		f, err := c.callFields(ctx, r, sessionID, body)
		c.traceWatchAnswer(sessionID, f)
		return f, err
	}
	return c.callFields(ctx, r, sessionID, body)
}

// callFields is Call for an op whose request has a body: its fields, the
// ids filled in, as JSON or in the query string.
func (c *Client) callFields(ctx context.Context, r Route, sessionID string, body json.RawMessage) (*Frame, error) {
	op := r.Op
	var fields map[string]json.RawMessage
	if len(bytes.TrimSpace(body)) > 0 {
		if err := json.Unmarshal(body, &fields); err != nil {
			return nil, fmt.Errorf("vehicle: the body of %s is not a JSON object: %w", op, err)
		}
	}
	if fields == nil { // none, or null
		fields = map[string]json.RawMessage{}
	}
	rid := c.fillIDs(r, fields)
	if op == OpRename {
		foldTitleField(fields)
	}
	if r.Query {
		typed := reflect.New(reflect.TypeOf(r.Body))
		b, _ := json.Marshal(fields)
		if err := json.Unmarshal(b, typed.Interface()); err != nil {
			return nil, fmt.Errorf("vehicle: the fields of %s do not fit its query: %w", op, err)
		}
		return c.invoke(ctx, r, sessionID, typed.Elem().Interface(), rid)
	}
	return c.invoke(ctx, r, sessionID, fields, rid)
}

// fillIDs adds the ids the route's body carries when they are missing, and
// returns the request id.
func (c *Client) fillIDs(r Route, fields map[string]json.RawMessage) string {
	var rid string
	if r.ids >= requestIDOnly {
		_ = json.Unmarshal(fields["requestId"], &rid)
		if rid == "" {
			rid = c.newID()
			fields["requestId"], _ = json.Marshal(rid)
		}
	}
	if r.ids == bothIDs {
		if _, ok := fields["clientId"]; !ok {
			fields["clientId"], _ = json.Marshal(c.clientID)
		}
	}
	return rid
}

// queryBody is a body that travels in the query string.
type queryBody interface{ query() url.Values }

// invoke sends a route's request: body is encoded to JSON, or put in the
// query string for a query route. requestID is the body's (the typed verbs
// know it; nothing parses it back). It applies the delegation retry; the
// lost-answer retry is send's.
func (c *Client) invoke(ctx context.Context, r Route, sessionID string, body any, requestID string) (*Frame, error) {
	return c.invokeInto(ctx, r, sessionID, body, requestID, nil)
}

// invokeInto is invoke for an answer that is a snapshot, read a piece at a
// time into sink (readPacked) when sink is not nil.
func (c *Client) invokeInto(ctx context.Context, r Route, sessionID string, body any, requestID string, sink *packedSink) (*Frame, error) {
	if strings.Contains(r.Path, "{id}") {
		if err := CheckSessionID(sessionID); err != nil {
			return nil, err
		}
	}
	cl := call{op: r.Op, session: sessionID, method: r.Method, url: c.baseURL(c.path(r, sessionID)),
		requestID: requestID, retry: r.Retry, sink: sink}
	switch b := body.(type) {
	case nil:
	case queryBody:
		if q := b.query().Encode(); q != "" {
			cl.url += "?" + q
		}
	default:
		data, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("vehicle: cannot encode the %s request: %w", r.Op, err)
		}
		cl.body = data
	}
	f, err := c.send(ctx, cl)
	if r.Delegation && ErrorCode(err) == CodeDelegationRequired {
		// The session was revived without its owner's delegation token; the
		// owner's next request hands gardend's newest one over. Make one,
		// then send the same request again (refusals are not remembered).
		if _, ierr := c.Inspect(ctx, sessionID); ierr == nil {
			f, err = c.send(ctx, cl)
		}
	}
	return f, err
}

// foldTitleField folds a rename body's title when it is a string; null
// and other shapes go to the host as they are, which answers them.
func foldTitleField(fields map[string]json.RawMessage) {
	var t string
	raw := bytes.TrimSpace(fields["title"])
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &t) != nil {
		return
	}
	fields["title"], _ = json.Marshal(FoldTitle(t))
}
