package faultproxy

import (
	"bytes"
	"io"
	"net/http"
	"sync/atomic"
)

// DropAnswers forwards requests to target (an http:// base URL). The first n
// requests that match are carried out and their answers lost: the connection
// is closed without a response, as when a network drops an answer after the
// host acted. Dropped counts them.
type DropAnswers struct {
	Target  string
	Match   func(*http.Request) bool
	N       int64
	Dropped atomic.Int64
	tr      http.Transport
}

// ServeHTTP relays one request.
func (d *DropAnswers) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req, err := http.NewRequestWithContext(r.Context(), r.Method, d.Target+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	req.Header = r.Header.Clone()
	resp, err := d.tr.RoundTrip(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if d.Match != nil && d.Match(r) && d.take() {
		panic(http.ErrAbortHandler) // the host acted; its answer is lost
	}
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(data)
}

// take counts one more drop, unless N are done.
func (d *DropAnswers) take() bool {
	for {
		n := d.Dropped.Load()
		if n >= d.N {
			return false
		}
		if d.Dropped.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// Close closes the idle connections to the target.
func (d *DropAnswers) Close() { d.tr.CloseIdleConnections() }
