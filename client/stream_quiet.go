package client

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/sophia-labs/vehicle/internal/quiettime"
)

// A stream spends its life waiting: between two events, or two keepalives,
// the process should sleep. Read through net/http's default transport, each
// keepalive cost a few wake-ups more than the one of the thread that reads
// it (docs/benchmarks.md, "Quiet"): HTTP/2 reads every frame on a goroutine
// of its own and hands the data over to the reader; and every read is a
// system call that, when the process was idle, wakes Go's sysmon thread,
// which then polls every 20 µs until the process is idle again.
//
// So a client made without WithHTTPClient streams through a transport of
// its own: HTTP/1.1 (one connection per stream, read by the goroutine that
// decodes it), whose connections read their socket without telling the
// scheduler where they can (quietConn: a non-blocking read never blocks,
// so there is nothing for sysmon to watch). Its requests' connections read
// the same way.
//
// Neither transport closes an idle connection on a timer of its own (a
// runtime timer, 90 s after the last request, cost an idle UI some fifty
// context switches, sysmon's, docs/benchmarks.md): idleCloser does, on the
// quiet clock (internal/quiettime).

// arrivalHolder is a connection whose arrivals can be kept from waking the
// process while its reader waits by design (quietConn.holdArrivals, Linux's;
// holder finds it).
type arrivalHolder interface{ holdArrivals() bool }

// idleAfter is how long a connection may stay idle before it is closed, as
// net/http's default transport has it.
const idleAfter = 90 * time.Second

// newQuietClients are the HTTP clients of the requests and the streams of a
// client made without WithHTTPClient.
func newQuietClients() (requests, streams *http.Client) {
	return &http.Client{Transport: newIdleCloser(quietTransport(false), idleAfter)},
		&http.Client{Transport: newIdleCloser(quietTransport(true), idleAfter)}
}

// quietTransport is net/http's default transport with quiet connections and
// no idle timer; HTTP/1.1 only when http1 (the streams').
func quietTransport(http1 bool) *http.Transport {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.IdleConnTimeout = 0 // idleCloser closes them
	if http1 {
		tr.ForceAttemptHTTP2 = false
		tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{} // HTTP/1.1 only
	}
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return quiet(c), nil
	}
	return tr
}

// idleCloser closes its transport's idle connections once nothing went
// through it for a while: each request, and each answer read to its end or
// closed, puts the closing off again.
type idleCloser struct {
	tr    *http.Transport
	after time.Duration
	timer *quiettime.Timer
}

func newIdleCloser(tr *http.Transport, after time.Duration) *idleCloser {
	ic := &idleCloser{tr: tr, after: after}
	ic.timer = quiettime.AfterFunc(after, tr.CloseIdleConnections)
	ic.timer.Stop()
	return ic
}

// RoundTrip makes the request through the transport.
func (ic *idleCloser) RoundTrip(req *http.Request) (*http.Response, error) {
	ic.timer.Reset(ic.after)
	resp, err := ic.tr.RoundTrip(req)
	if resp != nil && resp.Body != nil {
		resp.Body = &idleTouch{ReadCloser: resp.Body, ic: ic}
	}
	return resp, err
}

// CloseIdleConnections closes the transport's idle connections now.
func (ic *idleCloser) CloseIdleConnections() { ic.tr.CloseIdleConnections() }

// idleTouch is an answer's body: read to its end or closed, its connection
// is idle from then on.
type idleTouch struct {
	io.ReadCloser
	ic *idleCloser
}

func (b *idleTouch) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.ic.timer.Reset(b.ic.after)
	}
	return n, err
}

func (b *idleTouch) Close() error {
	err := b.ReadCloser.Close()
	b.ic.timer.Reset(b.ic.after)
	return err
}
