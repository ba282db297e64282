package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// redacted replaces a secret in text the client returns.
const redacted = "[redacted]"

// minSecret is the shortest secret Scrub hides: a shorter one would blank
// out ordinary words.
const minSecret = 4

// Scrub returns s with the values of this client's credentials (its token,
// visitor id, model key and the password of the gardend address) replaced by "[redacted]". The client scrubs every
// error it returns (Error's fields, the error frame Call returns, transport
// errors); callers that show other text from the host (events, replies)
// pass it through Scrub before they print, draw or log it.
func (c *Client) Scrub(s string) string {
	for _, v := range c.secrets() {
		if strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, redacted)
		}
	}
	return s
}

// secrets are the credential values to hide, each also as JSON escapes it.
func (c *Client) secrets() []string {
	var out []string
	password, _ := c.userinfo.Password()
	for _, v := range append([]string{c.token, c.visitorID, password}, c.keys.known()...) {
		if len(v) < minSecret {
			continue
		}
		out = append(out, v)
		if b, _ := json.Marshal(v); string(b[1:len(b)-1]) != v {
			out = append(out, string(b[1:len(b)-1]))
		}
	}
	return out
}

// scrubJSON hides the secrets inside raw JSON (details strings); the result
// stays JSON, since the replacement needs no escaping.
func (c *Client) scrubJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	s := c.Scrub(string(raw))
	if s == string(raw) || !json.Valid([]byte(s)) {
		if s != string(raw) {
			b, _ := json.Marshal(s) // keep it JSON whatever the host sent
			return b
		}
		return raw
	}
	return json.RawMessage(s)
}

// scrubbed is an error whose text had secrets removed. It does not unwrap
// to the original (whose text has them), only to the context's error when
// the original was one, so that errors.Is still sees a cancellation.
type scrubbed struct {
	msg string
	err error
}

// scrub hides the secrets in err's text; err itself when it has none.
func (c *Client) scrub(err error) error {
	msg := c.Scrub(err.Error())
	if msg == err.Error() {
		return err
	}
	s := &scrubbed{msg: msg}
	for _, ce := range []error{context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, ce) {
			s.err = ce
		}
	}
	return s
}

func (e *scrubbed) Error() string { return e.msg }
func (e *scrubbed) Unwrap() error { return e.err }

// scrubAnswer hides the secrets in what one attempt returns: the refusal,
// its frame, a transport failure, a refused redirect.
func (c *Client) scrubAnswer(f *Frame, err error) (*Frame, error) {
	if err == nil || len(c.secrets()) == 0 {
		return f, err
	}
	var e *Error
	var te *TransportError
	var re *RedirectError
	switch {
	case errors.As(err, &e):
		e.Code, e.Message, e.RequestID = c.Scrub(e.Code), c.Scrub(e.Message), c.Scrub(e.RequestID)
		e.Details = c.scrubJSON(e.Details)
		if f != nil {
			f.Code, f.Message, f.RequestID, f.Details = e.Code, e.Message, c.Scrub(f.RequestID), e.Details
		}
	case errors.As(err, &re):
		re.To = c.Scrub(re.To)
	case errors.As(err, &te):
		te.URL = c.Scrub(te.URL)
		if te.Err != nil {
			te.Err = c.scrub(te.Err)
		}
	default:
		err = c.scrub(err)
	}
	return f, err
}

// RedirectError is a redirect the client did not follow: to another origin
// (scheme, host or port) than the request's, or from https to http. The
// client never carries its credentials to an address the person did not
// give. It is not retried.
type RedirectError struct {
	Method string
	From   string // the request's address
	To     string // where the redirect pointed
	Reason string // "another origin" or "https to http"
}

// Error says where the redirect pointed and what to do.
func (e *RedirectError) Error() string {
	return fmt.Sprintf("vehicle: %s %s was redirected to %s (%s); not followed, so that your credentials go only where you sent them: if that address is the right one, use it as the gardend address",
		e.Method, e.From, e.To, e.Reason)
}

// origin is a URL's scheme, host and port, the port made explicit.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// plainURL is u as an error shows it: without user info.
func plainURL(u *url.URL) string { return withoutUserinfo(u).String() }

// maxRedirects is how many same-origin redirects a request follows.
const maxRedirects = 10

// guardRedirects returns a copy of h that follows a redirect only within the
// origin of the request (and never from https to http), then applies h's own
// redirect policy, if any.
func guardRedirects(h *http.Client) *http.Client {
	g := *h
	next := h.CheckRedirect
	g.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		first, prev := via[0], via[len(via)-1]
		switch {
		case prev.URL.Scheme == "https" && req.URL.Scheme != "https":
			return &RedirectError{Method: first.Method, From: plainURL(first.URL), To: plainURL(req.URL), Reason: "https to http"}
		case origin(req.URL) != origin(first.URL):
			return &RedirectError{Method: first.Method, From: plainURL(first.URL), To: plainURL(req.URL), Reason: "another origin"}
		case len(via) >= maxRedirects:
			return fmt.Errorf("vehicle: stopped after %d redirects from %s: check the gardend address", maxRedirects, plainURL(first.URL))
		case next != nil:
			return next(req, via)
		}
		return nil
	}
	return &g
}
