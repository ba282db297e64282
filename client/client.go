package client

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// Client speaks to one gardend for one graph. It is safe for concurrent use.
// A Client holds credentials in memory only and never logs them.
type Client struct {
	gardend   *url.URL      // gardend's root, without user info
	userinfo  *url.Userinfo // the user info the address came with, sent but never shown
	mount     string        // the service's mount under gardend ("" serves at the root)
	graph     string
	token     string
	visitorID string
	keys      modelKeys // the model key, which may change after New
	clientID  string
	http      *http.Client
	stream    *http.Client
	retry     RetryPolicy
	newID     func() string
	routes    map[string]Route                                 // the route table by op
	trace     Trace                                            // the hooks WithTrace set
	sleep     func(ctx context.Context, d time.Duration) error // waits between attempts (sleepCtx; tests count instead)
}

// Option configures a Client.
type Option func(*Client)

// WithMount sets the service's mount under gardend (default DefaultMount; ""
// for a host serving at its root).
func WithMount(m string) Option {
	return func(c *Client) { c.mount = strings.TrimRight(m, "/") }
}

// WithGraph sets the graph every session route lives under.
func WithGraph(g string) Option { return func(c *Client) { c.graph = g } }

// WithToken authenticates with a bearer token (a gardend client token, the
// master key, or an account's ID token).
func WithToken(t string) Option { return func(c *Client) { c.token = t } }

// WithVisitorID rides as an anonymous visitor with this id; ignored when a
// token is set.
func WithVisitorID(id string) Option { return func(c *Client) { c.visitorID = id } }

// WithModelKey sends the person's own model key as X-Model-Key on every request.
func WithModelKey(k string) Option { return func(c *Client) { c.keys.set(k) } }

// WithClientID sets this client's id (default: a random one).
func WithClientID(id string) Option { return func(c *Client) { c.clientID = id } }

// WithHTTPClient sets the HTTP client for requests and streams. Its Timeout,
// if any, must be zero for streams to work; per-request deadlines come from
// the context. The client uses a copy that never follows a redirect to
// another origin or from https to http (see RedirectError).
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) { c.http, c.stream = h, h }
}

// WithRetry sets the retry policy for requests whose answer was lost.
func WithRetry(p RetryPolicy) Option { return func(c *Client) { c.retry = p } }

// WithRequestIDs sets the generator of request ids (default: random).
func WithRequestIDs(f func() string) Option { return func(c *Client) { c.newID = f } }

// New returns a Client for the gardend at gardendURL (scheme and host, and an
// optional path prefix). It fails only on an address it cannot use. User
// info in the address (https://user:password@host) is sent with every
// request, as net/http does, but no address the client shows or puts in an
// error carries it.
func New(gardendURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(gardendURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("vehicle: that is not a gardend address: give one like https://sophia.example.com")
	}
	userinfo := u.User
	u = withoutUserinfo(u)
	c := &Client{gardend: u, userinfo: userinfo, mount: DefaultMount, retry: DefaultRetry(), newID: requestID,
		routes: map[string]Route{}, sleep: sleepCtx}
	for _, r := range routeTable() {
		c.routes[r.Op] = r
	}
	for _, o := range opts {
		o(c)
	}
	if c.http == nil {
		c.http, c.stream = newQuietClients()
	}
	guarded := guardRedirects(c.http)
	if c.stream == c.http {
		c.stream = guarded
	} else {
		c.stream = guardRedirects(c.stream)
	}
	c.http = guarded
	if c.clientID == "" {
		c.clientID = "cli-" + RandomID()
	}
	if c.retry.Attempts < 1 {
		c.retry.Attempts = 1
	}
	return c, nil
}

// requestID is a fresh request id: 16 random hex digits from the runtime's
// generator (ChaCha8, seeded from the system's), which needs no system call;
// crypto/rand's does (getrandom), and in an idle process that call woke
// sysmon with each request (a lease renewal's). A request id only has to
// be unique: RandomID's stay for what must be secret.
func requestID() string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], mrand.Uint64())
	return hex.EncodeToString(b[:])
}

