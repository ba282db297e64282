package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// notSSEError is a refusal of text/event-stream that a long-poll may get
// around: 406, 415, 501, a 404 or 405 without an error frame, or a 2xx that
// is not a stream.
type notSSEError struct {
	Status int
	Err    error
}

func (e *notSSEError) Error() string {
	return fmt.Sprintf("vehicle: the host does not stream events (HTTP %d: %v); watch by long-poll instead", e.Status, e.Err)
}

func (e *notSSEError) Unwrap() error { return e.Err }

// isPermanent reports whether err is a refusal that retrying will not cure: a
// 4xx error frame but 429.
func isPermanent(err error) bool {
	var e *Error
	var n *notSSEError
	if errors.As(err, &n) || !errors.As(err, &e) {
		return false
	}
	return e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests
}

func isNotSSE(err error) bool {
	var n *notSSEError
	return errors.As(err, &n)
}

// dialSSE opens an SSE connection from the cursor and reports streaming.
func (s *Stream) dialSSE() error {
	k, err := s.connectSSE(s.mode != ConnConnecting)
	if err != nil {
		return err
	}
	s.setConn(k)
	s.notSSE = false
	s.report(ConnState{Mode: ConnStreaming})
	return nil
}

// connectSSE makes one SSE request with the credentials and Last-Event-ID
// and starts reading it; resumed marks a reconnection (for
// ConnState.Replayed).
func (s *Stream) connectSSE(resumed bool) (*sseConn, error) {
	cursor := strconv.FormatInt(s.cursor.Load(), 10)
	u := s.c.baseURL(s.c.sessionsPath(s.id, "events")) + "?since=" + cursor
	ctx, cancel := context.WithCancel(s.ctx)
	body := &watchedBody{timeout: s.o.IdleTimeout, track: resumed}
	if body.timeout > 0 {
		// Armed for the request too: a host that never answers is dropped.
		body.idle = time.AfterFunc(body.timeout, func() { body.expired.Store(true); cancel() })
	}
	fail := func(err error) (*sseConn, error) {
		if body.idle != nil {
			body.idle.Stop()
		}
		cancel()
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fail(fmt.Errorf("vehicle: cannot build the stream request: %w", err))
	}
	s.c.setHeaders(req.Header)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Cache-Control", "no-cache")
	req.Header.Set("Last-Event-ID", cursor)
	resp, err := s.c.stream.Do(req)
	if err != nil {
		if body.expired.Load() {
			err = fmt.Errorf("no answer in %v", body.timeout)
		}
		return fail(&TransportError{Method: http.MethodGet, URL: u, Attempts: 1, Err: err})
	}
	if err := checkStream(u, resp); err != nil {
		return fail(err)
	}
	if body.idle != nil {
		body.idle.Stop() // from now on armed only while a read waits
	}
	body.rc = resp.Body
	return startConn(ctx, cancel, body), nil
}

// checkStream accepts a 200 text/event-stream answer; anything else is read
// (its error frame, if any), closed and turned into an error.
func checkStream(u string, resp *http.Response) error {
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.StatusCode == http.StatusOK && mt == "text/event-stream" {
		return nil
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	st := resp.StatusCode
	var f Frame
	framed := json.Unmarshal(data, &f) == nil && f.Type == TypeError
	switch {
	case st >= 200 && st < 300:
		return &notSSEError{Status: st, Err: fmt.Errorf("answered %q, not text/event-stream", resp.Header.Get("Content-Type"))}
	case st == http.StatusNotAcceptable || st == http.StatusUnsupportedMediaType || st == http.StatusNotImplemented,
		(st == http.StatusNotFound || st == http.StatusMethodNotAllowed) && !framed:
		return &notSSEError{Status: st, Err: fmt.Errorf("%s", snippet(data))}
	}
	_, err := parseAnswer(call{method: http.MethodGet, url: u}, st, data)
	if err == nil {
		err = &TransportError{Method: http.MethodGet, URL: u, Status: st, Attempts: 1, Err: fmt.Errorf("%s", snippet(data))}
	}
	return err
}

// drop closes the SSE connection after a failure and reports reconnecting.
func (s *Stream) drop(err error) {
	k := s.conn
	s.setConn(nil)
	if s.ctx.Err() != nil {
		return
	}
	if k != nil && k.alive() {
		s.fails = 0 // it was alive: this drop is the first failure
	}
	switch {
	case errors.Is(err, io.EOF):
		err = fmt.Errorf("vehicle: the host ended the event stream; resuming after seq %d", s.cursor.Load())
	case !strings.HasPrefix(err.Error(), "vehicle:"):
		err = fmt.Errorf("vehicle: the event stream dropped (%w); resuming after seq %d", err, s.cursor.Load())
	}
	s.failed(err)
}

// reconnect waits its turn and dials SSE again. A non-nil error ends the
// stream.
func (s *Stream) reconnect() error {
	if s.gaveUp() {
		return s.lastErr
	}
	if s.wait(s.fails) != nil {
		return nil // ctx done: Next ends cleanly
	}
	err := s.dialSSE()
	if err == nil {
		return nil
	}
	if isPermanent(err) || (isNotSSE(err) && s.o.Transport == TransportSSE) {
		return err
	}
	s.notSSE = isNotSSE(err)
	s.failed(err)
	return nil
}

// shouldRetrySSE reports whether a polling auto stream should try SSE again.
func (s *Stream) shouldRetrySSE() bool {
	return s.o.Transport == TransportAuto && s.o.SSERetry > 0 && time.Now().After(s.retrySSE)
}
