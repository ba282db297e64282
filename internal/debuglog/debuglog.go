// Package debuglog is the --debug log of vehicle and vehicle-tui: a file in
// the state folder, never the terminal, with every request, stream change
// and lease change, and no credential.
package debuglog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
)

// EnvVar turns the debug log on like --debug: VEHICLE_DEBUG=1.
const EnvVar = "VEHICLE_DEBUG"

// FileName is the debug log's name in the state folder.
const FileName = "debug.log"

// maxPeek bounds the bytes of a request or an answer the log looks into for
// a requestId or lease changes.
const maxPeek = 1 << 20

// Log is the --debug log: logfmt lines appended to a file. Its methods do
// nothing on a nil Log.
type Log struct {
	l    *slog.Logger
	path string
	f    *os.File
}

// Wanted reports whether the debug log is asked for: by the --debug flag,
// or by VEHICLE_DEBUG=1 (or true) in env.
func Wanted(env config.Env, flag bool) bool {
	v, _ := env(EnvVar)
	return flag || v == "1" || strings.EqualFold(v, "true")
}

// Open opens the debug log in env's state folder, private to the user, and
// logs the start of the program with its version. The caller closes it.
func Open(env config.Env, version string) (*Log, error) {
	dir, err := config.StateDir(env)
	if err != nil {
		return nil, fmt.Errorf("--debug: %w", err)
	}
	if err := config.PrivateDir(dir); err != nil {
		return nil, fmt.Errorf("--debug: %w", err)
	}
	path := filepath.Join(dir, FileName)
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("--debug: %s is not a regular file (a link is never followed): remove it", path)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("--debug: cannot open the debug log: %w", err)
	}
	d := &Log{l: newLogger(f), path: path, f: f}
	d.Info("vehicle started", "version", version, "pid", os.Getpid())
	return d, nil
}

// newLogger writes logfmt lines to w: time, level, message, then the pairs.
func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && a.Value.Kind() == slog.KindTime {
				return slog.String(slog.TimeKey, a.Value.Time().Format(time.RFC3339Nano))
			}
			return a
		}}))
}

// Path is the log file's path; empty on a nil Log.
func (d *Log) Path() string {
	if d == nil {
		return ""
	}
	return d.path
}

// Info logs an event.
func (d *Log) Info(msg string, kv ...any) {
	if d != nil {
		d.l.Info(msg, kv...)
	}
}

// Error logs a failure.
func (d *Log) Error(msg string, kv ...any) {
	if d != nil {
		d.l.Error(msg, kv...)
	}
}

// ConnState logs a stream's connection change: connects, resumes (with how
// many events the host replayed), reconnects and falls back to long-poll.
func (d *Log) ConnState(cs client.ConnState) {
	if d == nil {
		return
	}
	kv := []any{"mode", cs.Mode.String()}
	if cs.Attempt > 0 {
		kv = append(kv, "attempt", cs.Attempt)
	}
	if cs.Replayed > 0 {
		kv = append(kv, "replayed", cs.Replayed)
	}
	if cs.Err != nil {
		kv = append(kv, "err", cs.Err)
	}
	d.Info("stream state", kv...)
}

// Close logs the end of the program and closes the file.
func (d *Log) Close() {
	if d != nil {
		d.Info("vehicle ended")
		_ = d.f.Close()
	}
}

// ClientOptions are the options every client of the program gets: with the
// log on, an HTTP client that logs each request; none with it off.
func (d *Log) ClientOptions() []client.Option {
	if d == nil {
		return nil
	}
	return []client.Option{client.WithHTTPClient(d.HTTPClient(&http.Client{}))}
}

// HTTPClient returns a copy of h whose requests go through the log, or h
// itself when the log is off.
func (d *Log) HTTPClient(h *http.Client) *http.Client {
	if d == nil {
		return h
	}
	base := h.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	c := *h
	c.Transport = &loggingTransport{base: base, log: d}
	return &c
}

// loggingTransport logs every request's method, path, status, duration and
// requestId, stream connects and resumes, and the lease changes in what
// comes back. It never logs a header's value, so no token, visitor id or
// model key reaches the log.
type loggingTransport struct {
	base http.RoundTripper
	log  *Log
}