// RandomID returns 16 random hex digits.
func RandomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ClientID is this client's id, as leases name it.
func (c *Client) ClientID() string { return c.clientID }

// Graph is the graph this client's session routes live under.
func (c *Client) Graph() string { return c.graph }

// GardendURL is gardend's root address.
func (c *Client) GardendURL() string { return c.gardend.String() }

// ServiceURL is the service's address: gardend's root and the mount.
func (c *Client) ServiceURL() string { return c.baseURL("") }

// NewRequestID returns a fresh request id.
func (c *Client) NewRequestID() string { return c.newID() }

// Visitor reports whether this client rides as an anonymous visitor.
func (c *Client) Visitor() bool { return c.token == "" && c.visitorID != "" }

// baseURL is the service's address: gardend's root plus the mount.
func (c *Client) baseURL(path string) string {
	return c.gardend.String() + c.mount + path
}

// sessionsPath is the graph's sessions route, plus more path segments.
func (c *Client) sessionsPath(parts ...string) string {
	p := "/g/" + url.PathEscape(c.graph) + "/sessions"
	for _, s := range parts {
		p += "/" + url.PathEscape(s)
	}
	return p
}

// setHeaders puts the credentials and the model key on a request.
func (c *Client) setHeaders(h http.Header) {
	if c.token != "" {
		h.Set("Authorization", "Bearer "+c.token)
	} else if c.visitorID != "" {
		h.Set("X-Visitor-Id", c.visitorID)
	}
	if k := c.ModelKey(); k != "" {
		h.Set("X-Model-Key", k)
	}
}

// call is one request: method, address, body (nil for none) and whether it may
// be retried with the same body when its answer is lost.
type call struct {
	op        string // the route's op, for a trace
	session   string // the session it names, for a trace
	method    string
	url       string
	body      []byte
	requestID string
	retry     bool
	sink      *packedSink // a snapshot's answer is read a piece at a time into it
}

// once makes attempt n (from 1), with the client's secrets scrubbed from
// what it returns, and reports it to the trace.
func (c *Client) once(ctx context.Context, cl call, n int) (*Frame, error) {
	if !c.tracing() {
		f, _, err := c.attempt(ctx, cl)
		return c.scrubAnswer(f, err)
	}
	ri := RequestInfo{Op: cl.op, Method: cl.method, Path: pathOf(cl.url), SessionID: cl.session,
		RequestID: cl.requestID, Attempt: n}
	start := c.traceRequest(ri)
	f, status, err := c.attempt(ctx, cl)
	f, err = c.scrubAnswer(f, err)
	c.traceAnswer(ri, start, status, f, err)
	return f, err
}

// attempt makes one attempt; status is the answer's HTTP status, 0 when none
// came.
func (c *Client) attempt(ctx context.Context, cl call) (f *Frame, status int, err error) {
	f, err = c.attemptStatus(ctx, cl, &status)
	return f, status, err
}

// attemptStatus is attempt, setting *status once an answer comes.
func (c *Client) attemptStatus(ctx context.Context, cl call, status *int) (*Frame, error) {
	var rd io.Reader
	if cl.body != nil {
		rd = bytes.NewReader(cl.body)
	}
	req, err := c.newRequest(ctx, cl.method, cl.url, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if cl.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var re *RedirectError
		if errors.As(err, &re) {
			return nil, re // a refused redirect: not a lost answer, never retried
		}
		return nil, &TransportError{Method: cl.method, URL: cl.url, Err: hideURL(err, cl.url)}
	}
	defer resp.Body.Close()
	*status = resp.StatusCode
	if cl.sink != nil && resp.StatusCode == http.StatusOK {
		return readPackedAnswer(cl, resp)
	}
	data, err := readBody(resp, 64<<20)
	if err != nil {
		return nil, &TransportError{Method: cl.method, URL: cl.url, Status: resp.StatusCode, Err: err}
	}
	f, err := parseAnswer(cl, resp.StatusCode, data)
	return f, withRetryAfter(err, resp.Header)
}

