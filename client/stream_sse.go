package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptrace"
	"strconv"
	"time"
)

// dialSSE opens an SSE connection from the cursor and moves the link to
// streaming. A connection opened after a loss counts its replay.
func (s *Stream) dialSSE() error {
	k, err := s.connectSSE()
	if err != nil {
		return err
	}
	s.setConn(k)
	s.src = source{opened: time.Now(), counting: s.link.lost, from: s.cursor.Load()}
	s.apply(s.link.step(linkEvent{in: inOpened}))
	return nil
}

// connectSSE makes one SSE request with the credentials and Last-Event-ID
// and starts reading it. The silence watchdog is armed for the request too:
// response headers held back by a proxy count as silence.
func (s *Stream) connectSSE() (k *sseConn, answerErr error) {
	status := 0
	cursor := strconv.FormatInt(s.cursor.Load(), 10)
	u := s.c.baseURL(s.c.sessionsPath(s.id, "events")) + "?since=" + cursor
	ctx, cancel := context.WithCancel(s.ctx)
	body := &watchedBody{timeout: s.silence()}
	if s.o.Keepalive > 0 {
		body.dog = newWatchdog(body.timeout, s.o.Keepalive, cancel)
	}
	fail := func(err error) (*sseConn, error) {
		if body.dog != nil {
			body.dog.stop()
		}
		cancel()
		return nil, err
	}
	// The connection, to hold its arrivals back while the reader waits
	// (sseConn.wait); the reader starts after Do returns.
	trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) { body.hold = holder(i.Conn) }}
	req, err := s.c.newRequest(httptrace.WithClientTrace(ctx, trace), http.MethodGet, u, nil)
	if err != nil {
		return fail(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Cache-Control", "no-cache")
	req.Header.Set("Last-Event-ID", cursor)
	ri := RequestInfo{Op: OpWatch, Method: http.MethodGet, Path: req.URL.Path, SessionID: s.id, Attempt: 1, Stream: true}
	start := s.c.traceRequest(ri)
	resp, err := s.c.stream.Do(req)
	if s.c.trace.Answer != nil {
		defer func() { s.c.traceAnswer(ri, start, status, nil, answerErr) }()
	}
	if err != nil {
		if body.silent() {
			return fail(&StreamError{Kind: StreamSilent, Cursor: s.cursor.Load(), After: body.timeout})
		}
		return fail(&TransportError{Method: http.MethodGet, URL: u, Attempts: 1, Err: hideURL(err, u)})
	}
	status = resp.StatusCode
	if err := checkStream(u, resp); err != nil {
		return fail(err)
	}
	if body.dog != nil {
		body.dog.disarm() // from now on armed only while a read waits
	}
	body.rc = resp.Body
	return startConn(ctx, cancel, body, &s.pace), nil
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
		return &StreamError{Kind: StreamNotSSE, Status: st, Err: fmt.Errorf("answered %q, not text/event-stream", resp.Header.Get("Content-Type"))}
	case st == http.StatusNotAcceptable || st == http.StatusUnsupportedMediaType || st == http.StatusNotImplemented,
		(st == http.StatusNotFound || st == http.StatusMethodNotAllowed) && !framed:
		return &StreamError{Kind: StreamNotSSE, Status: st, Err: fmt.Errorf("%s", snippet(data))}
	}
	_, err := parseAnswer(call{method: http.MethodGet, url: u}, st, data)
	err = withRetryAfter(err, resp.Header)
	if err == nil {
		err = &TransportError{Method: http.MethodGet, URL: u, Status: st, Attempts: 1, Err: fmt.Errorf("%s", snippet(data))}
	}
	return err
}

// drop closes the SSE connection after a failure and tells the link, with
// the failure typed and whether the connection made progress: it delivered
// a durable event, or stayed up a silence window and did not go silent.
func (s *Stream) drop(err error) {
	s.setConn(nil)
	if s.ctx.Err() != nil {
		return
	}
	cursor := s.cursor.Load()
	var se *StreamError
	switch {
	case errors.As(err, &se):
		se.Cursor = cursor
	case errors.Is(err, io.EOF):
		err = &StreamError{Kind: StreamEnded, Cursor: cursor}
	default:
		err = &StreamError{Kind: StreamDropped, Cursor: cursor, Err: err}
	}
	progress := s.src.delivered ||
		(time.Since(s.src.opened) >= s.silence() && streamKind(err) != StreamSilent)
	s.apply(s.link.step(linkEvent{in: inDropped, err: err, progress: progress, now: time.Now()}))
}

// reconnect waits its turn and dials SSE again.
func (s *Stream) reconnect() {
	if s.wait(s.link.fails) != nil {
		return // ctx done: Next ends cleanly
	}
	if err := s.dialSSE(); err != nil {
		s.apply(s.link.step(linkEvent{in: inDialFailed, err: err, now: time.Now()}))
	}
}

// silence is how long an SSE connection may bring nothing, not even a
// keepalive: three keepalive intervals.
func (s *Stream) silence() time.Duration {
	if s.o.Keepalive <= 0 {
		return 3 * DefaultKeepalive
	}
	return 3 * s.o.Keepalive
}
