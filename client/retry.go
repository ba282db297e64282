package client

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy bounds the retries of a request whose answer was lost.
//
// This is the client's one retry policy; callers (a UI, the JSONL form)
// should not retry on their own:
//   - A lost answer (no connection, a cut, a proxy's 502/503/504 with no
//     frame, or a 429 with no frame: a rate limit in front of the host) is
//     retried with the very same request, for reads and for the ops the
//     host remembers by requestId (see Route.Retry), so the host replays a
//     request it already ran instead of running it twice. Delete is retried
//     too, and Client.Delete settles a retry the host answers not_found.
//   - When that answer says when to try again (Retry-After), the next
//     attempt waits that long instead of the backoff, if it is no longer
//     than MaxRetryAfter and the context's deadline allows it; otherwise
//     the request ends at once with a *TransportError whose RetryAfter
//     says when to try again.
//   - A prompt, follow_up or steer refused with delegation_required is sent
//     once more, with the same requestId, after one inspect has handed the
//     host the caller's delegation.
//   - A refusal is never retried otherwise: it is the caller's to act on.
type RetryPolicy struct {
	Attempts int           // total attempts, at least 1
	Base     time.Duration // first backoff
	Max      time.Duration // backoff cap
	// MaxRetryAfter is the longest Retry-After an attempt waits for
	// (0: DefaultMaxRetryAfter; negative: none is waited for).
	MaxRetryAfter time.Duration
}

// DefaultMaxRetryAfter is the longest Retry-After a request waits for
// unless its policy says otherwise.
const DefaultMaxRetryAfter = 30 * time.Second

// maxStreamRetryAfter bounds the Retry-After a Stream's reconnect waits for:
// a stream never gives up, but does not sleep for hours either.
const maxStreamRetryAfter = 5 * time.Minute

// DefaultRetry is the policy a new Client uses: five attempts, 100 ms doubling
// up to 2 s.
func DefaultRetry() RetryPolicy {
	return RetryPolicy{Attempts: 5, Base: 100 * time.Millisecond, Max: 2 * time.Second}
}

// maxRetryAfter is the longest Retry-After p waits for.
func (p RetryPolicy) maxRetryAfter() time.Duration {
	switch {
	case p.MaxRetryAfter == 0:
		return DefaultMaxRetryAfter
	case p.MaxRetryAfter < 0:
		return 0
	}
	return p.MaxRetryAfter
}

// send runs a call with the retry policy.
func (c *Client) send(ctx context.Context, cl call) (*Frame, error) {
	attempts := 1
	if cl.retry {
		attempts = c.retry.Attempts
	}
	var last *TransportError
	for i := 0; i < attempts; i++ {
		if i > 0 {
			if err := c.sleep(ctx, max(backoff(c.retry, i), last.RetryAfter)); err != nil {
				last.Err = errors.Join(last.Err, err)
				return nil, last
			}
		}
		f, err := c.once(ctx, cl, i+1)
		var te *TransportError
		if !errors.As(err, &te) {
			var e *Error
			if errors.As(err, &e) {
				e.Attempts = i + 1
			}
			return f, err
		}
		te.Attempts = i + 1
		last = te
		if ctx.Err() != nil || i+1 < attempts && !c.mayWait(ctx, te.RetryAfter) {
			break
		}
	}
	return nil, last
}

// mayWait reports whether the policy and ctx's deadline allow waiting d, a
// Retry-After (0 always may).
func (c *Client) mayWait(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	if d > c.retry.maxRetryAfter() {
		return false
	}
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > d
}

// backoff is the wait before attempt i (i >= 1).
func backoff(p RetryPolicy, i int) time.Duration {
	d := p.Base << (i - 1)
	if d > p.Max || d <= 0 {
		d = p.Max
	}
	return d
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// maxRetryAfterHeader bounds the Retry-After read from an answer (a week).
const maxRetryAfterHeader = 7 * 24 * time.Hour

// parseRetryAfter reads a Retry-After header, in seconds or as an HTTP
// date (against now); 0 when absent, unreadable or in the past.
func parseRetryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		d = time.Duration(min(max(n, 0), int64(maxRetryAfterHeader/time.Second))) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), maxRetryAfterHeader)
}

// withRetryAfter puts an answer's Retry-After on the error made of it: a
// transport failure or a refusal.
func withRetryAfter(err error, h http.Header) error {
	d := parseRetryAfter(h, time.Now())
	if d == 0 || err == nil {
		return err
	}
	var te *TransportError
	var e *Error
	switch {
	case errors.As(err, &te):
		te.RetryAfter = d
	case errors.As(err, &e):
		e.RetryAfter = d
	}
	return err
}

// retryAfterOf is the Retry-After an error carries, 0 when none.
func retryAfterOf(err error) time.Duration {
	var te *TransportError
	var e *Error
	switch {
	case errors.As(err, &te):
		return te.RetryAfter
	case errors.As(err, &e):
		return e.RetryAfter
	}
	return 0
}