// newRequest is a request to u (an address the client made, with no user
// info) with the credentials: its headers, and the address's user info.
func (c *Client) newRequest(ctx context.Context, method, u string, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return nil, fmt.Errorf("vehicle: cannot build the %s request: %w", method, err)
	}
	req.URL.User = c.userinfo
	c.setHeaders(req.Header)
	return req, nil
}

// withoutUserinfo is a copy of u without user info.
func withoutUserinfo(u *url.URL) *url.URL {
	v := *u
	v.User = nil
	return &v
}

// hideURL replaces the address in net/http's *url.Error, which shows the
// request's user info, by the one the client made (which has none).
func hideURL(err error, u string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		ue.URL = u
	}
	return err
}

// parseAnswer turns an HTTP answer into a frame or an error: the one place
// where answers are mapped to errors.
func parseAnswer(cl call, status int, data []byte) (*Frame, error) {
	var f Frame
	if err := unmarshalFrame(data, &f); err != nil || f.Type == "" {
		if status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests ||
			status == http.StatusGatewayTimeout || status >= 500 && len(data) == 0 {
			return nil, &TransportError{Method: cl.method, URL: cl.url, Status: status,
				Err: fmt.Errorf("%s", snippet(data))}
		}
		if status >= 200 && status < 300 && len(data) == 0 {
			return &Frame{Protocol: Protocol}, nil
		}
		if status >= 200 && status < 300 && err == nil {
			// An unwrapped JSON answer (GET /account): hand it back as the value.
			return &Frame{Protocol: Protocol, Value: json.RawMessage(data)}, nil
		}
		return nil, &Error{Status: status, Code: codeForStatus(status), RequestID: cl.requestID,
			Message: fmt.Sprintf("the host answered HTTP %d with something that is not a frame: %s", status, snippet(data))}
	}
	if f.Type == TypeError {
		e := &Error{Status: status, Code: f.Code, Message: f.Message, Details: f.Details, RequestID: firstNonEmpty(f.RequestID, cl.requestID)}
		if e.Code == "" { // a malformed error frame: still a refusal, with a code
			e.Code = codeForStatus(status)
		}
		return &f, e
	}
	return &f, nil
}

// codeForStatus guesses a code for an error answer that carried no frame.
func codeForStatus(status int) string {
	for code, s := range codeStatus {
		if s == status && (code == CodeUnauthenticated || code == CodeNotFound || code == CodeInvalidRequest) {
			return code
		}
	}
	return fmt.Sprintf("http_%d", status)
}

// snippet is the start of a body, for messages.
func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	if s == "" {
		return "empty body"
	}
	return s
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// modelKeys is the model key a Client sends, guarded for requests that run
// while the person gives a new one, and every key it has sent, for Scrub.
type modelKeys struct {
	mu      sync.RWMutex
	current string
	all     []string // every key ever set, the current one included
}

// set replaces the key; "" stops sending one.
func (m *modelKeys) set(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.current = k
	if k != "" && !slices.Contains(m.all, k) {
		m.all = append(m.all, k)
	}
}

// get is the key to send, or "".
func (m *modelKeys) get() string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.current
}

// known is every key ever set, for scrubbing.
func (m *modelKeys) known() []string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return slices.Clone(m.all)
}

// SetModelKey sends k as X-Model-Key from the next request on, replacing the
// key WithModelKey or an earlier call gave; "" stops sending one. It is safe
// to call while other requests and streams run: a request already sent keeps
// the key it had, and a stream sends the new key when it next connects. The
// key stays in memory only, and Scrub hides it (and every earlier key) from
// what the client returns.
func (c *Client) SetModelKey(k string) { c.keys.set(strings.TrimSpace(k)) }

// ModelKey is the model key the client sends, "" when none. Callers must not
// print, draw or log it; it is here to save it where the person asked
// (the OS keyring).
func (c *Client) ModelKey() string { return c.keys.get() }