// RoundTrip implements http.RoundTripper.
func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	req, rid := withRequestID(req)
	stream := strings.Contains(req.Header.Get("Accept"), "text/event-stream")
	kv := []any{"method", req.Method, "path", req.URL.Path}
	if rid != "" {
		kv = append(kv, "requestId", rid)
	}
	if stream {
		kv = append(kv, "stream", "sse", "since", req.URL.Query().Get("since"))
		if last := req.Header.Get("Last-Event-ID"); last != "" {
			kv = append(kv, "resume", last)
		}
	} else if strings.HasSuffix(req.URL.Path, "/events") {
		kv = append(kv, "stream", "long-poll", "since", req.URL.Query().Get("since"))
	}
	resp, err := t.base.RoundTrip(req)
	kv = append(kv, "duration", time.Since(start).Round(time.Microsecond))
	if err != nil {
		t.log.Error("request failed", append(kv, "err", err)...)
		return resp, err
	}
	t.log.Info("request", append(kv, "status", resp.StatusCode)...)
	if stream && resp.StatusCode == http.StatusOK {
		resp.Body = &sseTap{ReadCloser: resp.Body, log: t.log, path: req.URL.Path}
	} else if strings.Contains(resp.Header.Get("Content-Type"), "json") {
		resp.Body = &jsonTap{ReadCloser: resp.Body, log: t.log, path: req.URL.Path}
	}
	return resp, nil
}

// withRequestID finds the request's requestId, in its query or its JSON
// body, and returns a request whose body can still be read whole.
func withRequestID(req *http.Request) (*http.Request, string) {
	if rid := req.URL.Query().Get("requestId"); rid != "" || req.Body == nil || req.Body == http.NoBody {
		return req, rid
	}
	peek, err := io.ReadAll(io.LimitReader(req.Body, maxPeek))
	r2 := req.Clone(req.Context())
	r2.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(peek), req.Body), req.Body}
	if err != nil {
		return r2, ""
	}
	var b struct {
		RequestID string `json:"requestId"`
	}
	_ = json.Unmarshal(peek, &b)
	return r2, b.RequestID
}

// leaseChange reports whether an event or answer type changes a lease or
// says the host restarted.
func leaseChange(typ string) bool {
	return strings.HasPrefix(typ, "lease.") || strings.HasPrefix(typ, "driver.") || typ == "session.revived"
}

// sseTap logs the lease changes an SSE stream carries, and its end.
type sseTap struct {
	io.ReadCloser
	log  *Log
	path string
	line []byte
}

// Read implements io.Reader, scanning what passes for event: lines.
func (s *sseTap) Read(p []byte) (int, error) {
	n, err := s.ReadCloser.Read(p)
	s.scan(p[:n])
	if err != nil {
		s.log.Info("stream ended", "path", s.path, "err", err)
	}
	return n, err
}

// scan splits the bytes into lines and logs lease events.
func (s *sseTap) scan(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			if len(s.line) < 256 {
				s.line = append(s.line, b...)
			}
			return
		}
		line := append(s.line, b[:i]...)
		s.line = s.line[:0]
		b = b[i+1:]
		if typ, ok := bytes.CutPrefix(bytes.TrimRight(line, "\r"), []byte("event:")); ok {
			if t := strings.TrimSpace(string(typ)); leaseChange(t) {
				s.log.Info("lease change", "path", s.path, "event", t)
			}
		}
	}
}

// jsonTap keeps up to maxPeek bytes of a JSON answer and logs the lease
// changes in it when it is read to its end.
type jsonTap struct {
	io.ReadCloser
	log  *Log
	path string
	buf  bytes.Buffer
	done bool
}

// Read implements io.Reader.
func (j *jsonTap) Read(p []byte) (int, error) {
	n, err := j.ReadCloser.Read(p)
	if j.buf.Len() < maxPeek {
		j.buf.Write(p[:n])
	}
	if err == io.EOF && !j.done {
		j.done = true
		j.scan()
	}
	return n, err
}

// scan logs the answer's own type when it is a lease change, and those of
// the events a long-poll returned.
func (j *jsonTap) scan() {
	var f struct {
		Type  string `json:"type"`
		Value struct {
			Events []struct {
				Type string `json:"type"`
				Seq  int64  `json:"seq"`
			} `json:"events"`
		} `json:"value"`
	}
	dec := json.NewDecoder(&j.buf)
	for dec.Decode(&f) == nil {
		if leaseChange(f.Type) {
			j.log.Info("lease change", "path", j.path, "answer", f.Type)
		}
		for _, e := range f.Value.Events {
			if leaseChange(e.Type) {
				j.log.Info("lease change", "path", j.path, "event", e.Type, "seq", e.Seq)
			}
		}
		f.Type, f.Value.Events = "", nil
	}
}
